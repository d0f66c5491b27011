// Every core (issue 18): `GET /api/products` and the first product's page served by one process
// beside WEB_CONCURRENCY=2 (a node:cluster primary dealing connections to two workers on one
// port), on a fresh database with the demo shop. PostgreSQL only: PGlite runs one process. No
// target: the figures say what a second process buys on this machine, where the load generator
// shares the same cores. `DATABASE_URL=… node bench/web-concurrency.mjs` runs this section alone
// (after `npm run build`).
import { cpus } from "node:os";
import { pathToFileURL } from "node:url";
import { createDatabase } from "./databases.mjs";
import { measured, skipped } from "./figures.mjs";
import { getJson } from "./http-get.mjs";
import { BROWSER_HEADERS, invalidReason, load, loadFigures } from "./load.mjs";
import { cleanUp, removeDir, startApp, temporaryDir } from "./processes.mjs";
import { formatTable } from "./report.mjs";

const PROCESS_COUNTS = [1, 2];
const LABEL = "cores";

const targetsOf = (slug) => [
  { id: "api.products", label: "API GET /api/products", path: "/api/products", headers: {} },
  {
    id: "ssr.product",
    label: "SSR /products/{slug}",
    path: `/products/${slug}`,
    headers: BROWSER_HEADERS,
  },
];

/**
 * @param {{ databaseUrl: string | undefined, settings: import("./load.mjs").LoadSettings }} options
 */
export async function measureWebConcurrency({ databaseUrl, settings }) {
  const details = {};
  if (!databaseUrl) {
    const reason = "PGlite runs one process (set DATABASE_URL)";
    return {
      figures: [
        skipped(
          `${LABEL}.api.products.ratio`,
          `${LABEL}: API 2 processes/1`,
          "ratio",
          null,
          reason,
        ),
        skipped(
          `${LABEL}.ssr.product.ratio`,
          `${LABEL}: page 2 processes/1`,
          "ratio",
          null,
          reason,
        ),
      ],
      details,
      remarks: [],
    };
  }
  const database = await createDatabase(databaseUrl, "cores");
  const dataDir = temporaryDir("encore-bench-cores-");
  const figures = [];
  /** @type {Record<string, Record<number, import("./load.mjs").LoadResult>>} */
  const runs = {};
  try {
    for (const processes of PROCESS_COUNTS) {
      // The first start seeds the demo shop; the second finds it there.
      const app = await startApp({
        DATABASE_URL: database.url,
        DEMO_DATA: "true",
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: String(processes),
      });
      try {
        const slug = (await getJson(`${app.url}/api/products`)).json?.data?.[0]?.slug;
        if (!slug) throw new Error("the demo shop has no product");
        for (const target of targetsOf(slug)) {
          console.log(`Measuring ${target.path} with ${processes} process(es)…`);
          const run = await load(app.url, [target.path], settings, target.headers);
          runs[target.id] = { ...runs[target.id], [processes]: run };
          const label = `${LABEL}: ${target.label}, ${processes} process${processes > 1 ? "es" : ""}`;
          figures.push(...loadFigures(`${LABEL}.${processes}.${target.id}`, label, run));
        }
      } finally {
        await app.stop();
      }
    }
    for (const [id, byCount] of Object.entries(runs)) {
      const [one, two] = PROCESS_COUNTS.map((count) => byCount[count]);
      if (!one || !two) continue;
      figures.push(
        measured(
          `${LABEL}.${id}.ratio`,
          `${LABEL}: ${id === "api.products" ? "API" : "page"} req/s, 2 processes/1`,
          two.requestsPerSecond / one.requestsPerSecond,
          "ratio",
          null,
          invalidReason(one) ?? invalidReason(two),
        ),
      );
    }
    details.runs = runs;
  } finally {
    removeDir(dataDir);
    await database.drop();
  }
  return {
    figures,
    details,
    remarks: [
      `Cores: ${cpus().length} CPUs here, shared by the load generator and the processes measured.`,
    ],
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const settings = { connections: 20, duration: 6, warmup: 2 };
  const databaseUrl = process.env.DATABASE_URL || undefined;
  try {
    const result = await measureWebConcurrency({ databaseUrl, settings });
    console.log(
      formatTable({
        database: { description: databaseUrl ? "PostgreSQL" : "PGlite" },
        machine: { node: process.version, cpus: cpus().length },
        settings,
        figures: result.figures,
        remarks: result.remarks,
      }),
    );
  } finally {
    await cleanUp();
  }
}
