import { randomInt, randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { UK_ADDRESS } from "./support/checkout.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "./support/databases.ts";
import { makeDiscount } from "./support/discounts.ts";
import { makeBrand, makeProduct } from "./support/factories.ts";
import {
  type CallOutcome,
  callUntilFinal,
  type Exchange,
  exchange,
  type FaultPoint,
  isUnexpected,
  type RetryPolicy,
  type Sent,
  seededRandom,
  sleep,
  startTerminator,
} from "./support/money-faults.ts";
import { exitOf, type Started, start } from "./support/processes.ts";

// Issue 28, point 4 (docs/security.md #25): money moves exactly once when the database drops
// connections in the middle of it. The shop runs as three real processes on one PostgreSQL
// database; 40 guests check out at once (some with a code that has fewer uses than buyers, some
// on the last units of a variant, some with a card that declines), while every connection of
// the app is terminated several times, at seeded random moments aimed before, during and after
// the provider call. Each call is retried with its own key and body until it gives a final
// answer; then a further process's reconciler settles what is left, and SQL is checked against
// what each buyer was told. Then the same for staff refunds: two partial refunds of each of
// several paid orders at once, with different keys, and terminations in the middle.
//
// MONEY_FAULT_RUNS=n runs the scenario n times on fresh databases; MONEY_FAULT_SEED=s replays a
// run (each run prints its seed); MONEY_FAULT_TERMINATE=0 turns the terminations off (the
// harness's own check: the shop must then pass), =n makes n of them per checkout phase.

const RUNS = Number(process.env.MONEY_FAULT_RUNS ?? 1);
const TERMINATIONS = Number(process.env.MONEY_FAULT_TERMINATE ?? 6);
const FIRST_SEED = process.env.MONEY_FAULT_SEED
  ? Number(process.env.MONEY_FAULT_SEED)
  : randomInt(1, 2 ** 31);

const PROCESSES = 3;
const BUYERS = 40;
/** Units of the scarce variant: fewer than its buyers, so some lose. */
const LAST_UNITS = 4;
/** Uses of the code: fewer than its buyers, so some are refused. */
const CODE_USES = 3;
/** Units each buyer of the plentiful variant takes: refunds give back one unit at a time. */
const PLENTY_QUANTITY = 3;
/** Paid orders refunded twice at once in the refund phase. */
const REFUNDED_ORDERS = 6;
/** How long one call may be retried (and its Location polled) for a final answer. */
const ANSWER_BOUND_MS = 60_000;
/** How long the reconciler may take to settle every order and finish every key. */
const SETTLE_BOUND_MS = 20_000;

const CHECKOUT_POINTS: FaultPoint[] = [
  { name: "before the provider (writing the order)", table: "orders" },
  { name: "during the provider call", table: "test_payment_intents" },
  { name: "after the provider (recording its answer)", table: "payments" },
  { name: "claiming or finishing the key", table: "idempotency_keys" },
  { name: "at a random moment" },
];
const REFUND_POINTS: FaultPoint[] = [
  { name: "before the provider (raising the order's guard)", table: "orders" },
  { name: "writing or settling the shop's refund", table: "order_refunds" },
  { name: "during the provider's refund", table: "test_payment_refunds" },
  { name: "claiming or finishing the key", table: "idempotency_keys" },
  { name: "at a random moment" },
];

type Group = "last units" | "code" | "plain";
type Buyer = {
  index: number;
  email: string;
  key: string;
  group: Group;
  outcome: "success" | "decline";
  variantId: number;
  quantity: number;
  body: Record<string, unknown>;
  /** X-Forwarded-For: each buyer is a client of its own for the shop's per-client limits. */
  address: string;
};

type RunCounts = {
  run: number;
  seed: number;
  orders: number;
  paid: number;
  declined: number;
  refused: number;
  unanswered: number;
  retries: number;
  terminations: number;
  accepted202: number;
  unexpected5xx: number;
  /** Buyers with more than one order charged at the provider. */
  chargedTwice: number;
  /** Succeeded provider payments whose order is not paid. */
  chargedNotPaid: number;
  /** Idempotency keys (checkout and refunds) still in flight after the reconciler. */
  keysInFlight: number;
  refunds: number;
  /** Shop refunds that no key's answer names: given once more than asked. */
  refundsUnclaimed: number;
  refundRetries: number;
  refundTerminations: number;
  violations: number;
  seconds: number;
};

/**
 * Independent draws from one seed: the terminators' schedules (0: checkout, 1: refunds) and each
 * call's retry jitter (100 + buyer, 200 + refund call), so calls finishing in another order do
 * not change when the terminations come.
 */
const seededStreams = (seed: number) => (stream: number) =>
  seededRandom((seed ^ Math.imul(stream + 1, 0x9e3779b1)) >>> 0);

/** Each invariant broken, with who, which key and what SQL says. */
class Violations {
  readonly lines: string[] = [];
  add(invariant: string, detail: string) {
    this.lines.push(`${invariant}: ${detail}`);
  }
}

/** "503 "The shop is busy…" ×2 (≤10012 ms), 200 ×1 (≤812 ms)": each answer, how often, how slow. */
const summaryOf = (exchanges: Exchange[]) => {
  const counts = new Map<string, { count: number; slowest: number }>();
  for (const each of exchanges) {
    const label =
      each.status === 0
        ? `network ${each.error}`
        : `${each.status}${each.body?.message ? ` "${each.body.message.slice(0, 40)}…"` : ""}`;
    const seen = counts.get(label) ?? { count: 0, slowest: 0 };
    counts.set(label, { count: seen.count + 1, slowest: Math.max(seen.slowest, each.ms) });
  }
  return [...counts]
    .map(([label, { count, slowest }]) => `${label} ×${count} (≤${slowest} ms)`)
    .join(", ");
};

async function query<T extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, application_name: "money-faults" });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const shopEnv = (url: string) => ({
  DATABASE_URL: url,
  DEMO_DATA: "false",
  DATA_DIR: mkdtempSync(join(tmpdir(), "encore-money-faults-")),
  // Each buyer's own X-Forwarded-For is its address for the card-testing limit.
  TRUST_PROXY: "1",
  DB_POOL_SIZE: "8",
  LOG_LEVEL: "warn",
});

