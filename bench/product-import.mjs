// Product CSV import (issue 14): a file of 1,000 new products with 2 variants each (2,000 rows),
// posted to `POST /api/staff/products/import` as staff would, first as a dry run, then for real,
// in a fresh database with the demo shop. The baseline, in the same run, is the same upload
// refused at its header (an unknown column): what the request costs before a row is read
// (sign-in check, multipart, reading the CSV), so the ratio says how much the rows themselves
// cost on this machine. Target: the real import ≤ 2,000 ms on PostgreSQL.
import { apiClient } from "../common/api/client.mjs";
import { DEMO_STAFF, signIn } from "./accounts.mjs";
import { createDatabase } from "./databases.mjs";
import { atMost, measured, skipped } from "./figures.mjs";
import { removeDir, startApp, temporaryDir } from "./processes.mjs";

export const IMPORT_PRODUCTS = 1000;
const LABEL = "import";

const target = (onPostgres) => atMost(2000, "ms", onPostgres, " on PostgreSQL");

const cell = (text) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** 1,000 products, each with a row per size, all new (their slugs and SKUs carry `stamp`). */
function importFile(band, sizes, stamp) {
  const header = [
    "slug",
    "title",
    "band",
    "type",
    "status",
    "sku",
    "price",
    "stock",
    "option:Size",
  ];
  const lines = [header.join(",")];
  for (let n = 1; n <= IMPORT_PRODUCTS; n += 1) {
    const slug = `bench-${stamp}-tee-${n}`;
    for (const [index, size] of sizes.entries()) {
      const own = index === 0 ? [`Bench Tee ${n}`, band, "t-shirt", "published"] : ["", "", "", ""];
      lines.push(
        [slug, ...own, `BENCH-${stamp}-${n}-${size}`, "25.00", "10", size].map(cell).join(","),
      );
    }
  }
  return `${lines.join("\n")}\n`;
}

async function post(url, token, csv, dryRun) {
  const form = new FormData();
  form.append("file", new Blob([csv], { type: "text/csv" }), "products.csv");
  form.append("dryRun", String(dryRun));
  const started = performance.now();
  const { data, error, response } = await apiClient(url, { token }).POST(
    "/api/staff/products/import",
    { body: form },
  );
  return { status: response.status, json: data ?? error, ms: performance.now() - started };
}

/** A band of the demo shop and two values of its Size option. */
async function demoReferences(url, token) {
  const staff = apiClient(url, { token });
  const staffGet = async (path, query) => {
    const { data, response } = await staff.GET(path, { params: { query } });
    return response.status === 200 ? data.data : [];
  };
  const bands = await staffGet("/api/staff/brands", { perPage: 1 });
  const size = (await staffGet("/api/staff/product-attribute-types", { perPage: 100 })).find(
    (type) => type.title === "Size",
  );
  const values = size
    ? await staffGet("/api/staff/product-attributes", { type: String(size.id), perPage: 2 })
    : [];
  return { band: bands[0]?.slug, sizes: values.map((value) => value.title) };
}

const allSkipped = (reason, onPostgres) => [
  skipped(
    `${LABEL}.real`,
    `${LABEL}: 1,000 new products (2,000 rows)`,
    "ms",
    target(onPostgres),
    reason,
  ),
];

/**
 * Runs the phase in a fresh PostgreSQL database beside `databaseUrl`'s (dropped afterwards) or a
 * fresh PGlite folder. Never throws for what it measures.
 * @param {{ databaseUrl: string | undefined }} options
 */
export async function measureProductImport({ databaseUrl }) {
  const onPostgres = Boolean(databaseUrl);
  const dataDir = temporaryDir("encore-bench-import-");
  let database;
  let app;
  try {
    database = onPostgres ? await createDatabase(databaseUrl, "import") : undefined;
    console.log(
      `Product import: fresh ${database ? `PostgreSQL database ${database.name}` : "PGlite folder"}, demo shop`,
    );
    app = await startApp({ DATA_DIR: dataDir, DATABASE_URL: database?.url, DEMO_DATA: "true" });
    const { token } = await signIn(app.url, "/api/login-admin", DEMO_STAFF);
    if (!token) return { figures: allSkipped("staff sign-in failed", onPostgres), details: {} };
    const { band, sizes } = await demoReferences(app.url, token);
    if (!band || sizes.length < 2)
      return { figures: allSkipped("no band or Size values in the shop", onPostgres), details: {} };
    const stamp = Date.now().toString(36).toUpperCase();
    const csv = importFile(band, sizes.slice(0, 2), stamp);
    const refusedCsv = csv.replace(/^slug,/, "not_a_column,");

    // Warm-up: the import path compiled once, on a small file of other products.
    await post(
      app.url,
      token,
      importFile(band, sizes.slice(0, 2), `${stamp}W`).slice(0, 2000),
      true,
    );
    console.log(
      `Product import: ${IMPORT_PRODUCTS} products × 2 variants, baseline, dry run, real…`,
    );
    const baseline = await post(app.url, token, refusedCsv, true);
    const dry = await post(app.url, token, csv, true);
    const real = await post(app.url, token, csv, false);
    const created = real.json?.data?.products?.create;
    const wrongReal =
      real.status !== 200 || created !== IMPORT_PRODUCTS
        ? `the import answered ${real.status} with ${created ?? "no"} products created`
        : undefined;
    const wrongDry =
      dry.status !== 200 || dry.json?.data?.products?.create !== IMPORT_PRODUCTS
        ? `the dry run answered ${dry.status}`
        : undefined;
    const wrongBaseline = baseline.status !== 422 ? `answered ${baseline.status}` : undefined;
    return {
      figures: [
        measured(
          `${LABEL}.baseline`,
          `${LABEL}: baseline (same upload, refused at its header)`,
          baseline.ms,
          "ms",
          null,
          wrongBaseline,
        ),
        measured(
          `${LABEL}.dry`,
          `${LABEL}: dry run, 1,000 new products (2,000 rows)`,
          dry.ms,
          "ms",
          null,
          wrongDry,
        ),
        measured(
          `${LABEL}.real`,
          `${LABEL}: 1,000 new products (2,000 rows)`,
          real.ms,
          "ms",
          target(onPostgres),
          wrongReal,
        ),
        measured(
          `${LABEL}.ratio`,
          `${LABEL}: real import/baseline`,
          real.ms / baseline.ms,
          "ratio",
          null,
          wrongReal ?? wrongBaseline,
        ),
      ],
      details: {
        bytes: csv.length,
        baseline,
        dry: { status: dry.status, ms: dry.ms },
        real: { status: real.status, ms: real.ms },
      },
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`Product import: skipped: ${reason}`);
    return { figures: allSkipped(reason, onPostgres), details: {} };
  } finally {
    await app?.stop();
    await database?.drop();
    removeDir(dataDir);
  }
}
