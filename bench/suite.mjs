// The measurements of `npm run bench`, in order: API against the baseline, SSR pages, page weight,
// one process against WEB_CONCURRENCY=2 on PostgreSQL, checkout contention, product import, drop day on PostgreSQL, then the large catalogue on
// PostgreSQL (or with --large). Every load run is short and on loopback against the production
// build in its own process.
import { cpus } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { DEMO_CUSTOMER, signIn } from "./accounts.mjs";
import { measureCheckoutContention } from "./checkout-contention.mjs";
import { measureDropDay } from "./drop-day.mjs";
import { atLeast, atMost, measured, skipped } from "./figures.mjs";
import { get, getJson } from "./http-get.mjs";
import { measureLargeCatalogue } from "./large-catalogue.mjs";
import { BROWSER_HEADERS, invalidReason, load, loadFigures } from "./load.mjs";
import { cpuBusyShare } from "./machine.mjs";
import { measureMainThread } from "./main-thread.mjs";
import { pageWeight } from "./page-weight.mjs";
import {
  cleanUp,
  isStopping,
  removeDir,
  residentBytes,
  startApp,
  startBaseline,
  temporaryDir,
  watchResidentMemory,
} from "./processes.mjs";
import { measureProductImport } from "./product-import.mjs";
import { formatTable, writeResults } from "./report.mjs";
import { measureWebConcurrency } from "./web-concurrency.mjs";

const KB = 1024;
// Above this share of CPU used by other work (measured while the bench is idle) figures are noisy.
const BUSY_MACHINE = 0.15;
const MB = 1024 * 1024;
// Steady RSS is read once the load runs are over and the server has been idle this long.
const SETTLE_MS = 2000;
// Hop-by-hop and per-response headers the baseline sets itself rather than replaying.
const NOT_REPLAYED = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "date",
  "content-length",
]);

const USAGE = `Usage: npm run bench [-- options]
  --large              also measure the 100,000-product catalogue on PGlite
  --skip-large         leave out the large catalogue on PostgreSQL
  --only api           only the API figures against the baseline (and the server's memory)
  --only pages         the API, page and weight figures on the demo shop, no later phase
  --only drop-day      only drop day (PostgreSQL)
  --only large         only the large catalogue
  --large-database <url>  measure this PostgreSQL database, already seeded with
                       --products 100000 and analysed, instead of seeding a fresh one
  --connections <n>    connections per load run (default 20)
  --duration <s>       seconds per measured run (default 6)
  --warmup <s>         seconds of unmeasured warm-up before each run (default 2)
  --trace-runs <n>     traced loads of each storefront page for the main-thread figures (default 3)
Uses PostgreSQL when DATABASE_URL is set, PGlite in a temporary folder otherwise.`;

function parseOptions(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      large: { type: "boolean", default: false },
      "skip-large": { type: "boolean", default: false },
      only: { type: "string" },
      "large-database": { type: "string" },
      "trace-runs": { type: "string", default: "3" },
      connections: { type: "string", default: "20" },
      duration: { type: "string", default: "6" },
      warmup: { type: "string", default: "2" },
      help: { type: "boolean", default: false },
    },
  });
  const settings = {
    connections: Number(values.connections),
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    traceRuns: Number(values["trace-runs"]),
  };
  const valid =
    Number.isInteger(settings.connections) &&
    settings.connections > 0 &&
    settings.duration > 0 &&
    settings.warmup >= 0 &&
    Number.isInteger(settings.traceRuns) &&
    settings.traceRuns > 0 &&
    [undefined, "api", "pages", "drop-day", "large"].includes(values.only);
  return { values, settings, valid };
}

function describeDatabase(databaseUrl) {
  if (!databaseUrl) return { kind: "pglite", description: "PGlite (embedded, temporary folder)" };
  const url = new URL(databaseUrl);
  return {
    kind: "postgres",
    description: `PostgreSQL (database ${url.pathname.slice(1)} on ${url.hostname}:${url.port || 5432})`,
  };
}

/**
 * The first page of products and, when there is one, a slug to benchmark single-product URLs;
 * and the newest article, for the blog pages.
 */
async function discoverCatalogue(base) {
  const page = await getJson(`${base}/api/products`);
  const data = page.json?.data ?? [];
  const blogs = await getJson(`${base}/api/blogs`);
  const blog = blogs.json?.data?.find((entry) => entry.articleCount > 0)?.slug;
  const articles = blog ? await getJson(`${base}/api/blogs/${blog}/articles?perPage=1`) : undefined;
  const article = articles?.json?.data?.[0]?.slug;
  return {
    listStatus: page.status,
    firstPageCount: data.length,
    total: page.json?.meta?.total ?? 0,
    slug: data[0]?.slug,
    articlesPath: blog ? `/api/blogs/${blog}/articles` : undefined,
    articlePath: blog && article ? `/blogs/${blog}/${article}` : undefined,
  };
}