async function stopAll(processes: Started[]) {
  for (const each of processes) if (each.child.exitCode === null) each.child.kill("SIGTERM");
  await Promise.all(
    processes.map((each) =>
      Promise.race([
        exitOf(each.child),
        sleep(15_000).then(() => {
          each.child.kill("SIGKILL");
        }),
      ]),
    ),
  );
}

/** Polls `ready` every 200 ms until it answers nothing left to wait for, or `boundMs` passes. */
async function settleWithin(boundMs: number, ready: () => Promise<string | undefined>) {
  const until = Date.now() + boundMs;
  let waiting = await ready();
  while (waiting && Date.now() < until) {
    await sleep(200);
    waiting = await ready();
  }
  return waiting;
}

describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "the money path with the database's connections terminated, on %s",
  (kind) => {
    const table: RunCounts[] = [];
    afterAll(() => {
      if (table.length > 0) console.table(table);
    });

    for (let run = 1; run <= RUNS; run++) {
      const seed = FIRST_SEED + run - 1;
      it(`run ${run} of ${RUNS} (MONEY_FAULT_SEED=${seed}): each buyer charged at most once, as told`, async () => {
        console.log(`money faults: run ${run} of ${RUNS}, MONEY_FAULT_SEED=${seed}`);
        const began = Date.now();
        const streams = seededStreams(seed);
        const violations = new Violations();
        const processes: Started[] = [];
        let database: TestDatabase | undefined;
        try {
          database = await createTestDatabase(kind);
          const url = database.url ?? "";
          const counts = await scenario(url, database, streams, violations, processes);
          const row = {
            run,
            seed,
            ...counts,
            violations: violations.lines.length,
            seconds: Math.round((Date.now() - began) / 1000),
          };
          table.push(row);
          console.log(`money faults: run ${run} counts ${JSON.stringify(row)}`);
        } finally {
          await stopAll(processes);
          await database?.drop();
        }
        if (violations.lines.length > 0) {
          // What the shop's processes logged (warnings and errors), for whoever reads the diff.
          const logs = join(tmpdir(), `money-faults-${seed}.log`);
          writeFileSync(
            logs,
            processes.map((each, index) => `# process ${index + 1}\n${each.output()}`).join("\n"),
          );
          console.log(
            `money faults: run ${run} (MONEY_FAULT_SEED=${seed}) broke ${violations.lines.length} invariants (the shop's logs: ${logs}):\n  ${violations.lines.join("\n  ")}`,
          );
        }
        expect(violations.lines).toEqual([]);
      }, 240_000);
    }
  },
);

