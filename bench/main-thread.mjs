// Main-thread work of the storefront's first load on a phone (issue 29): each page opened in the
// system Chromium with a 390 px mobile viewport and the CPU slowed 4× (Lighthouse's mobile
// setting), traced, and its long tasks (> 50 ms) read from the trace. Run alone after
// `npm run build`: `node bench/main-thread.mjs [--runs 5] [--url http://…]`.
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { atMost, measured, skipped } from "./figures.mjs";

export const LONG_TASK_MS = 50;
const CPU_SLOWDOWN = 4;
// Lighthouse's mobile screen is 412 × 823 at 1.75; the shop is checked at 390 px wide.
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
// What Lighthouse records, without the sampling profiler (which slows the page it measures).
const CATEGORIES = [
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "blink.user_timing",
  "loading",
];
// Once the page has hydrated (the default layout's start-up then asks for the CSRF cookie) and
// the network has been quiet, this long again for what follows (lazy parts, route discovery).
const SETTLE_MS = 1500;
const HYDRATED_TIMEOUT_MS = 30_000;
// Where a task's time went, for the report: script by URL, or the browser's own work.
const RENDERING = new Set([
  "UpdateLayoutTree",
  "Layout",
  "Paint",
  "PrePaint",
  "Layerize",
  "Commit",
  "ParseAuthorStyleSheet",
]);

function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2);
};

/** `https://host/assets/x.js` → `/assets/x.js`; an inline script of the page → `(page)`. */
function scriptName(url, pageUrl) {
  if (!url) return undefined;
  if (url === pageUrl) return "(page's inline scripts)";
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

/**
 * What took a task's time: its script events by URL, and the browser's style, layout and paint.
 * Nested events are counted once, under the outermost event that names a script.
 */
function attribute(task, events, pageUrl) {
  const end = task.ts + task.dur;
  const inside = events.filter(
    (event) => event !== task && event.ph === "X" && event.ts >= task.ts && event.ts < end,
  );
  const totals = new Map();
  let coveredUntil = 0;
  for (const event of inside) {
    const data = event.args?.data ?? {};
    const script = scriptName(data.url ?? data.scriptName, pageUrl);
    let what;
    if (RENDERING.has(event.name)) what = "style, layout and paint";
    else if (event.name === "ParseHTML") what = "HTML parsing";
    else if (script && event.ts >= coveredUntil) what = script;
    else if (event.name === "v8.evaluateModule" && event.ts >= coveredUntil)
      what = "module evaluation";
    if (!what) continue;
    if (!RENDERING.has(event.name)) coveredUntil = event.ts + event.dur;
    totals.set(what, (totals.get(what) ?? 0) + event.dur / 1000);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([what, ms]) => `${what} ${Math.round(ms)} ms`)
    .join(", ");
}

/**
 * The figures of one trace: FCP and LCP (ms from navigation start), the long tasks of the page's
 * main thread, and the total blocking time as Lighthouse counts it: from FCP on, the part of each
 * task beyond 50 ms.
 */
export function readTrace(traceEvents, pageUrl) {
  const navigations = traceEvents.filter(
    (event) => event.name === "navigationStart" && event.args?.data?.isLoadingMainFrame,
  );
  const navigation =
    navigations.filter((event) => event.args.data.documentLoaderURL === pageUrl).at(-1) ??
    navigations.filter((event) => event.args.data.documentLoaderURL?.startsWith("http")).at(-1);
  if (!navigation) throw new Error(`no navigation to ${pageUrl} in the trace`);
  const { pid, tid, ts: start } = navigation;
  const frame = navigation.args.frame;
  const mainThread = traceEvents
    .filter((event) => event.pid === pid && event.tid === tid && event.ts >= start)
    .sort((a, b) => a.ts - b.ts);
  const since = (event) => (event ? (event.ts - start) / 1000 : null);
  const fcp = since(
    mainThread.find(
      (event) => event.name === "firstContentfulPaint" && event.args?.frame === frame,
    ),
  );
  const lcp = since(
    traceEvents
      .filter(
        (event) =>
          event.name === "largestContentfulPaint::Candidate" &&
          event.args?.frame === frame &&
          event.ts >= start,
      )
      .at(-1),
  );
  const tasks = mainThread.filter((event) => event.name === "RunTask" && event.ph === "X");
  const longTasks = tasks
    .filter((task) => task.dur / 1000 > LONG_TASK_MS)
    .map((task) => ({
      at: Math.round(since(task)),
      ms: Math.round(task.dur / 1000),
      what: attribute(task, mainThread, pageUrl),
    }));
  let blocking = 0;
  if (fcp !== null) {
    for (const task of tasks) {
      const taskStart = Math.max(since(task), fcp);
      const length = since(task) + task.dur / 1000 - taskStart;
      if (length > LONG_TASK_MS) blocking += length - LONG_TASK_MS;
    }
  }
  return {
    fcp: fcp === null ? null : Math.round(fcp),
    lcp: lcp === null ? null : Math.round(lcp),
    totalBlockingTime: Math.round(blocking),
    longestTask: Math.max(0, ...longTasks.map((task) => task.ms)),
    longTasks,
  };
}

/**
 * Opens `url` once in a fresh context (a fresh renderer: nothing warmed up by an earlier run)
 * with the CPU slowed 4×, and traces it until the page has hydrated and settled. With
 * `withoutScripts` the page's /assets/ scripts are blocked: what the browser alone spends on
 * the server's HTML on this machine.
 */
async function traceOnce(browser, url, { withoutScripts = false } = {}) {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    if (withoutScripts) {
      await cdp.send("Network.enable");
      await cdp.send("Network.setBlockedURLs", { urls: ["*/assets/*.js"] });
    }
    // Waiting on the network, not in the page: a script run in the page is work in its trace.
    const hydrated = withoutScripts
      ? Promise.resolve()
      : page.waitForResponse((response) => response.url().includes("/sanctum/csrf-cookie"), {
          timeout: HYDRATED_TIMEOUT_MS,
        });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: "load" });
    await hydrated;
    await page.waitForLoadState("networkidle");
    await sleep(SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
    return readTrace(trace.traceEvents, url);
  } finally {
    await context.close();
  }
}

