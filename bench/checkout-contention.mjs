// Checkout contention (issue 13): 200 buyers released at once for one demo variant with 20 in
// stock, each charging then placing (storing) one unit, spread round-robin over the app's
// processes (3 on PostgreSQL, 1 on PGlite). Exactly 20 must be paid and the stock must end at 0,
// the others refused with a 409 and nothing answered ≥ 500; the latencies are what one buyer
// waits. Target: charge+store p99 ≤ 300 ms on PostgreSQL.
import { randomUUID } from "node:crypto";
import http from "node:http";
import { join } from "node:path";
import { createDatabase, withClient } from "./databases.mjs";
import { atMost, exactly, measured, skipped } from "./figures.mjs";
import { getJson } from "./http-get.mjs";
import { removeDir, startApps, temporaryDir } from "./processes.mjs";

export const BUYERS = 200;
export const STOCK = 20;
const PROCESSES_ON_POSTGRES = 3;
// Unmeasured charge+place calls per process before the release, on another variant, so each
// process has compiled its checkout path as a running shop has.
const WARMUP_PER_PROCESS = 5;
const WARMUP_STOCK = 100;
const REQUEST_TIMEOUT_MS = 30_000;
const ADDRESS = {
  fullName: "Sam Fan",
  line1: "1 High Street",
  city: "Leeds",
  postcode: "LS1 4AP",
  country: "GB",
};

const targets = {
  p99: (onPostgres) => atMost(300, "ms", onPostgres, " on PostgreSQL"),
  paid: exactly(STOCK, "orders"),
  stock: exactly(0, "units"),
  refused: exactly(BUYERS - STOCK, "answers"),
  failed: exactly(0, "answers"),
};

const LABEL = "contention";

function allSkipped(reason, onPostgres) {
  return [
    skipped(
      `${LABEL}.paid`,
      `${LABEL}: paid orders for the variant`,
      "orders",
      targets.paid,
      reason,
    ),
    skipped(
      `${LABEL}.buyer.p99`,
      `${LABEL}: charge+store per buyer p99`,
      "ms",
      targets.p99(onPostgres),
      reason,
    ),
  ];
}

/**
 * POSTs JSON and reads the whole answer; resolves to its status (0 for a failed request), parsed
 * body and milliseconds taken, never throws.
 */
function postJson(agent, url, body, headers) {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status, text, error) => {
      let json;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      resolve({ status, json, ms: performance.now() - started, error });
    };
    const request = http.request(
      url,
      {
        method: "POST",
        agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          accept: "application/json",
          ...headers,
        },
      },
      (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("error", (error) => done(0, "", error.message));
        response.on("end", () =>
          done(response.statusCode ?? 0, Buffer.concat(chunks).toString("utf8")),
        );
      },
    );
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error("timed out")));
    request.on("error", (error) => done(0, "", error.message));
    request.end(payload);
  });
}

/** Nearest-rank percentile of `values` in whole milliseconds, or null when there are none. */
export function percentile(values, share) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(share * sorted.length)));
  return Math.round(sorted[rank - 1] ?? 0);
}

/**
 * One buyer: charges one unit of `variantId`, then, when the charge is paid, places the order
 * with its own key. `address` is what the load balancer in front would name in X-Forwarded-For.
 */