async function scenario(
  url: string,
  database: TestDatabase,
  streams: (stream: number) => () => number,
  violations: Violations,
  processes: Started[],
): Promise<Omit<RunCounts, "run" | "seed" | "violations" | "seconds">> {
  // The shop's goods, made before any process starts: a variant with a few units left, one with
  // plenty, and a code with fewer uses than its buyers.
  const db = database.db;
  const brand = await makeBrand(db);
  const scarce = await makeProduct(db, {
    brandId: brand.id,
    variants: [{ price: 2500, stock: LAST_UNITS }],
  });
  const plenty = await makeProduct(db, {
    brandId: brand.id,
    variants: [{ price: 1500, stock: 1000 }],
  });
  const scarceId = scarce.variants[0]?.id ?? 0;
  const plentyId = plenty.variants[0]?.id ?? 0;
  const code = await makeDiscount(db, { usageLimit: CODE_USES, value: 10 });
  await database.close();

  const starting = Date.now();
  processes.push(
    ...(await Promise.all(Array.from({ length: PROCESSES }, () => start(shopEnv(url))))),
  );
  console.log(`money faults: ${PROCESSES} processes started in ${Date.now() - starting} ms`);
  const at = (attempt: number) => processes[attempt % PROCESSES]?.url ?? "";

  const group = await fetch(
    `${at(0)}/api/delivery/option-groups/determined-delivery-option-group`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ country: "GB", lines: [] }),
    },
  );
  const deliveryOptionId = ((await group.json()) as { data: { options: Array<{ id: number }> } })
    .data.options[0]?.id;
  const signIn = await fetch(`${at(0)}/api/login-admin`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      email: DEMO_ACCOUNTS.staff.email,
      password: DEMO_ACCOUNTS.staff.password,
    }),
  });
  if (signIn.status !== 200) throw new Error(`staff sign-in answered ${signIn.status}`);
  const staffToken = ((await signIn.json()) as { data: { token: string } }).data.token;

  const buyers: Buyer[] = Array.from({ length: BUYERS }, (_, index) => {
    // 10 on the last units (2 of them declined), 8 with the code (1 declined), 3 declined, the
    // rest plain successes.
    const group: Group = index < 10 ? "last units" : index < 18 ? "code" : "plain";
    const outcome = [3, 7, 13, 18, 19, 20].includes(index) ? "decline" : "success";
    const variantId = group === "last units" ? scarceId : plentyId;
    const quantity = group === "last units" ? 1 : PLENTY_QUANTITY;
    const email = `money-fault-fan-${String(index).padStart(2, "0")}@example.com`;
    return {
      index,
      email,
      key: randomUUID(),
      group,
      outcome,
      variantId,
      quantity,
      address: `10.28.${Math.floor(index / 250)}.${(index % 250) + 1}`,
      body: {
        lines: [{ id: variantId, quantity }],
        email,
        shippingAddress: { ...UK_ADDRESS, fullName: `Fan ${index}` },
        deliveryOptionId,
        payment: { provider: "test", outcome },
        ...(group === "code" ? { discount: code.code } : {}),
      },
    };
  });

  const stockRows = () =>
    query<{ id: number; stock: number }>(
      url,
      "select id, stock_on_hand as stock from product_variants where id = any($1)",
      [[scarceId, plentyId]],
    );
  const stockBefore = new Map((await stockRows()).map((row) => [row.id, row.stock]));

  const policy = (buyer: Buyer): RetryPolicy => ({
    boundMs: ANSWER_BOUND_MS,
    firstWaitMs: 100,
    capMs: 1500,
    random: streams(100 + buyer.index),
  });
  const orderPoll =
    (buyer: Buyer) =>
    (location: string, attempt: number): Sent => ({
      method: "GET",
      url: new URL(location, at(buyer.index + attempt)).toString(),
      headers: { "X-Forwarded-For": buyer.address },
    });
  const settledOrder = (polled: Exchange) =>
    (polled.body?.data as { status?: string } | undefined)?.status !== "pending_payment";

  // Released together: every call starts once all are built, while the terminator runs.
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answers = buyers.map(async (buyer) => {
    await gate;
    return callUntilFinal(
      (attempt) => ({
        method: "POST",
        url: `${at(buyer.index + attempt)}/api/checkout/charge`,
        headers: { "Idempotency-Key": buyer.key, "X-Forwarded-For": buyer.address },
        body: buyer.body,
      }),
      orderPoll(buyer),
      policy(buyer),
      settledOrder,
    );
  });
  const terminator = await startTerminator(url, {
    count: TERMINATIONS,
    points: CHECKOUT_POINTS,
    random: streams(0),
    gapMs: [20, 400],
    holdMs: [1000, 4000],
  });
  const charging = Date.now();
  release();
  const outcomes = await Promise.all(answers);
  const terminations = await terminator.stop();
  console.log(
    `money faults: every buyer answered in ${Date.now() - charging} ms; answers seen: ${summaryOf(outcomes.flatMap((outcome) => outcome.exchanges))}`,
  );
  console.log(`money faults: checkout terminations ${JSON.stringify(terminations)}`);
  if (TERMINATIONS > 0 && !terminations.some((each) => each.terminated > 0)) {
    violations.add("the harness's own check", "no checkout termination ended any connection");
  }

  // Staff refunds of paid orders, before the reconciler, so its one run settles both.
  const refunds = await runRefunds(url, {
    buyers,
    plentyId,
    staffToken,
    at,
    streams,
    violations,
  });

  // The reconciler: pending orders are past their reservation (as 15 minutes later), and one
  // more process starts, whose first run settles every pending order with its provider and asks
  // the provider again about every refund still pending.
  const emails = buyers.map((buyer) => buyer.email);
  await query(
    url,
    "update orders set reserved_until = now() - interval '1 second' where status = 'pending_payment' and email = any($1)",
    [emails],
  );
  const left = async () => {
    const [row] = await query<{ orders: number; refunds: number; keys: number }>(
      url,
      `select (select count(*)::int from orders where status = 'pending_payment' and email = any($1)) as orders,
              (select count(*)::int from order_refunds r join orders o on o.id = r.order_id
                 where r.state = 'pending' and o.email = any($1)) as refunds,
              (select count(*)::int from idempotency_keys where state = 'in_flight') as keys`,
      [emails],
    );
    return row ?? { orders: 0, refunds: 0, keys: 0 };
  };
  const unsettled = async () => {
    const { orders, refunds, keys } = await left();
    return orders > 0 || refunds > 0 || keys > 0
      ? `${orders} orders pending, ${refunds} refunds pending, ${keys} keys in flight`
      : undefined;
  };
  const reconciling = Date.now();
  processes.push(await start(shopEnv(url)));
  console.log(`money faults: the reconciler's process started in ${Date.now() - reconciling} ms`);
  let waited = await settleWithin(SETTLE_BOUND_MS, unsettled);
  const stillPending = await left();
  if (stillPending.orders > 0 || stillPending.refunds > 0) {
    // Its first run is skipped when another process's sweep holds the reconciler's lock at that
    // moment: one more process gets a run of its own.
    console.log(`money faults: ${waited}; one more reconciler's process`);
    processes.push(await start(shopEnv(url)));
    waited = await settleWithin(SETTLE_BOUND_MS, unsettled);
  }
  if (waited) {
    violations.add(
      "the reconciler settles everything",
      `after ${SETTLE_BOUND_MS / 1000} s: ${waited}`,
    );
  }

  const checkout = await checkCheckout(url, buyers, outcomes, {
    stockBefore,
    stockAfter: new Map((await stockRows()).map((row) => [row.id, row.stock])),
    codeId: code.id,
    showOrder: (orderId, token, attempt) =>
      exchange({
        method: "GET",
        url: `${at(attempt)}/api/orders/show/${orderId}?token=${encodeURIComponent(token)}`,
      }),
    violations,
  });
  const refundFindings = await checkRefunds(
    url,
    refunds.calls,
    refunds.outcomes,
    refunds.chosen,
    violations,
  );

  const attempts = outcomes.reduce((sum, outcome) => sum + outcome.attempts, 0);
  return {
    ...checkout,
    retries: attempts - outcomes.length,
    terminations: terminations.filter((each) => each.terminated > 0).length,
    accepted202: outcomes.filter((outcome) => outcome.final?.status === 202).length,
    unexpected5xx: [...outcomes, ...refunds.outcomes]
      .flatMap((outcome) => outcome.exchanges)
      .filter(isUnexpected).length,
    keysInFlight: checkout.keysInFlight + refundFindings.keysInFlight,
    refunds: refunds.calls.length,
    refundsUnclaimed: refundFindings.unclaimed,
    refundRetries:
      refunds.outcomes.reduce((sum, outcome) => sum + outcome.attempts, 0) - refunds.calls.length,
    refundTerminations: refunds.terminations.filter((each) => each.terminated > 0).length,
  };
}