/** A run that failed (a trace without the navigation, a timeout on a busy machine) is run again once. */
async function traceRetrying(browser, url, options) {
  try {
    return await traceOnce(browser, url, options);
  } catch (error) {
    console.warn(
      `Tracing ${url} failed (${error instanceof Error ? error.message : error}); again…`,
    );
    return traceOnce(browser, url, options);
  }
}

/**
 * Each page `runs` times, in turn (so a burst of load on the shared machine spreads over all of
 * them), then the same without scripts. Per page: the median of each figure and every run.
 * @param {string} base
 * @param {{ id: string, label: string, path: string }[]} pages
 */
export async function traceStorefront(base, pages, { runs = 3, log = console.log } = {}) {
  const browser = await launch();
  try {
    const results = new Map(pages.map((page) => [page.id, { ...page, runs: [], bare: [] }]));
    for (let round = 0; round < runs; round += 1) {
      for (const page of pages) {
        log(`Tracing ${page.path} (run ${round + 1} of ${runs})…`);
        results.get(page.id).runs.push(await traceRetrying(browser, new URL(page.path, base).href));
      }
    }
    for (const page of pages) {
      log(`Tracing ${page.path} without its scripts…`);
      results
        .get(page.id)
        .bare.push(
          await traceRetrying(browser, new URL(page.path, base).href, { withoutScripts: true }),
        );
    }
    return [...results.values()].map((result) => ({
      ...result,
      median: {
        totalBlockingTime: median(result.runs.map((run) => run.totalBlockingTime)),
        longestTask: median(result.runs.map((run) => run.longestTask)),
        lcp: median(result.runs.map((run) => run.lcp ?? Number.POSITIVE_INFINITY)),
        fcp: median(result.runs.map((run) => run.fcp ?? Number.POSITIVE_INFINITY)),
      },
      bareMedian: {
        totalBlockingTime: median(result.bare.map((run) => run.totalBlockingTime)),
        longestTask: median(result.bare.map((run) => run.longestTask)),
      },
    }));
  } finally {
    await browser.close();
  }
}

