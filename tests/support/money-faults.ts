// Test support for the money path's fault injection (tests only, docs/security.md #25): a
// seedable random source, a client that retries a money-moving call with its key until the shop
// gives a final answer, and a terminator that drops the app's database connections while calls
// are in flight.
import pg from "pg";
import { KEY_IN_FLIGHT } from "../../server/idempotency/service.ts";

/** A small seedable generator (mulberry32): the same seed draws the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole number from `min` to `max` inclusive. */
export const between = (random: () => number, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One HTTP exchange as the client saw it: status 0 is a network error (reset, refused, timeout). */
export type Exchange = {
  status: number;
  body: { data?: unknown; message?: string; errors?: Record<string, string[]> } | undefined;
  location?: string;
  retryAfter?: string;
  error?: string;
  /** How long the answer took. */
  ms: number;
};

/** What the client does with an answer: keep it, ask again with the same key, or poll. */
export type Verdict = "final" | "retry" | "poll";

/**
 * The contract a money-moving call answers by (issue 28): 200 is final; 202 with a `Location`
 * is final once polling it says the order is settled; a 409 whose message is KEY_IN_FLIGHT, any
 * 503 or network error is retried with the same key and body. Other 5xx and 429 are retried too,
 * as a client would, but counted: a fault must never answer them. Any other 4xx is a final
 * refusal (sold out, a code used up).
 */
export function verdictOf(exchange: Exchange): Verdict {
  const { status } = exchange;
  if (status === 200) return "final";
  if (status === 202 && exchange.location) return "poll";
  if (status === 0 || status === 429 || status >= 500) return "retry";
  if (status === 409 && exchange.body?.message === KEY_IN_FLIGHT) return "retry";
  return "final";
}

/** Whether a status is one a fault must never produce (500, 502, 504, and 202 without Location). */
export const isUnexpected = (exchange: Exchange) =>
  (exchange.status >= 500 && exchange.status !== 503) ||
  (exchange.status === 202 && !exchange.location);

export type Sent = {
  method: "GET" | "POST";
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
};

/** One request; a network error or timeout is an exchange with status 0, never a throw. */
export async function exchange(sent: Sent, timeoutMs = 20_000): Promise<Exchange> {
  const began = Date.now();
  try {
    const response = await fetch(sent.url, {
      method: sent.method,
      headers: {
        ...(sent.body === undefined ? {} : { "Content-Type": "application/json" }),
        ...sent.headers,
      },
      body: sent.body === undefined ? undefined : JSON.stringify(sent.body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "manual",
    });
    const text = await response.text();
    let body: Exchange["body"];
    try {
      body = text ? (JSON.parse(text) as Exchange["body"]) : undefined;
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return {
      status: response.status,
      body,
      location: response.headers.get("location") ?? undefined,
      retryAfter: response.headers.get("retry-after") ?? undefined,
      ms: Date.now() - began,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return {
      status: 0,
      body: undefined,
      error: cause?.code ?? (error as Error).name,
      ms: Date.now() - began,
    };
  }
}

export type RetryPolicy = {
  /** How long a call may go on being retried (and its Location polled) before it is given up. */
  boundMs: number;
  /** The first wait; each retry doubles it, up to `capMs`. Retry-After is honoured up to `capMs`. */
  firstWaitMs: number;
  capMs: number;
  random: () => number;
};

export type CallOutcome = {
  /** The final answer, or undefined when none came within the bound. */
  final?: Exchange;
  /** For a 202: the last poll of its Location (undefined when none answered). */
  polled?: Exchange;
  /** Whether the poll reached a settled order within the bound. */
  settled?: boolean;
  /** Every exchange, in order: the call's attempts, then its polls. */
  exchanges: Exchange[];
  attempts: number;
};

function waitBefore(retry: number, answer: Exchange | undefined, policy: RetryPolicy) {
  const backoff = Math.min(policy.capMs, policy.firstWaitMs * 2 ** retry);
  const asked = Number(answer?.retryAfter);
  const told = Number.isFinite(asked) && asked > 0 ? Math.min(policy.capMs, asked * 1000) : 0;
  // A little jitter, so retries released together do not stay together.
  return Math.max(backoff, told) * (0.75 + policy.random() * 0.5);
}

/**
 * Sends `call` (the same key and body each time; `target` picks the process for each attempt)
 * until the contract above says the answer is final, within `policy.boundMs`. A 202 is then
 * polled at its Location (`pollTarget` resolves it against a process) until the order is no
 * longer `pending_payment`, or the bound runs out.
 */
export async function callUntilFinal(
  call: (attempt: number) => Sent,
  poll: (location: string, attempt: number) => Sent,
  policy: RetryPolicy,
  isSettled: (polled: Exchange) => boolean,
): Promise<CallOutcome> {
  const until = Date.now() + policy.boundMs;
  const exchanges: Exchange[] = [];
  let attempts = 0;
  let last: Exchange | undefined;
  for (;;) {
    last = await exchange(call(attempts));
    attempts += 1;
    exchanges.push(last);
    const verdict = verdictOf(last);
    if (verdict === "final") return { final: last, exchanges, attempts };
    if (verdict === "poll") break;
    if (Date.now() >= until) return { exchanges, attempts };
    await sleep(Math.min(waitBefore(attempts - 1, last, policy), Math.max(0, until - Date.now())));
  }
  const accepted = last;
  const location = accepted.location ?? "";
  let polled: Exchange | undefined;
  for (let polls = 0; ; polls++) {
    const answer = await exchange(poll(location, polls));
    exchanges.push(answer);
    if (answer.status === 200) polled = answer;
    if (answer.status === 200 && isSettled(answer)) {
      return { final: accepted, polled, settled: true, exchanges, attempts };
    }
    if (Date.now() >= until)
      return { final: accepted, polled, settled: false, exchanges, attempts };
    await sleep(Math.min(waitBefore(Math.min(polls, 3), answer, policy), until - Date.now()));
  }
}

/** A table whose writes a termination may wait on, so it lands at a chosen point of the work. */
export type FaultPoint = { name: string; table?: string };

export type Termination = {
  /** Milliseconds after the terminator started. */
  at: number;
  point: string;
  /** Every other connection of the database, or only those waiting at the point. */
  ended: "all" | "waiting";
  /** Backends of the app that were waiting to write `point`'s table when they were terminated. */
  waiting: number;
  terminated: number;
};

export type Terminator = {
  /** Stops after the termination under way; answers every termination made. */
  stop(): Promise<Termination[]>;
};

// The terminations are counted from the select list: a WHERE clause's conditions may run in any
// order, so `pg_terminate_backend` there could end the terminator's own connection first.
const TERMINATE = `select pg_terminate_backend(pid) as terminated from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid()`;

const WAITING = `select count(*)::int as waiting from pg_locks
  where not granted and relation = $1::regclass
    and database = (select oid from pg_database where datname = current_database())`;

const TERMINATE_WAITING = `select pg_terminate_backend(pid) as terminated from pg_locks
  where not granted and relation = $1::regclass
    and database = (select oid from pg_database where datname = current_database())`;

/**
 * Terminates every other connection to the database `count` times, at seeded random moments.
 * Each termination has a point (each point once in a seeded order, then seeded picks): for one with a table, the terminator briefly holds a lock that
 * lets reads through but makes writes to that table wait (a stalled disk would do the same), and
 * terminates once an app connection waits there or the hold runs out; so terminations land before
 * the provider is called (writing the order), during its call (the test provider's own table),
 * after it (recording its answer), and while a key is claimed or completed. A seeded half of
 * those end only the connections waiting there (one backend lost, the rest of the pool fine);
 * the others, and a point without a table, end every connection at that moment.
 */
export async function startTerminator(
  url: string,
  options: {
    count: number;
    points: FaultPoint[];
    random: () => number;
    /** Wait before each termination: a seeded draw between these. */
    gapMs: [number, number];
    /** How long a lock may be held waiting for a writer: a seeded draw between these. */
    holdMs: [number, number];
  },
): Promise<Terminator> {
  const connect = async () => {
    const connection = new pg.Client({ connectionString: url, application_name: "money-faults" });
    connection.on("error", () => {});
    await connection.connect();
    return connection;
  };
  let client = await connect();
  const started = Date.now();
  const terminate = async (text: string, values: unknown[] = []) =>
    (await client.query<{ terminated: boolean }>(text, values)).rows.filter((row) => row.terminated)
      .length;
  const made: Termination[] = [];
  let stopped = false;

  const terminateAt = async (point: FaultPoint): Promise<Omit<Termination, "at" | "point">> => {
    if (!point.table) return { ended: "all", waiting: 0, terminated: await terminate(TERMINATE) };
    const ended = options.random() < 0.5 ? "all" : "waiting";
    const hold = between(options.random, ...options.holdMs);
    // A little longer once the first writer waits, so others may queue behind it.
    const linger = between(options.random, 0, 50);
    await client.query("begin");
    try {
      await client.query("set local lock_timeout = '1s'");
      await client.query(`lock table "${point.table}" in share row exclusive mode`);
      const until = Date.now() + hold;
      let waiting = 0;
      while (!stopped && Date.now() < until) {
        const { rows } = await client.query<{ waiting: number }>(WAITING, [point.table]);
        waiting = rows[0]?.waiting ?? 0;
        if (waiting > 0) break;
        await sleep(3);
      }
      if (waiting > 0) await sleep(linger);
      const terminated =
        ended === "all"
          ? await terminate(TERMINATE)
          : await terminate(TERMINATE_WAITING, [point.table]);
      return { ended, waiting, terminated };
    } finally {
      await client.query("rollback");
    }
  };

  // Every point once, in a seeded order, then seeded picks: a few terminations cover them all.
  const order = [...options.points];
  for (let index = order.length - 1; index > 0; index--) {
    const other = between(options.random, 0, index);
    [order[index], order[other]] = [order[other] as FaultPoint, order[index] as FaultPoint];
  }
  const pointAt = (index: number) =>
    order[index] ?? options.points[between(options.random, 0, options.points.length - 1)];

  const running = (async () => {
    for (let index = 0; index < options.count && !stopped; index++) {
      await sleep(between(options.random, ...options.gapMs));
      if (stopped) break;
      const point = pointAt(index);
      if (!point) continue;
      const at = Date.now() - started;
      try {
        made.push({ at, point: point.name, ...(await terminateAt(point)) });
      } catch (error) {
        // A lock not granted within its timeout: this termination is skipped, never retried.
        made.push({
          at,
          point: `${point.name} (${(error as Error).message})`,
          ended: "all",
          waiting: 0,
          terminated: 0,
        });
        // Its connection may be the one that failed: the next termination uses a new one.
        await client.end().catch(() => {});
        client = await connect();
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      await running;
      await client.end().catch(() => {});
      return made;
    },
  };
}
