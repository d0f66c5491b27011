import type { ProductImportSummary } from "../../../common/product-csv";
import {
  CsvColumns,
  CsvErrorTable,
  CsvUploadCard,
  countOf,
} from "../../components/admin/csv-upload";
import { ScreenError } from "../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../components/admin/screen-header";
import { buttonClasses } from "../../components/ui/button";
import { FormMessage } from "../../components/ui/form";
import { productImportAction, productImportScreen } from "../../lib/admin-product-import.server";
import { formPageHeaders } from "../../lib/form-headers";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/products-import";

export const meta = screenMeta("Import products", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = ({ context }: Route.LoaderArgs) => productImportScreen(context);

export const action = (args: Route.ActionArgs) => productImportAction(args);

const BACK = { to: "/admin/products", label: "Products" };

const COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ["slug", "The product's address (/products/slug): rows with the same slug are one product."],
  ["title, band, type", "Its title, its band's slug and its type (t-shirt, hoodie, poster …)."],
  ["status", "draft, published or archived; empty keeps the shop's (a new product: draft)."],
  ["tags", "Comma-separated: tour-2026, organic."],
  ["vat_rate", "Whole percent; empty keeps the shop's (a new product: its type's rate)."],
  [
    "release_date, billing_model",
    "YYYY-MM-DD or empty; a billing model's name, or empty for one-off.",
  ],
  ["seo_title, seo_description, description", "As on the product form (description in HTML)."],
  ["sku", "Finds the variant; a new SKU adds one. Every variant row needs one."],
  ["price, compare_at_price", "In pounds with pence: 25.00. Empty compare-at: not on sale."],
  ["stock", "Units in stock; empty keeps the shop's (a new variant: 0)."],
  ["option:Size, option:Colour …", "The variant's value of each option, by its name (M, Black)."],
];

function Counts({ label, counts }: { label: string; counts: ProductImportSummary["products"] }) {
  return (
    <div>
      <dt className="font-semibold">{label}</dt>
      <dd className="text-muted">
        {counts.create.toLocaleString("en-GB")} to add, {counts.update.toLocaleString("en-GB")} to
        change, {counts.unchanged.toLocaleString("en-GB")} unchanged
      </dd>
    </div>
  );
}

/** What the file would do (or, for a refused import, what it would have done), and its errors. */
function ImportResult({ summary, fileName }: { summary: ProductImportSummary; fileName?: string }) {
  const { errors } = summary;
  const name = fileName ? `“${fileName}”` : "The file";
  const verdict = errors.length
    ? `${name} has ${countOf(errors.length, "error")}: nothing was written. Correct ${errors.length === 1 ? "it" : "them"} and ${summary.dryRun ? "check" : "import"} the file again.`
    : `${name} has no errors. Nothing is written until you import it.`;
  return (
    <Card title={summary.dryRun ? "Check of the file" : "Not imported"}>
      <FormMessage type={errors.length ? "error" : "success"}>{verdict}</FormMessage>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="font-semibold">Rows</dt>
          <dd className="text-muted">{summary.rows.toLocaleString("en-GB")}</dd>
        </div>
        <Counts label="Products" counts={summary.products} />
        <Counts label="Variants" counts={summary.variants} />
      </dl>
      {errors.length > 0 && <CsvErrorTable errors={errors} />}
    </Card>
  );
}

export default function ProductImport({ loaderData, actionData }: Route.ComponentProps) {
  const { exportHref, canExport, canImport, limits } = loaderData;
  const result = actionData && "summary" in actionData ? actionData : undefined;
  const refused = actionData && !result ? actionData : undefined;
  return (
    <>
      <ScreenHeader
        title="Import products"
        intro="Add and change products and their variants from a CSV file: one row per variant, in the columns of the export."
        back={BACK}
        actions={
          canExport && (
            <a href={exportHref} download className={buttonClasses("secondary", "sm")}>
              Export CSV
            </a>
          )
        }
      />
      <div className="space-y-6">
        <CsvUploadCard
          title="Check or import a file"
          description="Check the file first: it lists every row's errors and writes nothing. An import with any error writes nothing either."
          refused={refused}
          limits={limits}
          allowed={canImport}
          actionLabel="Import"
          pendingLabel="Importing…"
          hint="Without JavaScript, choose the file again after a check to import it."
        />
        {result?.summary && <ImportResult summary={result.summary} fileName={result.fileName} />}
        <CsvColumns
          columns={COLUMNS}
          description="The export's columns, which the import reads. Columns left out of a file leave those fields as they are; unknown columns are refused."
        >
          <p className="text-sm text-muted">
            A product's own columns are read from its first row that fills them; its other rows may
            leave them empty. A cell that starts with an apostrophe before =, +, - or @ (as the
            export writes formulas, so spreadsheets do not run them) is read without it.
          </p>
        </CsvColumns>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={BACK} />;
}