/** The storefront pages the bench traces: home, the products index and a product page. */
export function storefrontPages(catalogue) {
  return [
    { id: "main-thread.home", label: "/", path: "/" },
    { id: "main-thread.products", label: "/products", path: "/products" },
    {
      id: "main-thread.product",
      label: "/products/{slug}",
      path: catalogue.slug ? `/products/${catalogue.slug}` : undefined,
    },
  ];
}

/**
 * The bench's figures: per page, median TBT (target ≤ 100 ms), longest task and LCP (target
 * ≤ 1,500 ms, but loopback has no phone network: this is the CPU's share of it), and TBT and
 * the longest task of the same page without scripts, the browser's own work on this machine.
 */
export async function measureMainThread(app, catalogue, { runs = 3 } = {}, details = {}) {
  const pages = storefrontPages(catalogue);
  const present = pages.filter((page) => page.path);
  const figures = [];
  const tbtTarget = atMost(100, "ms");
  const lcpTarget = atMost(1500, "ms");
  let traced = [];
  try {
    traced = await traceStorefront(app.url, present, { runs });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    for (const page of pages)
      figures.push(
        skipped(`${page.id}.tbt`, `main thread ${page.label}: TBT`, "ms", tbtTarget, reason),
      );
    return figures;
  }
  for (const page of pages) {
    const result = traced.find((candidate) => candidate.id === page.id);
    if (!result) {
      figures.push(
        skipped(
          `${page.id}.tbt`,
          `main thread ${page.label}: TBT`,
          "ms",
          tbtTarget,
          "nothing to measure in this shop",
        ),
      );
      continue;
    }
    details[page.id] = result;
    const label = `main thread ${page.label}`;
    const longest = result.runs
      .flatMap((run) => run.longTasks)
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((task) => `${task.ms} ms at ${task.at} ms (${task.what || "unattributed"})`)
      .join("; ");
    const tbt = measured(
      `${page.id}.tbt`,
      `${label}: TBT, 4× CPU (median of ${runs})`,
      result.median.totalBlockingTime,
      "ms",
      tbtTarget,
    );
    if (tbt.verdict === "MISS" && longest) tbt.note = `longest tasks: ${longest}`;
    figures.push(
      tbt,
      measured(
        `${page.id}.longest`,
        `${label}: longest task, 4× CPU`,
        result.median.longestTask,
        "ms",
      ),
      measured(
        `${page.id}.lcp`,
        `${label}: LCP, 4× CPU, loopback`,
        result.median.lcp,
        "ms",
        lcpTarget,
      ),
      measured(
        `${page.id}.bare.tbt`,
        `${label}: TBT without scripts (the browser alone)`,
        result.bareMedian.totalBlockingTime,
        "ms",
      ),
    );
  }
  return figures;
}

// Alone: `node bench/main-thread.mjs [--runs n] [--url base]` against a running shop, or the
// build started here on a fresh PGlite.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { runs: { type: "string", default: "5" }, url: { type: "string" } },
  });
  const { getJson } = await import("./http-get.mjs");
  const processes = await import("./processes.mjs");
  const dataDir = values.url ? undefined : processes.temporaryDir("encore-main-thread-");
  const app = values.url ? { url: values.url } : await processes.startApp({ DATA_DIR: dataDir });
  try {
    const slug = (await getJson(`${app.url}/api/products`)).json?.data?.[0]?.slug;
    const traced = await traceStorefront(
      app.url,
      storefrontPages({ slug }).filter((page) => page.path),
      { runs: Number(values.runs) },
    );
    for (const page of traced) {
      console.log(
        `\n${page.path}: median TBT ${page.median.totalBlockingTime} ms, longest ${page.median.longestTask} ms, FCP ${page.median.fcp} ms, LCP ${page.median.lcp} ms; without scripts TBT ${page.bareMedian.totalBlockingTime} ms, longest ${page.bareMedian.longestTask} ms`,
      );
      for (const [index, run] of page.runs.entries()) {
        console.log(
          `  run ${index + 1}: TBT ${run.totalBlockingTime} ms, FCP ${run.fcp} ms, LCP ${run.lcp} ms`,
        );
        for (const task of run.longTasks)
          console.log(`    ${String(task.ms).padStart(4)} ms at ${task.at} ms: ${task.what}`);
      }
    }
  } finally {
    await app.stop?.();
    await processes.cleanUp();
  }
}
