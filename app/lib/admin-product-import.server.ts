import { data } from "react-router";
import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_ROWS,
  type ProductImportSummary,
} from "../../common/product-csv";
import { exportProductsRoute, importProductsRoute } from "../../server/catalog/staff-api.ts";
import { mayCall, redirectWithFlash, type ScreenContext } from "./admin-resource.server";
import { runFormRoute } from "./form-route.server";

/** The catalogue's CSV routes (server/catalog/staff-api.ts), which the screen runs in process. */
const routes = {
  export: exportProductsRoute,
  import: importProductsRoute,
};

export const PRODUCT_IMPORT_PATH = "/admin/products/import";

/** What the import screen's action answers when it does not redirect. */
export type ProductImportActionData = {
  /** The file's check (a dry run), or a real import that found errors and wrote nothing. */
  summary?: ProductImportSummary;
  fileName?: string;
  /** A form that could not be run: a file refused whole (too large, not CSV), no file. */
  message?: string;
  errors?: Record<string, string[]>;
};

/** The import screen: the limits, the export's address, and whether this member may import. */
export function productImportScreen(context: ScreenContext) {
  return {
    exportHref: "/api/staff/products/export.csv",
    canExport: mayCall(routes.export, context),
    canImport: mayCall(routes.import, context),
    limits: { maxBytes: CSV_IMPORT_MAX_BYTES, maxRows: CSV_IMPORT_MAX_ROWS },
  };
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** "2 products added, 1 changed; 5 variants added" */
export function importedSentence(summary: ProductImportSummary): string {
  const part = (counts: ProductImportSummary["products"], noun: string) => {
    const done = [
      counts.create ? `${plural(counts.create, noun)} added` : "",
      counts.update ? `${plural(counts.update, noun)} changed` : "",
    ].filter(Boolean);
    return done.join(", ");
  };
  const parts = [part(summary.products, "product"), part(summary.variants, "variant")].filter(
    Boolean,
  );
  return parts.length ? parts.join("; ") : "nothing needed changing";
}

/**
 * The import screen's action: the multipart form runs the API's import route in process (its
 * validation, access rule and service), so the page and the API answer alike. A dry run, or an
 * import with errors, shows the summary and every row's errors; a clean import goes back to the
 * screen with what it did.
 */
export async function productImportAction({
  request,
  context,
}: {
  request: Request;
  context: ScreenContext;
}) {
  const result = await runFormRoute(routes.import, request, context, { area: "staff" });
  if (!result.ok)
    return data<ProductImportActionData>(
      { message: result.message, errors: result.errors },
      { status: result.status, headers: result.headers },
    );
  const summary = result.value;
  const file = result.form.get("file");
  const fileName = file instanceof File ? file.name : undefined;
  if (!summary.dryRun && summary.errors.length === 0)
    return redirectWithFlash(
      context,
      PRODUCT_IMPORT_PATH,
      `Imported ${fileName ? `“${fileName}”` : "the file"}: ${importedSentence(summary)}.`,
    );
  return data<ProductImportActionData>(
    { summary, fileName },
    // As the API answers: a real import with errors is a 422, and wrote nothing.
    { status: summary.dryRun ? 200 : 422 },
  );
}