type OrderRow = {
  id: number;
  email: string;
  status: string;
  total: number;
  discount_id: number | null;
  payment_reference: string | null;
};
type PaymentRow = { order_id: number; reference: string; state: string; amount: number };

async function checkCheckout(
  url: string,
  buyers: Buyer[],
  outcomes: CallOutcome[],
  context: {
    stockBefore: Map<number, number>;
    stockAfter: Map<number, number>;
    codeId: number;
    /** GET /api/orders/show/{id}?token= on one of the processes. */
    showOrder: (orderId: number, token: string, attempt: number) => Promise<Exchange>;
    violations: Violations;
  },
) {
  const { violations } = context;
  const emails = buyers.map((buyer) => buyer.email);
  const orders = await query<OrderRow>(
    url,
    "select id, email, status, total, discount_id, payment_reference from orders where email = any($1) order by id",
    [emails],
  );
  const ids = orders.map((order) => order.id);
  const lines = await query<{ order_id: number; variant_id: number; quantity: number }>(
    url,
    "select order_id, variant_id, quantity from order_lines where order_id = any($1)",
    [ids],
  );
  const payments = await query<PaymentRow>(
    url,
    "select order_id, reference, state, amount from payments where order_id = any($1)",
    [ids],
  );
  // Every intent of an order the buyers' emails have, and any intent of no order at all.
  const intents = await query<PaymentRow>(
    url,
    `select order_id, reference, state, amount from test_payment_intents
       where order_id = any($1) or order_id not in (select id from orders)`,
    [ids],
  );
  const inFlight = await query<{ scope: string; key: string; created_at: Date }>(
    url,
    "select scope, key, created_at from idempotency_keys where state = 'in_flight' and scope not like '%/orders/refund/%'",
  );
  const [code] = await query<{ times_used: number; usage_limit: number | null }>(
    url,
    "select times_used, usage_limit from discounts where id = $1",
    [context.codeId],
  );
  const redemptions = await query<{ order_id: number | null; email: string }>(
    url,
    "select order_id, email from discount_redemptions where discount_id = $1",
    [context.codeId],
  );

  const byId = new Map(orders.map((order) => [order.id, order]));
  const describeOrder = (order: OrderRow) => {
    const intent = intents.find((each) => each.order_id === order.id);
    const payment = payments.filter((each) => each.order_id === order.id);
    return `#${order.id} ${order.status} ${order.total}p (provider: ${intent ? `${intent.reference} ${intent.state}` : "no intent"}; payments: ${payment.map((each) => each.state).join("/") || "none"})`;
  };
  const paid = orders.filter((order) => order.status === "paid");
  const succeededIntents = intents.filter((each) => each.state === "succeeded");
  const succeededPayments = payments.filter((each) => each.state === "succeeded");

  // Each buyer has at most one order.
  for (const buyer of buyers) {
    const theirs = orders.filter((order) => order.email === buyer.email);
    if (theirs.length > 1) {
      violations.add(
        "one order per buyer",
        `${buyer.email} (key ${buyer.key}) has ${theirs.length} orders: ${theirs.map(describeOrder).join("; ")}`,
      );
    }
  }
  // Each order at most one succeeded payment, in our record and at the provider.
  for (const order of orders) {
    for (const [name, rows] of [
      ["payments", succeededPayments],
      ["test_payment_intents", succeededIntents],
    ] as const) {
      const count = rows.filter((each) => each.order_id === order.id).length;
      if (count > 1) {
        violations.add(
          "one payment per order",
          `${name} has ${count} succeeded for ${describeOrder(order)}`,
        );
      }
    }
  }
  // Every succeeded payment belongs to a paid order.
  for (const [name, rows] of [
    ["test_payment_intents", succeededIntents],
    ["payments", succeededPayments],
  ] as const) {
    for (const payment of rows) {
      const order = byId.get(payment.order_id);
      if (order?.status !== "paid") {
        violations.add(
          "every charge has a paid order",
          `${name} ${payment.reference} (${payment.amount}p) succeeded for ${order ? `${order.email}'s order ${describeOrder(order)}` : `order #${payment.order_id}, which does not exist`}`,
        );
      }
    }
  }
  // Every paid order was charged its total, and our record says so.
  for (const order of paid) {
    const intent = succeededIntents.find((each) => each.order_id === order.id);
    const payment = succeededPayments.find((each) => each.order_id === order.id);
    if (intent?.amount !== order.total || payment?.reference !== intent.reference) {
      violations.add(
        "every paid order was charged once, and recorded",
        `${order.email}'s order ${describeOrder(order)}`,
      );
    }
  }
  // The counts agree: paid orders, charges, stock taken, code uses.
  const paidIds = new Set(paid.map((order) => order.id));
  const chargedOrders = new Set(succeededIntents.map((each) => each.order_id));
  const recordedOrders = new Set(succeededPayments.map((each) => each.order_id));
  if (paidIds.size !== chargedOrders.size || paidIds.size !== recordedOrders.size) {
    violations.add(
      "paid orders = succeeded payments",
      `${paidIds.size} paid orders, ${chargedOrders.size} orders charged at the provider, ${recordedOrders.size} with a succeeded payment recorded`,
    );
  }
  for (const [variantId, before] of context.stockBefore) {
    const taken = before - (context.stockAfter.get(variantId) ?? before);
    const sold = lines
      .filter((line) => line.variant_id === variantId && paidIds.has(line.order_id))
      .reduce((sum, line) => sum + line.quantity, 0);
    if (taken !== sold) {
      violations.add(
        "stock taken = units paid for",
        `variant ${variantId}: ${before} → ${context.stockAfter.get(variantId)} (${taken} taken), ${sold} units in paid orders`,
      );
    }
  }
  const paidWithCode = paid.filter((order) => order.discount_id === context.codeId);
  const redeemedPaid = redemptions.filter((each) => each.order_id && paidIds.has(each.order_id));
  if (
    !code ||
    code.times_used !== paidWithCode.length ||
    redemptions.length !== paidWithCode.length ||
    redeemedPaid.length !== paidWithCode.length ||
    (code.usage_limit !== null && code.times_used > code.usage_limit)
  ) {
    violations.add(
      "code uses = paid orders with the code",
      `times_used ${code?.times_used} of ${code?.usage_limit}, ${redemptions.length} redemptions (${redeemedPaid.length} of paid orders), ${paidWithCode.length} paid orders with the code`,
    );
  }
  for (const key of inFlight) {
    violations.add(
      "no key left in flight",
      `${key.scope} ${key.key} (claimed ${key.created_at.toISOString()})${buyerOfKey(buyers, key.key)}`,
    );
  }
  for (const order of orders.filter((each) => each.status === "pending_payment")) {
    violations.add("no order left pending", `${order.email}'s order ${describeOrder(order)}`);
  }

  // Each buyer's last answer agrees with SQL.
  let declined = 0;
  let refused = 0;
  let unanswered = 0;
  for (const [index, buyer] of buyers.entries()) {
    const outcome = outcomes[index];
    const who = `${buyer.email} (key ${buyer.key}, ${buyer.group}, ${buyer.outcome})`;
    const theirs = orders.filter((order) => order.email === buyer.email);
    const sql = theirs.map(describeOrder).join("; ") || "no order";
    const final = outcome?.final;
    if (!outcome || !final) {
      unanswered += 1;
      violations.add(
        "every buyer gets a final answer",
        `${who} had none after ${ANSWER_BOUND_MS / 1000} s (${summaryOf(outcome?.exchanges ?? [])}); SQL: ${sql}`,
      );
      continue;
    }
    const data = final.body?.data as { orderId?: number; status?: string } | undefined;
    const told = (() => {
      if (final.status === 200) return data?.status ?? "?";
      if (final.status === 202) {
        const polled = outcome.polled?.body?.data as { status?: string } | undefined;
        return outcome.settled ? (polled?.status ?? "?") : "processing";
      }
      return "refused";
    })();
    const order = data?.orderId ? byId.get(data.orderId) : undefined;
    const charged = (orderId: number) =>
      succeededIntents.some((each) => each.order_id === orderId) ||
      succeededPayments.some((each) => each.order_id === orderId);
    const disagree = (what: string) =>
      violations.add(
        "each answer agrees with SQL",
        `${who} was told ${final.status} ${told} (${summaryOf(outcome.exchanges)}) but ${what}; SQL: ${sql}`,
      );
    if (told === "refused") {
      refused += 1;
      const field = Object.keys(final.body?.errors ?? {})[0];
      const expected =
        (final.status === 409 && field === "lines") ||
        (final.status === 422 && field === "discount") ||
        (final.status === 409 && field === "discount");
      if (!expected) disagree("that is not a sold-out or used-up refusal");
      if (theirs.some((each) => each.status === "paid")) disagree("they have a paid order");
      continue;
    }
    if (data?.orderId && order?.email !== buyer.email) {
      disagree(`order #${data.orderId} is not theirs`);
      continue;
    }
    if (!order) {
      disagree("the answer names no order");
      continue;
    }
    if (told === "paid" && order.status !== "paid") disagree(`order #${order.id} is not paid`);
    if (told === "declined" || told === "cancelled") {
      declined += 1;
      if (order.status !== "cancelled") disagree(`order #${order.id} is not cancelled`);
      if (charged(order.id)) disagree(`order #${order.id} was charged`);
      if (theirs.some((each) => each.status === "paid")) disagree("they have a paid order");
    }
    if (told === "requires_action") disagree("no buyer's card asks for authentication");
    // A guest's answer carries the token that opens the order (a 202's Location has it too).
    const token = (data as { accessToken?: string } | undefined)?.accessToken;
    if (!token) {
      if (final.status === 200) disagree("it carries no access token");
      continue;
    }
    const shown = await context.showOrder(order.id, token, index);
    const status = (shown.body?.data as { status?: string } | undefined)?.status;
    if (shown.status !== 200 || status !== order.status) {
      disagree(`its access token shows ${shown.status} ${status ?? ""}`);
    }
  }
  // A 5xx other than 503 is never an answer to a fault.
  for (const [index, outcome] of outcomes.entries()) {
    const odd = outcome.exchanges.filter(isUnexpected);
    if (odd.length > 0) {
      violations.add(
        "no 5xx but 503 for a fault",
        `${buyers[index]?.email} (key ${buyers[index]?.key}): ${summaryOf(odd)}`,
      );
    }
  }
  const chargedOrdersOf = (email: string) =>
    orders.filter((order) => order.email === email && chargedOrders.has(order.id)).length;
  return {
    orders: orders.length,
    paid: paid.length,
    declined,
    refused,
    unanswered,
    chargedTwice: buyers.filter((buyer) => chargedOrdersOf(buyer.email) > 1).length,
    chargedNotPaid: succeededIntents.filter((each) => byId.get(each.order_id)?.status !== "paid")
      .length,
    keysInFlight: inFlight.length,
  };
}

