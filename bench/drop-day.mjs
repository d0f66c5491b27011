// Drop day (issue 17): a band posts a link and fans open one product page at once. A fresh
// database with the demo shop, 3 app processes on it, the product page at 500 connections for
// 20 s dealt round-robin over the processes, anonymous (the page cache's case). Then the same
// load again while staff change the first variant's price 5 s in: each process is polled as a
// shopper until it shows the new price, and on to the end of the run, which must never show the
// old one again. PostgreSQL only: a PGlite folder opens in one process, so it cannot have three.
// Targets: no errors, p99 ≤ 250 ms; each process shows the new price within 1 s.
import { setTimeout as sleep } from "node:timers/promises";
import { apiClient } from "../common/api/client.mjs";
import { DEMO_STAFF, signIn } from "./accounts.mjs";
import { createDatabase } from "./databases.mjs";
import { atMost, exactly, measured, skipped } from "./figures.mjs";
import { get, getJson } from "./http-get.mjs";
import { BROWSER_HEADERS, load, loadFigures } from "./load.mjs";
import { changeVisibility, offerPrice, priceShown } from "./price-watch.mjs";
import {
  removeDir,
  residentHighWaterBytes,
  startApps,
  temporaryDir,
  watchResidentMemory,
} from "./processes.mjs";

const PROCESSES = 3;
const CONNECTIONS = 500;
const DURATION_S = 20;
const CHANGE_AFTER_MS = 5000;
const POLL_EVERY_MS = 50;
const MAX_POLLS_IN_FLIGHT = 10;
const CHANGE_ATTEMPTS = 3;
// The change lowers the product's lowest price by £1.01, to a price no variant had before, so the
// page's lowest offered price says which side of the change an answer was rendered on.
const PRICE_CUT = 101;
const MB = 1024 * 1024;
const LABEL = "drop day";

const targets = {
  p99: atMost(250, "ms"),
  failed: exactly(0, "answers"),
  delay: atMost(1000, "ms"),
  oldAfterNew: exactly(0, "answers"),
  rss: atMost(200, "MB"),
};

function allSkipped(reason) {
  return [
    skipped("drop.p99", `${LABEL}: product page p99`, "ms", targets.p99, reason),
    skipped("drop.change", `${LABEL}: new price shown, per process`, "ms", targets.delay, reason),
  ];
}

/** The first product of the shop, its first variant, and the prices before and after the cut. */
async function pickProduct(url) {
  const slug = (await getJson(`${url}/api/products`)).json?.data?.[0]?.slug;
  const variants = slug
    ? ((await getJson(`${url}/api/products/${slug}`)).json?.data?.variants ?? [])
    : [];
  const first = variants[0];
  if (!first) return undefined;
  const lowest = Math.min(...variants.map((variant) => variant.price));
  const newPence = Math.max(1, lowest - PRICE_CUT);
  return {
    path: `/products/${slug}`,
    variant: { id: first.id, sku: first.sku, price: first.price },
    newPence,
    prices: { oldPrice: offerPrice(lowest), newPrice: offerPrice(newPence) },
  };
}

/**
 * Polls `url` as a shopper every POLL_EVERY_MS, each poll on its own connection, not waiting for
 * the last, until `stop`. A tick is skipped while MAX_POLLS_IN_FLIGHT are unanswered: on a
 * process seconds behind, the polls would otherwise become most of its load.
 */
function pollPrices(url, prices) {
  /** @type {import("./price-watch.mjs").Poll[]} */
  const polls = [];
  const answered = [];
  let unanswered = 0;
  const record = (sentAt, status, seen) => {
    unanswered -= 1;
    polls.push({ sentAt, receivedAt: performance.now(), status, seen });
  };
  const poll = () => {
    if (unanswered >= MAX_POLLS_IN_FLIGHT) return;
    unanswered += 1;
    const sentAt = performance.now();
    answered.push(
      get(url, BROWSER_HEADERS).then(
        (response) =>
          record(
            sentAt,
            response.status,
            response.status === 200 ? priceShown(response.body.toString("utf8"), prices) : "other",
          ),
        () => record(sentAt, 0, "other"),
      ),
    );
  };
  poll();
  const timer = setInterval(poll, POLL_EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(answered);
      return polls;
    },
  };
}

/**
 * Sets the variant's price as staff do, saving again while the shop answers 503 (busy: its
 * request deadline passed), as they would; setting a price twice changes nothing more. Resolves
 * to the last answer's status, when it arrived, and how many saves it took.
 */