async function buy(app, agent, { variantId, deliveryOptionId, address, email }) {
  const from = { "x-forwarded-for": address };
  const charged = await postJson(
    agent,
    `${app.url}/api/checkout/charge`,
    {
      lines: [{ id: variantId, quantity: 1 }],
      email,
      shippingAddress: ADDRESS,
      deliveryOptionId,
      payment: { provider: "test", outcome: "success" },
    },
    { ...from, "idempotency-key": randomUUID() },
  );
  let order = charged.json?.data;
  // Accepted (decision 0036): the order is written and its payment still being confirmed; the
  // buyer follows it as the checkout page does, and it counts as paid once it is.
  if (charged.status === 202 && order) {
    const location = `/api/orders/show/${order.orderId}?token=${encodeURIComponent(order.accessToken ?? "")}`;
    for (let waited = 0; waited < 30_000; waited += 250) {
      const shown = (await getJson(`${app.url}${location}`)).json?.data;
      if (shown && shown.status !== "pending_payment") {
        order = { ...order, status: shown.status === "paid" ? "paid" : shown.status };
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const answered = charged.status === 200 || charged.status === 202;
  if (!answered || order?.status !== "paid") return { charge: charged };
  const stored = await postJson(
    agent,
    `${app.url}/api/orders/store`,
    { orderId: order.orderId, accessToken: order.accessToken },
    { ...from, "idempotency-key": randomUUID() },
  );
  return { charge: charged, store: stored };
}

/**
 * The first in-stock product that is not a pre-order and has two variants: one to race for, one
 * to warm up on.
 */
async function pickVariants(url) {
  const page = await getJson(`${url}/api/products`);
  for (const summary of page.json?.data ?? []) {
    if (!summary.inStock || summary.preOrder) continue;
    const product = (await getJson(`${url}/api/products/${summary.slug}`)).json?.data;
    const variants = product?.variants ?? [];
    if (variants.length < 2) continue;
    return {
      slug: summary.slug,
      raced: { id: variants[0].id, sku: variants[0].sku },
      warmup: { id: variants[1].id, sku: variants[1].sku },
    };
  }
  return undefined;
}

async function ukDeliveryOption(url) {
  const agent = new http.Agent();
  try {
    const answer = await postJson(
      agent,
      `${url}/api/delivery/option-groups/determined-delivery-option-group`,
      { country: "GB", lines: [] },
      {},
    );
    return answer.json?.data?.options?.[0]?.id;
  } finally {
    agent.destroy();
  }
}

const SET_STOCK = "update product_variants set stock_on_hand = $2 where id = $1";
const CHECK = `select
  (select stock_on_hand from product_variants where id = $1) as stock,
  (select count(distinct o.id) from orders o join order_lines l on l.order_id = o.id
     where l.variant_id = $1 and o.status = 'paid')::int as paid,
  (select count(distinct o.id) from orders o join order_lines l on l.order_id = o.id
     where l.variant_id = $1)::int as orders`;

/** SQL on the phase's database: PostgreSQL through pg, PGlite by opening its folder (app stopped). */
async function sqlOn(database, work) {
  if (database.url) return withClient(database.url, (client) => work(client));
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { fuzzystrmatch } = await import("@electric-sql/pglite/contrib/fuzzystrmatch");
  const client = await PGlite.create({
    dataDir: join(database.dataDir, "pgdata"),
    extensions: { pg_trgm, fuzzystrmatch },
  });
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

async function setStock(database, variants) {
  await sqlOn(database, async (client) => {
    await client.query(SET_STOCK, [variants.raced.id, STOCK]);
    await client.query(SET_STOCK, [variants.warmup.id, WARMUP_STOCK]);
  });
}

async function checkDatabase(database, variantId) {
  return sqlOn(database, async (client) => {
    const result = await client.query(CHECK, [variantId]);
    const row = result.rows[0] ?? {};
    return { stock: Number(row.stock), paid: Number(row.paid), orders: Number(row.orders) };
  });
}

/**
 * Runs the phase in a fresh PostgreSQL database beside `databaseUrl`'s (dropped afterwards) or a
 * fresh PGlite folder. Never throws for what it measures: misses are figures.
 * @param {{ databaseUrl: string | undefined }} options
 */
export async function measureCheckoutContention({ databaseUrl }) {
  const onPostgres = Boolean(databaseUrl);
  const processes = onPostgres ? PROCESSES_ON_POSTGRES : 1;
  const dataDir = temporaryDir("encore-bench-contention-");
  let database;
  try {
    database = onPostgres ? await createDatabase(databaseUrl, "contention") : undefined;
  } catch (error) {
    const reason = `could not create a database: ${error instanceof Error ? error.message : error}`;
    console.log(`Checkout contention: skipped: ${reason}`);
    removeDir(dataDir);
    return { figures: allSkipped(reason, onPostgres), details: {}, remarks: [] };
  }
  const target = { url: database?.url, dataDir };
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url,
    DEMO_DATA: "true",
    // Buyers reach the shop through a load balancer on loopback that names each of them.
    TRUST_PROXY: "loopback",
  };
  /** @type {import("./processes.mjs").Running[]} */
  let apps = [];
  try {
    console.log(
      `Checkout contention: fresh ${database ? `PostgreSQL database ${database.name}` : "PGlite folder"}, ${processes} process${processes > 1 ? "es" : ""}, demo shop`,
    );
    apps = await startApps(processes, env);
    const variants = await pickVariants(apps[0].url);
    const deliveryOptionId = await ukDeliveryOption(apps[0].url);
    if (!variants || !deliveryOptionId) {
      const reason = variants ? "no UK delivery option" : "no in-stock product with two variants";
      console.log(`Checkout contention: skipped: ${reason}`);
      return { figures: allSkipped(reason, onPostgres), details: {}, remarks: [] };
    }
    if (onPostgres) await setStock(target, variants);
    else {
      // PGlite belongs to one process: set the stock while the app is stopped, then start it again.
      await apps[0].stop();
      apps = [];
      await setStock(target, variants);
      apps = await startApps(1, env);
    }
    console.log(
      `Checkout contention: variant ${variants.raced.id} (${variants.raced.sku}) has ${STOCK} in stock; warming up…`,
    );

    const agents = apps.map(() => new http.Agent({ keepAlive: true, maxSockets: Infinity }));
    try {
      // One buyer at a time, so the rounds after each process's first also say what one buyer
      // waits with nobody else buying.
      const aloneMs = [];
      for (const [index, app] of apps.entries()) {
        for (let round = 0; round < WARMUP_PER_PROCESS; round += 1) {
          const began = performance.now();
          const outcome = await buy(app, agents[index], {
            variantId: variants.warmup.id,
            deliveryOptionId,
            address: `198.51.100.${index * WARMUP_PER_PROCESS + round + 1}`,
            email: `warm-up-${index}-${round}@example.com`,
          });
          if (round > 0 && outcome.store?.status === 200) aloneMs.push(performance.now() - began);
        }
      }

      console.log(`Checkout contention: releasing ${BUYERS} buyers at once…`);
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: BUYERS }, async (_, buyer) => {
          const index = buyer % apps.length;
          const began = performance.now();
          const outcome = await buy(apps[index], agents[index], {
            variantId: variants.raced.id,
            deliveryOptionId,
            // TEST-NET-3 (203.0.113.0/24): one address per buyer, only ever a header.
            address: `203.0.113.${buyer + 1}`,
            email: `buyer-${buyer + 1}@example.com`,
          });
          return { ...outcome, process: index, ms: performance.now() - began };
        }),
      );
      const wallMs = performance.now() - started;
      return await report({
        apps,
        target,
        variants,
        results,
        wallMs,
        aloneMs,
        onPostgres,
        processes,
      });
    } finally {
      for (const agent of agents) agent.destroy();
    }
  } finally {
    for (const app of apps) await app.stop();
    await database?.drop();
    removeDir(dataDir);
  }
}