const buyerOfKey = (buyers: Buyer[], key: string) => {
  const buyer = buyers.find((each) => each.key === key);
  return buyer ? `, ${buyer.email}'s charge` : "";
};

type RefundCall = { orderId: number; key: string; body: Record<string, unknown> };

async function runRefunds(
  url: string,
  context: {
    buyers: Buyer[];
    plentyId: number;
    staffToken: string;
    at: (attempt: number) => string;
    streams: (stream: number) => () => number;
    violations: Violations;
  },
) {
  const { violations, at } = context;
  // Paid orders of the plentiful variant, lowest ids first: the same ones for the same outcome.
  const chosen = await query<{ order_id: number; line_id: number; total: number }>(
    url,
    `select o.id as order_id, l.id as line_id, o.total from orders o join order_lines l on l.order_id = o.id
      where o.status = 'paid' and o.email = any($1) and l.variant_id = $2 and l.quantity = $3
      order by o.id limit $4`,
    [
      context.buyers.map((buyer) => buyer.email),
      context.plentyId,
      PLENTY_QUANTITY,
      REFUNDED_ORDERS,
    ],
  );
  const calls: RefundCall[] = chosen.flatMap((order) =>
    ["A", "B"].map((which) => ({
      orderId: order.order_id,
      key: randomUUID(),
      body: {
        lines: [{ lineId: order.line_id, quantity: 1 }],
        reason: `Fault test refund ${which}`,
      },
    })),
  );
  const headers = (call: RefundCall) => ({
    Authorization: `Bearer ${context.staffToken}`,
    "Idempotency-Key": call.key,
  });
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answers = calls.map(async (call, index) => {
    await gate;
    return callUntilFinal(
      (attempt) => ({
        method: "POST",
        url: `${at(index + attempt)}/api/staff/orders/refund/${call.orderId}`,
        headers: headers(call),
        body: call.body,
      }),
      (location, attempt) => ({
        method: "GET",
        url: new URL(location, at(index + attempt)).toString(),
        headers: { Authorization: `Bearer ${context.staffToken}` },
      }),
      {
        boundMs: ANSWER_BOUND_MS,
        firstWaitMs: 100,
        capMs: 1500,
        random: context.streams(200 + index),
      },
      () => true,
    );
  });
  const terminator = await startTerminator(url, {
    count: TERMINATIONS === 0 ? 0 : Math.max(2, Math.ceil(TERMINATIONS / 2)),
    points: REFUND_POINTS,
    random: context.streams(1),
    gapMs: [10, 200],
    holdMs: [1000, 4000],
  });
  release();
  const outcomes = await Promise.all(answers);
  const terminations = await terminator.stop();
  console.log(`money faults: refund terminations ${JSON.stringify(terminations)}`);
  if (TERMINATIONS > 0 && !terminations.some((each) => each.terminated > 0)) {
    violations.add("the harness's own check", "no refund termination ended any connection");
  }
  console.log(
    `money faults: refund answers seen: ${summaryOf(outcomes.flatMap((outcome) => outcome.exchanges))}`,
  );

  return { calls, outcomes, chosen, terminations };
}

