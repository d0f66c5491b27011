import { useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import type { ProductImportSummary } from "../../../common/product-csv";
import { ScreenError } from "../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../components/admin/screen-header";
import { Button, buttonClasses } from "../../components/ui/button";
import { FormMessage, TextField } from "../../components/ui/form";
import { productImportAction, productImportScreen } from "../../lib/admin-product-import.server";
import { formPageHeaders } from "../../lib/form-headers";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/products-import";

export const meta = screenMeta("Import products", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = ({ context }: Route.LoaderArgs) => productImportScreen(context);

export const action = (args: Route.ActionArgs) => productImportAction(args);

const BACK = { to: "/admin/products", label: "Products" };

/** How many rows (and errors) the page lists; a bigger file's errors are summed up below. */
const SHOWN_ERRORS = 500;

const count = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

const COLUMNS: Array<[string, string]> = [
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
    ? `${name} has ${count(errors.length, "error")}: nothing was written. Correct ${errors.length === 1 ? "it" : "them"} and ${summary.dryRun ? "check" : "import"} the file again.`
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
      {errors.length > 0 && (
        <div className="overflow-x-auto rounded-lg ring-1 ring-line">
          <table className="w-full text-left text-sm">
            <caption className="px-4 py-3 text-left font-bold">
              Errors by row (the header is row 1)
            </caption>
            <thead className="border-y border-line bg-zinc-50">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Row
                </th>
                <th scope="col" className="px-4 py-2">
                  Column
                </th>
                <th scope="col" className="px-4 py-2">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody>
              {errors.slice(0, SHOWN_ERRORS).map((error) => (
                <tr
                  key={`${error.row}-${error.field}-${error.message}`}
                  className="border-b border-line last:border-0"
                >
                  <th scope="row" className="px-4 py-2 font-semibold whitespace-nowrap">
                    {error.row}
                  </th>
                  <td className="px-4 py-2 font-mono whitespace-nowrap">{error.field}</td>
                  <td className="px-4 py-2">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {errors.length > SHOWN_ERRORS && (
            <p className="px-4 py-3 text-sm text-muted">
              And {count(errors.length - SHOWN_ERRORS, "more error")}: correct these first.
            </p>
          )}
        </div>
      )}
    </Card>
  );
}

export default function ProductImport({ loaderData, actionData }: Route.ComponentProps) {
  const { exportHref, canExport, canImport, limits } = loaderData;
  const navigation = useNavigation();
  const location = useLocation();
  const sending =
    navigation.state === "submitting" && navigation.formAction?.startsWith(location.pathname);
  const dryRun = navigation.formData?.get("dryRun");
  const result = actionData && "summary" in actionData ? actionData : undefined;
  const refused = actionData && !result ? actionData : undefined;
  // Told before a byte is sent; without JavaScript, the import says the same after.
  const [tooBig, setTooBig] = useState<string>();
  const megabytes = limits.maxBytes / (1024 * 1024);
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
        <Card
          title="Check or import a file"
          description="Check the file first: it lists every row's errors and writes nothing. An import with any error writes nothing either."
        >
          {refused?.message && <FormMessage type="error">{refused.message}</FormMessage>}
          <Form
            method="post"
            encType="multipart/form-data"
            className="space-y-5"
            onSubmit={(event) => {
              const file = new FormData(event.currentTarget).get("file");
              const big = file instanceof File && file.size > limits.maxBytes;
              setTooBig(
                big
                  ? `The file is larger than ${megabytes} MB: split it into smaller files.`
                  : undefined,
              );
              if (big) event.preventDefault();
            }}
          >
            <TextField
              name="file"
              type="file"
              label="CSV file"
              accept=".csv,text/csv"
              required
              hint={`UTF-8 CSV, up to ${megabytes} MB and ${limits.maxRows.toLocaleString("en-GB")} rows. Without JavaScript, choose the file again after a check to import it.`}
              errors={[
                ...(tooBig ? [tooBig] : []),
                ...(refused?.errors?.file ?? []),
                ...(refused?.errors?.dryRun ?? []),
              ]}
            />
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                name="dryRun"
                value="true"
                variant="secondary"
                disabled={!canImport}
                pending={sending && dryRun === "true"}
                pendingLabel="Checking…"
              >
                Check file
              </Button>
              <Button
                type="submit"
                name="dryRun"
                value="false"
                disabled={!canImport}
                pending={sending && dryRun === "false"}
                pendingLabel="Importing…"
              >
                Import
              </Button>
            </div>
          </Form>
        </Card>
        {result?.summary && <ImportResult summary={result.summary} fileName={result.fileName} />}
        <Card
          title="The columns"
          description="The export's columns, which the import reads. Columns left out of a file leave those fields as they are; unknown columns are refused."
        >
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
            {COLUMNS.map(([name, meaning]) => (
              <div key={name} className="contents">
                <dt className="font-mono font-semibold">{name}</dt>
                <dd className="text-muted">{meaning}</dd>
              </div>
            ))}
          </dl>
          <p className="text-sm text-muted">
            A product's own columns are read from its first row that fills them; its other rows may
            leave them empty. A cell that starts with an apostrophe before =, +, - or @ (as the
            export writes formulas, so spreadsheets do not run them) is read without it.
          </p>
        </Card>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={BACK} />;
}