/** The app's answer to `path` as the baseline will replay it. */
async function fixtureFor(base, path) {
  const response = await get(`${base}${path}`);
  const headers = [];
  for (let index = 0; index < response.rawHeaders.length; index += 2) {
    const name = response.rawHeaders[index] ?? "";
    if (!NOT_REPLAYED.has(name.toLowerCase()))
      headers.push(name, response.rawHeaders[index + 1] ?? "");
  }
  return { path, status: response.status, headers, body: response.body };
}

/** JSON API: the app's requests/s against the baseline serving the same bytes from memory. */
async function measureApi(app, catalogue, settings, onPostgres, details) {
  const ratioAtLeast = (ratio) => atLeast(ratio, "", onPostgres, " on PostgreSQL");
  const endpoints = [
    {
      id: "api.products",
      label: "API GET /api/products",
      path: "/api/products",
      ratioTarget: ratioAtLeast(0.6),
    },
    {
      id: "api.product",
      label: "API GET /api/products/{slug}",
      path: catalogue.slug ? `/api/products/${catalogue.slug}` : undefined,
      ratioTarget: ratioAtLeast(0.6),
    },
    {
      id: "api.articles",
      label: "API GET /api/blogs/{blog}/articles",
      path: catalogue.articlesPath,
      ratioTarget: ratioAtLeast(0.5),
    },
  ];
  const figures = [];
  const fixtures = [];
  for (const endpoint of endpoints) {
    if (!endpoint.path) continue;
    const fixture = await fixtureFor(app.url, endpoint.path);
    if (fixture.status === 200) fixtures.push(fixture);
  }
  const baseline = fixtures.length > 0 ? await startBaseline(fixtures) : undefined;
  try {
    for (const endpoint of endpoints) {
      const fixture = fixtures.find((candidate) => candidate.path === endpoint.path);
      if (!endpoint.path || !fixture || !baseline) {
        const reason = endpoint.path
          ? `${endpoint.path} did not answer 200`
          : "nothing to measure in this shop";
        figures.push(
          skipped(
            `${endpoint.id}.ratio`,
            `${endpoint.label} app/baseline`,
            "ratio",
            endpoint.ratioTarget,
            reason,
          ),
        );
        continue;
      }
      console.log(`Measuring ${endpoint.path} (app, then baseline)…`);
      const appRun = await load(app.url, [endpoint.path], settings);
      const baselineRun = await load(baseline.url, [endpoint.path], settings);
      details[endpoint.id] = {
        path: endpoint.path,
        bytes: fixture.body.length,
        app: appRun,
        baseline: baselineRun,
      };
      const invalid = invalidReason(appRun) ?? invalidReason(baselineRun);
      figures.push(
        ...loadFigures(endpoint.id, endpoint.label, appRun),
        measured(
          `${endpoint.id}.baseline.rps`,
          `${endpoint.label} baseline req/s`,
          baselineRun.requestsPerSecond,
          "req/s",
          null,
          invalidReason(baselineRun),
        ),
        measured(
          `${endpoint.id}.ratio`,
          `${endpoint.label} app/baseline`,
          appRun.requestsPerSecond / baselineRun.requestsPerSecond,
          "ratio",
          endpoint.ratioTarget,
          invalid,
        ),
      );
    }
  } finally {
    await baseline?.stop();
  }
  return figures;
}

/**
 * A signed-in customer's `Cookie` header: the demo customer signed in through the API, as the
 * sign-in form does. Undefined, with the reason, when the shop has no demo customer.
 */
async function customerCookie(base) {
  const { token, status } = await signIn(base, "/api/login-user", DEMO_CUSTOMER);
  return token
    ? { cookie: `token=${token}` }
    : { reason: `the demo customer's sign-in answered ${status}` };
}

/**
 * Server-rendered pages as a browser asks for them. Anonymous (no `token` cookie), as most
 * shoppers on a drop come, and the product page again for a signed-in customer, which no page
 * cache may answer: together they show what a cached page and a render cost. Targets: p99 ≤ 30 ms,
 * and ≥ 2,000 req/s for the anonymous product page.
 */