async function checkRefunds(
  url: string,
  calls: RefundCall[],
  outcomes: CallOutcome[],
  chosen: Array<{ order_id: number; line_id: number; total: number }>,
  violations: Violations,
) {
  const orderIds = chosen.map((order) => order.order_id);
  const orders = await query<{
    id: number;
    email: string;
    total: number;
    refunded_total: number;
    payment_reference: string;
  }>(
    url,
    "select id, email, total, refunded_total, payment_reference from orders where id = any($1)",
    [orderIds],
  );
  const refunds = await query<{
    id: number;
    order_id: number;
    amount: number;
    state: string;
    kind: string | null;
    provider_reference: string | null;
    reason: string;
  }>(
    url,
    "select id, order_id, amount, state, kind, provider_reference, reason from order_refunds where order_id = any($1) order by id",
    [orderIds],
  );
  const given = await query<{
    reference: string;
    payment_reference: string;
    idempotency_key: string;
    amount: number;
  }>(
    url,
    `select r.reference, r.payment_reference, r.idempotency_key, r.amount from test_payment_refunds r
       join test_payment_intents i on i.reference = r.payment_reference where i.order_id = any($1)`,
    [orderIds],
  );
  const intents = await query<{ order_id: number; reference: string; amount: number }>(
    url,
    "select order_id, reference, amount from test_payment_intents where order_id = any($1)",
    [orderIds],
  );
  const lines = await query<{ id: number; quantity: number; refunded_quantity: number }>(
    url,
    "select id, quantity, refunded_quantity from order_lines where id = any($1)",
    [chosen.map((order) => order.line_id)],
  );
  const inFlight = await query<{ scope: string; key: string }>(
    url,
    "select scope, key from idempotency_keys where state = 'in_flight' and scope like '%/orders/refund/%'",
  );

  const describeRefund = (refund: (typeof refunds)[number]) =>
    `refund #${refund.id} of order #${refund.order_id} (${refund.amount}p, ${refund.state}, "${refund.reason}", provider ${refund.provider_reference ?? "none"})`;

  const refundsOf = (orderId: number) =>
    refunds
      .filter((refund) => refund.order_id === orderId)
      .map(describeRefund)
      .join("; ") || "no refund";
  // Each key answered one refund, and every refund was some key's answer.
  const answered = new Map<number, RefundCall>();
  const unanswered = new Set<number>();
  for (const [index, call] of calls.entries()) {
    const outcome = outcomes[index];
    const who = `refund of order #${call.orderId} with key ${call.key} ("${call.body.reason}")`;
    const final = outcome?.final;
    if (!outcome || !final) {
      unanswered.add(call.orderId);
      violations.add(
        "every refund call gets a final answer",
        `${who} had none (${summaryOf(outcome?.exchanges ?? [])}); SQL: ${refundsOf(call.orderId)}`,
      );
      continue;
    }
    const named = (answer: Exchange | undefined) =>
      (answer?.body?.data as { refund?: { id?: number } | null } | undefined)?.refund?.id;
    const refundId = named(final) ?? named(outcome.polled);
    if (final.status !== 200 && final.status !== 202) {
      violations.add(
        "each refund answer agrees with SQL",
        `${who} was refused: ${summaryOf([final])} (${summaryOf(outcome.exchanges)})`,
      );
      continue;
    }
    if (!refundId) {
      violations.add(
        "each refund answer agrees with SQL",
        `${who} was answered ${final.status} naming no refund`,
      );
      continue;
    }
    const twice = answered.get(refundId);
    if (twice) {
      violations.add(
        "each key its own refund",
        `${who} and key ${twice.key} both answered refund #${refundId}`,
      );
    }
    answered.set(refundId, call);
    const row = refunds.find((refund) => refund.id === refundId);
    if (!row || row.order_id !== call.orderId || row.state !== "succeeded") {
      violations.add(
        "each refund answer agrees with SQL",
        `${who} was told refund #${refundId} but SQL has ${row ? describeRefund(row) : "no such refund"}`,
      );
    }
  }
  // A refund no key's answer names is one too many, unless a key of its order never answered
  // (that key's refund, its answer lost: reported above). More refunds than keys always is.
  const live = refunds.filter((refund) => refund.state !== "failed");
  const unclaimed = live.filter(
    (refund) =>
      !answered.has(refund.id) &&
      (!unanswered.has(refund.order_id) ||
        live.filter((each) => each.order_id === refund.order_id).length >
          calls.filter((call) => call.orderId === refund.order_id).length),
  );
  for (const refund of unclaimed) {
    violations.add(
      "each key at most one refund",
      `${describeRefund(refund)} is no key's answer: given twice for one key; SQL: ${refundsOf(refund.order_id)}`,
    );
  }
  // Never more back than was paid; the shop's books and the provider's agree one to one.
  for (const order of orders) {
    const mine = refunds.filter((refund) => refund.order_id === order.id);
    const succeeded = mine.filter((refund) => refund.state === "succeeded");
    const shopSum = succeeded.reduce((sum, refund) => sum + refund.amount, 0);
    const intent = intents.find((each) => each.order_id === order.id);
    const providerSum = given
      .filter((each) => each.payment_reference === intent?.reference)
      .reduce((sum, each) => sum + each.amount, 0);
    if (order.refunded_total !== shopSum || providerSum !== shopSum || shopSum > order.total) {
      violations.add(
        "refunded ≤ paid, and the books agree",
        `order #${order.id} (${order.email}) paid ${order.total}p: refunded_total ${order.refunded_total}p, shop's succeeded refunds ${shopSum}p, provider gave back ${providerSum}p (intent ${intent?.reference} of ${intent?.amount}p)`,
      );
    }
    for (const refund of mine.filter((each) => each.state === "pending")) {
      violations.add("no refund left pending", describeRefund(refund));
    }
  }
  for (const refund of refunds.filter((each) => each.state === "succeeded")) {
    const match = given.filter((each) => each.reference === refund.provider_reference);
    if (match.length !== 1 || match[0]?.amount !== refund.amount) {
      violations.add(
        "each shop refund is one provider refund",
        `${describeRefund(refund)}: the provider has ${match.length} with that reference`,
      );
    }
  }
  for (const each of given) {
    const match = refunds.filter((refund) => refund.provider_reference === each.reference);
    if (match.length !== 1 || match[0]?.state !== "succeeded") {
      violations.add(
        "each provider refund is one shop refund",
        `provider refund ${each.reference} (${each.amount}p, key ${each.idempotency_key}) is ${match.map(describeRefund).join("; ") || "in no shop refund"}`,
      );
    }
  }
  for (const line of lines) {
    if (line.refunded_quantity > line.quantity) {
      violations.add(
        "nothing refunded twice",
        `line ${line.id}: ${line.refunded_quantity} of ${line.quantity} units refunded`,
      );
    }
  }
  for (const key of inFlight) {
    const call = calls.find((each) => each.key === key.key);
    violations.add(
      "no refund key left in flight",
      `${key.scope} ${key.key}${call ? ` (refund of order #${call.orderId})` : ""}`,
    );
  }
  for (const [index, outcome] of outcomes.entries()) {
    const odd = outcome.exchanges.filter(isUnexpected);
    if (odd.length > 0) {
      violations.add(
        "no 5xx but 503 for a fault",
        `refund key ${calls[index]?.key} of order #${calls[index]?.orderId}: ${summaryOf(odd)}`,
      );
    }
  }
  return { unclaimed: unclaimed.length, keysInFlight: inFlight.length };
}