async function changePrice(url, token, variantId, price) {
  let status = 0;
  let attempts = 0;
  while (attempts < CHANGE_ATTEMPTS && (attempts === 0 || status === 503)) {
    attempts += 1;
    const { response } = await apiClient(url, { token }).POST(
      "/api/staff/product-variants/update",
      { body: { id: variantId, price } },
    );
    status = response.status;
  }
  return { status, attempts, answeredAt: performance.now() };
}

/**
 * Runs drop day in a fresh PostgreSQL database beside `databaseUrl`'s, dropped afterwards; on
 * PGlite the figures come back skipped. Never throws for what it measures.
 * @param {{ databaseUrl: string | undefined, settings: import("./load.mjs").LoadSettings }} options
 */
export async function measureDropDay({ databaseUrl, settings }) {
  if (!databaseUrl) {
    const reason =
      "PostgreSQL only: its 3 processes share one database, and a PGlite folder opens in one process";
    console.log(`Drop day: skipped: ${reason}`);
    return {
      figures: allSkipped(reason),
      details: {},
      remarks: [],
    };
  }
  const dataDir = temporaryDir("encore-bench-drop-");
  let database;
  /** @type {import("./processes.mjs").Running[]} */
  let apps = [];
  let memories = [];
  try {
    database = await createDatabase(databaseUrl, "drop");
    console.log(
      `Drop day: fresh PostgreSQL database ${database.name}, ${PROCESSES} processes, demo shop`,
    );
    apps = await startApps(PROCESSES, {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      DEMO_DATA: "true",
    });
    memories = apps.map((app) => watchResidentMemory(app.pid));
    const product = await pickProduct(apps[0].url);
    if (!product)
      return { figures: allSkipped("no product with a variant"), details: {}, remarks: [] };
    const before = await Promise.all(
      apps.map(async (app) => {
        const page = await get(`${app.url}${product.path}`, BROWSER_HEADERS);
        return page.status === 200
          ? priceShown(page.body.toString("utf8"), product.prices)
          : "other";
      }),
    );
    if (before.some((seen) => seen !== "old"))
      return {
        figures: allSkipped(
          `${product.path} does not show its lowest price £${product.prices.oldPrice} in its Product JSON-LD on every process`,
        ),
        details: {},
        remarks: [],
      };
    const urls = apps.map((app) => app.url);
    const loadSettings = { connections: CONNECTIONS, duration: DURATION_S, warmup: 0 };
    const loadPage = (runSettings) => load(urls, [product.path], runSettings, BROWSER_HEADERS);
    // Warmed up at the bench's usual connections: compiled code and filled caches, as a shop has
    // before a drop, without a backlog of timed-out renders carried into the measured run.
    if (settings.warmup > 0)
      await loadPage({ connections: settings.connections, duration: settings.warmup, warmup: 0 });

    console.log(
      `Drop day: ${product.path} at ${CONNECTIONS} connections for ${DURATION_S} s over ${PROCESSES} processes…`,
    );
    const drop = await loadPage(loadSettings);
    // Each process answers a page before the next run: what the first left queued has drained.
    await Promise.all(urls.map((url) => get(`${url}${product.path}`, BROWSER_HEADERS)));

    const { token, status: signInStatus } = await signIn(
      apps[0].url,
      "/api/login-admin",
      DEMO_STAFF,
    );
    if (!token) throw new Error(`staff sign-in answered ${signInStatus}`);
    console.log(
      `Drop day: again, with variant ${product.variant.sku}'s price changed to £${product.prices.newPrice} ${CHANGE_AFTER_MS / 1000} s in…`,
    );
    const changeRun = loadPage(loadSettings);
    await sleep(CHANGE_AFTER_MS);
    // Polling starts with the change, as a busy shop may take seconds to answer it; what a
    // process shows is counted from the answer on (an earlier poll may show the new price too).
    const requestedAt = performance.now();
    const pollers = apps.map((app) => pollPrices(`${app.url}${product.path}`, product.prices));
    const [change, changed] = await Promise.all([
      changePrice(apps[0].url, token, product.variant.id, product.newPence),
      changeRun,
    ]);
    const polls = await Promise.all(pollers.map((poller) => poller.stop()));
    const peaks = memories.map((memory) => memory.stop());
    const highWater = apps.map((app) => residentHighWaterBytes(app.pid));

    return report({
      product,
      drop,
      changed,
      change: {
        status: change.status,
        attempts: change.attempts,
        ms: change.answeredAt - requestedAt,
      },
      visibility: polls.map((list) => changeVisibility(list, change.answeredAt)),
      peaks,
      highWater,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.log(`Drop day: skipped: ${reason}`);
    return { figures: allSkipped(reason), details: {}, remarks: [] };
  } finally {
    for (const memory of memories) memory.stop();
    for (const app of apps) await app.stop();
    await database?.drop();
    removeDir(dataDir);
  }
}

function report({ product, drop, changed, change, visibility, peaks, highWater }) {
  const where = `${PROCESSES} procs, ${CONNECTIONS} conns`;
  const label = (what) => `${LABEL} (${where}): ${what}`;
  const failedFigures = (id, run, what) => [
    measured(
      `${id}.errors`,
      label(`${what} errors and timeouts`),
      run.errors + run.timeouts,
      "answers",
      targets.failed,
    ),
    measured(
      `${id}.non2xx`,
      label(`${what} answers not 2xx`),
      run.non2xx,
      "answers",
      targets.failed,
    ),
  ];
  const figures = [
    ...loadFigures("drop", label("product page"), drop, targets.p99),
    ...failedFigures("drop", drop, "product page"),
    ...loadFigures("drop.change", label("with a price change, product page"), changed, targets.p99),
    ...failedFigures("drop.change", changed, "with a price change,"),
    measured(
      "drop.change.answer",
      label(`price change answered in (${change.attempts} save${change.attempts > 1 ? "s" : ""})`),
      Math.round(change.ms),
      "ms",
      null,
      change.status === 200 ? undefined : `the change answered ${change.status}`,
    ),
  ];
  for (const [index, seen] of visibility.entries()) {
    const process = `process ${index + 1}${index === 0 ? " (took the change)" : ""}`;
    const invalid = change.status === 200 ? undefined : `the change answered ${change.status}`;
    const delay = measured(
      `drop.change.p${index + 1}.delay`,
      label(`${process}: new price shown after`),
      seen.delayMs === null ? null : Math.round(seen.delayMs),
      "ms",
      targets.delay,
      invalid,
    );
    figures.push(
      seen.delayMs === null && !invalid
        ? { ...delay, verdict: "MISS", note: `no poll of ${seen.polls} got the new price` }
        : delay,
      measured(
        `drop.change.p${index + 1}.old`,
        label(`${process}: old price after the new one`),
        seen.oldAfterNew,
        "answers",
        targets.oldAfterNew,
        invalid,
      ),
    );
  }
  for (const [index, peak] of peaks.entries()) {
    if (peak === undefined) continue;
    figures.push(
      measured(
        `drop.rss.p${index + 1}.peak`,
        label(`process ${index + 1} RSS peak during the runs`),
        peak / MB,
        "MB",
        targets.rss,
      ),
    );
    const high = highWater[index];
    if (high !== undefined)
      figures.push(
        measured(
          `drop.rss.p${index + 1}.hwm`,
          label(
            `process ${index + 1} VmHWM (since start${index === 0 ? ", seeded the shop" : ""})`,
          ),
          high / MB,
          "MB",
        ),
      );
  }
  const polls = visibility.reduce((sum, seen) => sum + seen.polls, 0);
  const failedPolls = visibility.reduce((sum, seen) => sum + seen.failed, 0);
  const remarks = [
    `Drop day: ${product.path} at ${CONNECTIONS} connections for ${DURATION_S} s, dealt round-robin over ${PROCESSES} processes on one fresh PostgreSQL database, anonymous. Then again while staff cut variant ${product.variant.sku} to £${product.prices.newPrice} (the product's lowest price was £${product.prices.oldPrice}) ${CHANGE_AFTER_MS / 1000} s in, through process 1: from the change being sent to the end of the run each process was polled every ${POLL_EVERY_MS} ms as a shopper (${polls} polls, ${failedPolls} answered neither price), reading the lowest price of the page's Product JSON-LD. "New price shown after" counts from the change's answer${change.attempts > 1 ? ` (the last of ${change.attempts} saves: the earlier ones answered 503 and may have landed already)` : ""} to the sending of the first poll that got it, 0 when one sent earlier did (its own wait in the queue is load, not staleness: ${visibility.map((seen) => (seen.waitMs === null ? "—" : `${Math.round(seen.waitMs)} ms`)).join(", ")}).`,
  ];
  console.log("Drop day: done.");
  return {
    figures,
    details: { product, drop, changed, change, visibility, peaks, highWater },
    remarks,
  };
}