async function measurePages(app, catalogue, settings, details) {
  const p99Target = atMost(30, "ms");
  const productPath = catalogue.slug ? `/products/${catalogue.slug}` : undefined;
  const signedIn = productPath ? await customerCookie(app.url) : {};
  const pages = [
    {
      id: "ssr.product",
      label: "SSR /products/{slug}",
      path: productPath,
      p99Target,
      rpsTarget: atLeast(2000, "req/s"),
    },
    {
      id: "ssr.product.signed-in",
      label: "SSR /products/{slug} signed in",
      path: productPath,
      cookie: signedIn.cookie,
      missing: signedIn.reason,
    },
    { id: "ssr.products", label: "SSR /products", path: "/products", p99Target },
    {
      id: "ssr.article",
      label: "SSR /blogs/{blog}/{article}",
      path: catalogue.articlePath,
      p99Target,
    },
  ];
  const figures = [];
  for (const page of pages) {
    const skip = (reason) =>
      figures.push(
        skipped(`${page.id}.p99`, `${page.label} p99`, "ms", page.p99Target ?? null, reason),
      );
    if (!page.path || page.missing) {
      skip(page.missing ?? "nothing to measure in this shop");
      continue;
    }
    const headers = page.cookie ? { ...BROWSER_HEADERS, cookie: page.cookie } : BROWSER_HEADERS;
    const check = await get(`${app.url}${page.path}`, headers);
    if (check.status !== 200) {
      skip(`answered ${check.status}`);
      continue;
    }
    console.log(`Measuring ${page.path}${page.cookie ? " (signed in)" : ""}…`);
    const run = await load(app.url, [page.path], settings, headers);
    details[page.id] = { path: page.path, bytes: check.body.length, ...run };
    figures.push(...loadFigures(page.id, page.label, run, page.p99Target, page.rpsTarget));
  }
  return figures;
}

/** JS and CSS of the product page (the products index when there is no product), gzipped. */
async function measureWeight(app, catalogue, details) {
  const jsTarget = atMost(110, "KB");
  const cssTarget = atMost(25, "KB");
  const path = catalogue.slug ? `/products/${catalogue.slug}` : "/products";
  const which = catalogue.slug ? "product page" : "/products (no product)";
  try {
    const weight = await pageWeight(app.url, path);
    details.pageWeight = weight;
    const broken = weight.files.filter((file) => file.status !== 200);
    const invalid = broken.length
      ? `${broken.length} assets did not answer 200: ${broken.map((file) => file.path).join(", ")}`
      : undefined;
    return [
      measured(
        "weight.js",
        `weight ${which}: JS gzip`,
        weight.jsBytes / KB,
        "KB",
        jsTarget,
        invalid,
      ),
      measured(
        "weight.css",
        `weight ${which}: CSS gzip`,
        weight.cssBytes / KB,
        "KB",
        cssTarget,
        invalid,
      ),
      measured(
        "weight.html",
        `weight ${which}: HTML ${weight.htmlEncoding}`,
        weight.htmlBytes / KB,
        "KB",
      ),
    ];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [
      skipped("weight.js", `weight ${which}: JS gzip`, "KB", jsTarget, reason),
      skipped("weight.css", `weight ${which}: CSS gzip`, "KB", cssTarget, reason),
    ];
  }
}

async function measureDropDayPhase(run, { databaseUrl, settings }) {
  const dropDay = await measureDropDay({ databaseUrl, settings });
  run.figures.push(...dropDay.figures);
  run.details.dropDay = dropDay.details;
  run.remarks.push(...dropDay.remarks);
}

/** After the API, page and weight figures: every core, checkout, import, drop day, large catalogue. */
async function measureLaterPhases(run, { databaseUrl, settings, large, seededUrl }) {
  const cores = await measureWebConcurrency({ databaseUrl, settings });
  run.figures.push(...cores.figures);
  run.details.cores = cores.details;
  run.remarks.push(...cores.remarks);

  const contention = await measureCheckoutContention({ databaseUrl });
  run.figures.push(...contention.figures);
  run.details.contention = contention.details;
  run.remarks.push(...contention.remarks);

  const productImport = await measureProductImport({ databaseUrl });
  run.figures.push(...productImport.figures);
  run.details.productImport = productImport.details;

  await measureDropDayPhase(run, { databaseUrl, settings });
  await measureLarge(run, { databaseUrl, settings, large, seededUrl });
}

/** The large catalogue, on a fresh database or on `seededUrl` (--large-database). */
async function measureLarge(run, { databaseUrl, settings, large, seededUrl }) {
  if (large) {
    const result = await measureLargeCatalogue({ databaseUrl, settings, seededUrl });
    run.figures.push(...result.figures);
    run.details.large = result.details;
    run.remarks.push(...result.remarks);
  } else {
    run.remarks.push("Large catalogue: not run (it runs on PostgreSQL, or with --large).");
  }
}