async function report({ apps, target, variants, results, wallMs, aloneMs, onPostgres, processes }) {
  // PGlite's folder opens in one process at a time: stop the app before checking in SQL.
  if (!onPostgres) for (const app of apps) await app.stop();
  const checked = await checkDatabase(target, variants.raced.id);

  const charges = results.map((result) => result.charge);
  const stores = results.flatMap((result) => (result.store ? [result.store] : []));
  const answers = [...charges, ...stores];
  const statusCounts = (list) =>
    list.reduce(
      (counts, answer) => {
        const key = answer.status === 0 ? "error" : String(answer.status);
        counts[key] = (counts[key] ?? 0) + 1;
        return counts;
      },
      /** @type {Record<string, number>} */ ({}),
    );
  const paidCharges = charges.filter(
    (answer) => answer.status === 200 || answer.status === 202,
  ).length;
  const accepted = charges.filter((answer) => answer.status === 202).length;
  const refused = charges.filter((answer) => answer.status === 409).length;
  const serverErrors = answers.filter((answer) => answer.status >= 500).length;
  const storedOk = stores.filter((answer) => answer.status === 200).length;
  // Anything but a charge answered 200 or 202 (then placed with a 200) or 409: errors, 4xx, 5xx.
  const failed =
    charges.filter((answer) => ![200, 202, 409].includes(answer.status)).length +
    (paidCharges - storedOk);
  const invalid =
    serverErrors + answers.filter((answer) => answer.status === 0).length > 0
      ? `${serverErrors} answers ≥ 500, ${answers.filter((answer) => answer.status === 0).length} failed requests`
      : undefined;

  const buyerMs = results.map((result) => result.ms);
  const chargeMs = charges.map((answer) => answer.ms);
  const storeMs = stores.map((answer) => answer.ms);
  const where = onPostgres ? `${processes} procs` : "1 proc";
  const label = (what) => `${LABEL} (${where}): ${what}`;
  const figures = [
    measured(
      `${LABEL}.paid`,
      label("paid orders for the variant"),
      checked.paid,
      "orders",
      targets.paid,
    ),
    measured(`${LABEL}.stock`, label("stock left"), checked.stock, "units", targets.stock),
    measured(`${LABEL}.refused`, label("charges refused 409"), refused, "answers", targets.refused),
    measured(`${LABEL}.5xx`, label("answers ≥ 500"), serverErrors, "answers", targets.failed),
    measured(
      `${LABEL}.other`,
      label("other answers and errors"),
      failed,
      "answers",
      targets.failed,
    ),
    measured(
      `${LABEL}.buyer.p50`,
      label("charge+store per buyer p50"),
      percentile(buyerMs, 0.5),
      "ms",
      null,
      invalid,
    ),
    measured(
      `${LABEL}.buyer.p99`,
      label("charge+store per buyer p99"),
      percentile(buyerMs, 0.99),
      "ms",
      targets.p99(onPostgres),
      invalid,
    ),
    measured(
      `${LABEL}.charge.p50`,
      label("charge p50"),
      percentile(chargeMs, 0.5),
      "ms",
      null,
      invalid,
    ),
    measured(
      `${LABEL}.charge.p99`,
      label("charge p99"),
      percentile(chargeMs, 0.99),
      "ms",
      null,
      invalid,
    ),
    measured(
      `${LABEL}.store.p50`,
      label("store p50"),
      percentile(storeMs, 0.5),
      "ms",
      null,
      invalid,
    ),
    measured(
      `${LABEL}.store.p99`,
      label("store p99"),
      percentile(storeMs, 0.99),
      "ms",
      null,
      invalid,
    ),
    measured(
      `${LABEL}.alone.p50`,
      label("charge+store, one buyer alone, p50"),
      percentile(aloneMs, 0.5),
      "ms",
    ),
    measured(`${LABEL}.wall`, label(`${BUYERS} buyers, wall time`), Math.round(wallMs), "ms"),
  ];
  const details = {
    buyers: BUYERS,
    stock: STOCK,
    processes,
    variant: variants.raced,
    database: checked,
    charges: statusCounts(charges),
    stores: statusCounts(stores),
    wallMs,
    aloneMs,
    buyerMs,
    chargeMs,
    storeMs,
    errors: answers.filter((answer) => answer.error).map((answer) => answer.error),
  };
  const remarks = [
    `Checkout contention: ${BUYERS} buyers released at once over ${processes} process${processes > 1 ? "es" : ""} (round-robin, each its own X-Forwarded-For and keys) for variant ${variants.raced.sku} with ${STOCK} in stock; ${paidCharges} charges answered 200 or 202 (${accepted} accepted while still confirming) and ${storedOk} placed; in SQL: ${checked.paid} paid orders, ${checked.orders} orders in all, stock ${checked.stock}. Latencies are whole-buyer (charge, then store when paid), nearest rank.`,
  ];
  console.log(`Checkout contention: done in ${Math.round(wallMs)} ms.`);
  return { figures, details, remarks };
}
