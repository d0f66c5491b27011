import { useEffect, useId, useRef } from "react";
import type { ProductImportChange, ProductImportSummary } from "../../../common/product-csv";
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
import { ScrollRegion } from "../../components/ui/scroll-region";
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
  [
    "stock",
    "Units in stock; empty keeps the shop's (a new variant: 0). A count read before a later sale, return or edit is refused: it would undo it.",
  ],
  [
    "stock_version",
    "Leave it as the export wrote it: it tells whether the stock has changed since. A file without it cannot set the stock of existing variants.",
  ],
  [
    "stock_adjustment",
    "Units to add for a delivery (+5) or take off (-2), onto the stock when you import; never below 0. Leave stock empty on that row. Check the file first: the import adds it once.",
  ],
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

/** Long cells (a description) cut short in the table; the API answers them whole. */
const shortened = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/** Every field the file changes, a line each, by row: the shop's value now and the file's. */
function ChangesTable({
  changes,
  shown = 500,
}: {
  changes: ProductImportChange[];
  shown?: number;
}) {
  const lines = changes.flatMap((change) => change.fields.map((field) => ({ change, field })));
  const captionId = useId();
  return (
    <ScrollRegion labelledBy={captionId} className="rounded-lg ring-1 ring-line">
      <table className="w-full text-left text-sm">
        <caption id={captionId} className="px-4 py-3 text-left font-bold">
          Changes by row (the header is row 1)
        </caption>
        <thead className="border-y border-line bg-zinc-50">
          <tr>
            <th scope="col" className="px-2 py-2 sm:px-4">
              Row and SKU
            </th>
            <th scope="col" className="px-2 py-2 sm:px-4">
              Column
            </th>
            <th scope="col" className="px-2 py-2 sm:px-4">
              Now
            </th>
            <th scope="col" className="px-2 py-2 sm:px-4">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.slice(0, shown).map(({ change, field }) => (
            <tr
              key={`${change.row}-${field.field}`}
              className="border-b border-line last:border-0 align-top"
            >
              <th scope="row" className="px-2 py-2 font-semibold sm:px-4">
                {change.row}
                {/* A product's own row without a variant is named by its slug. */}
                <span className="block font-mono font-normal break-all">
                  {change.sku ?? change.slug}
                </span>
              </th>
              <td className="px-2 py-2 font-mono break-all sm:px-4">{field.field}</td>
              <td className="px-2 py-2 break-words sm:px-4">
                {field.old === null ? (
                  <span className="text-muted">(new)</span>
                ) : field.old === "" ? (
                  <span className="text-muted">(empty)</span>
                ) : (
                  shortened(field.old)
                )}
              </td>
              <td className="px-2 py-2 break-words sm:px-4">
                {field.new === "" ? (
                  <span className="text-muted">(empty)</span>
                ) : (
                  shortened(field.new)
                )}
                {field.adjustment !== undefined && (
                  <span className="block text-muted">
                    {field.adjustment > 0 ? "+" : "−"}
                    {Math.abs(field.adjustment)} when imported
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {lines.length > shown && (
        <p className="px-4 py-3 text-sm text-muted">
          And {countOf(lines.length - shown, "more change")}.
        </p>
      )}
    </ScrollRegion>
  );
}

/** What the file would do (or, for a refused import, what it would have done), and its errors. */
function ImportResult({ summary, fileName }: { summary: ProductImportSummary; fileName?: string }) {
  const { errors, changes } = summary;
  // After a check, focus goes to its verdict, so keyboard and screen-reader users land on it.
  const verdictRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each check's answer is a new summary, and each moves focus once.
  useEffect(() => {
    verdictRef.current?.focus();
  }, [summary]);
  const name = fileName ? `“${fileName}”` : "The file";
  const verdict = errors.length
    ? `${name} has ${countOf(errors.length, "error")}: nothing was written. Correct ${errors.length === 1 ? "it" : "them"} and ${summary.dryRun ? "check" : "import"} the file again.`
    : `${name} has no errors. Nothing is written until you import it.`;
  return (
    <Card title={summary.dryRun ? "Check of the file" : "Not imported"}>
      <div
        ref={verdictRef}
        tabIndex={-1}
        className="rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        <FormMessage type={errors.length ? "error" : "success"}>{verdict}</FormMessage>
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div>
          <dt className="font-semibold">Rows</dt>
          <dd className="text-muted">{summary.rows.toLocaleString("en-GB")}</dd>
        </div>
        <Counts label="Products" counts={summary.products} />
        <Counts label="Variants" counts={summary.variants} />
      </dl>
      {errors.length > 0 && <CsvErrorTable errors={errors} />}
      {changes.length > 0 && <ChangesTable changes={changes} />}
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
          hidden={
            result?.summary?.confirmation ? { confirm: result.summary.confirmation } : undefined
          }
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