/** The API, page and weight figures on the demo shop, then the later phases. */
async function measureMain(run, { options, databaseUrl, database, seededUrl }) {
  const { settings } = options;
  const apiOnly = options.values.only === "api";
  const dataDir = temporaryDir("encore-bench-");
  const app = await startApp({ DATA_DIR: dataDir });
  const memory = watchResidentMemory(app.pid);
  try {
    const catalogue = await discoverCatalogue(app.url);
    run.catalogue = catalogue;
    run.machine.busyBefore = await cpuBusyShare();
    if (catalogue.slug) {
      console.log(`Catalogue: ${catalogue.total} products; product slug '${catalogue.slug}'.`);
    } else {
      const remark =
        `The catalogue is empty (GET /api/products answered ${catalogue.listStatus} with ${catalogue.total} products), ` +
        "so there is no product slug: single-product figures are skipped and /api/products measures an empty page." +
        (databaseUrl
          ? " On PostgreSQL, set DEMO_DATA=true with a fresh database to seed the demo shop."
          : "");
      console.log(remark);
      run.remarks.push(remark);
    }
    run.figures.push(
      ...(await measureApi(app, catalogue, settings, database.kind === "postgres", run.details)),
    );
    if (!apiOnly)
      run.figures.push(
        ...(await measurePages(app, catalogue, settings, run.details)),
        ...(await measureWeight(app, catalogue, run.details)),
      );
    if (!apiOnly) {
      run.details.mainThread = {};
      run.figures.push(
        ...(await measureMainThread(
          app,
          catalogue,
          { runs: settings.traceRuns },
          run.details.mainThread,
        )),
      );
    }
    await sleep(SETTLE_MS);
    const steady = residentBytes(app.pid);
    if (steady !== undefined)
      run.figures.push(
        measured(
          "server.rss.steady",
          `server RSS steady (idle ${SETTLE_MS / 1000} s after the runs above)`,
          steady / MB,
          "MB",
          atMost(150, "MB"),
        ),
      );
    run.machine.busyAfter = await cpuBusyShare();
  } finally {
    const peak = memory.stop();
    if (peak !== undefined)
      run.figures.push(
        measured(
          "server.rss.peak",
          "server RSS peak (start-up and runs above)",
          peak / MB,
          "MB",
          atMost(200, "MB"),
        ),
      );
    await app.stop();
    removeDir(dataDir);
  }

  if (apiOnly) run.remarks.push("Only the API figures were taken (--only api).");
  else if (options.values.only === "pages")
    run.remarks.push("Only the API, page and weight figures were taken (--only pages).");
  else
    await measureLaterPhases(run, {
      databaseUrl,
      settings,
      large: options.values.large || (databaseUrl && !options.values["skip-large"]),
      seededUrl,
    });
}

/** Runs the bench; resolves to the exit code (0 whatever the targets say, 1 if it could not run). */
export async function runBench(argv) {
  let options;
  try {
    options = parseOptions(argv);
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n\n${USAGE}`);
    return 2;
  }
  if (options.values.help || !options.valid) {
    console.log(USAGE);
    return options.values.help ? 0 : 2;
  }
  process.once("SIGINT", () => void cleanUp({ interrupted: true }).then(() => process.exit(130)));
  process.once("SIGTERM", () => void cleanUp({ interrupted: true }).then(() => process.exit(143)));

  const { settings } = options;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const database = describeDatabase(databaseUrl);
  const cpuList = cpus();
  const run = {
    startedAt: new Date().toISOString(),
    finishedAt: "",
    database,
    machine: {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model ?? "unknown",
    },
    settings,
    catalogue: {},
    figures: [],
    details: {},
    remarks: [],
  };
  console.log(`Benchmarking the production build on ${database.description}.`);

  try {
    const seededUrl = options.values["large-database"];
    if (options.values.only === "drop-day")
      await measureDropDayPhase(run, { databaseUrl, settings });
    else if (options.values.only === "large")
      await measureLarge(run, { databaseUrl, settings, large: true, seededUrl });
    else await measureMain(run, { options, databaseUrl, database, seededUrl });
  } catch (error) {
    if (isStopping()) return 130;
    console.error(`The bench could not run: ${error instanceof Error ? error.message : error}`);
    await cleanUp();
    return 1;
  }

  if (isStopping()) return 130;
  run.finishedAt = new Date().toISOString();
  const busy = Math.max(run.machine.busyBefore ?? 0, run.machine.busyAfter ?? 0);
  if (busy > BUSY_MACHINE)
    run.remarks.push(
      `Other work kept ${Math.round(busy * 100)}% of the CPUs busy while the bench was idle: every figure is noisy. Rerun on a quiet machine before drawing conclusions.`,
    );
  console.log(formatTable(run));
  const file = writeResults(run);
  console.log(`Results: ${file} (and bench/results/latest.json)`);
  await cleanUp();
  return 0;
}
