import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEY_IN_FLIGHT } from "../../server/idempotency/service.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "./databases.ts";
import {
  callUntilFinal,
  type Exchange,
  isUnexpected,
  type RetryPolicy,
  seededRandom,
  sleep,
  startTerminator,
  verdictOf,
} from "./money-faults.ts";

// The fault-injection harness's own logic (tests/money-faults.test.ts relies on it): what it
// retries, what it polls, what it keeps as final, and that its terminator ends the app's
// connections, never its own. A scripted server plays the shop's answers in turn.

type Scripted = (request: IncomingMessage, response: ServerResponse) => void;
type Received = { method: string; path: string; key?: string; body: string };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  ((_request, response) => {
    response.writeHead(status, { "Content-Type": "application/json", ...headers });
    response.end(JSON.stringify(body));
  }) satisfies Scripted;
const reset: Scripted = (request) => request.socket.destroy();

describe("the money fault harness's client", () => {
  let server: Server;
  let base = "";
  const scripts = new Map<string, Scripted[]>();
  const received: Received[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        const path = (request.url ?? "").split("?")[0] ?? "";
        received.push({
          method: request.method ?? "",
          path,
          key: request.headers["idempotency-key"] as string | undefined,
          body,
        });
        const script = scripts.get(path) ?? [];
        const next = script.length > 1 ? script.shift() : script[0];
        (next ?? json(404, { message: "unscripted" }))(request, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const policy = (boundMs = 5_000): RetryPolicy => ({
    boundMs,
    firstWaitMs: 5,
    capMs: 40,
    random: seededRandom(1),
  });
  const call = (path: string, key: string) => () => ({
    method: "POST" as const,
    url: `${base}${path}`,
    headers: { "Idempotency-Key": key },
    body: { lines: [{ id: 1, quantity: 1 }] },
  });
  const poll = (location: string) => ({
    method: "GET" as const,
    url: new URL(location, base).toString(),
  });
  const settled = (polled: Exchange) =>
    (polled.body?.data as { status?: string } | undefined)?.status !== "pending_payment";

  it("retries in-flight keys, 503s, resets and 500s with the same key and body, and keeps the 200", async () => {
    const key = randomUUID();
    scripts.set("/charge", [
      json(409, { message: KEY_IN_FLIGHT }),
      json(503, { message: "busy" }, { "Retry-After": "5" }),
      reset,
      json(500, { message: "Something went wrong" }),
      json(200, { data: { orderId: 7, status: "paid" } }),
    ]);
    const began = Date.now();
    const outcome = await callUntilFinal(call("/charge", key), poll, policy(), settled);
    expect(outcome.final?.status).toBe(200);
    expect(outcome.attempts).toBe(5);
    expect(outcome.exchanges.map((each) => each.status)).toEqual([409, 503, 0, 500, 200]);
    expect(outcome.exchanges.filter(isUnexpected)).toHaveLength(1);
    const sent = received.filter((each) => each.path === "/charge");
    expect(new Set(sent.map((each) => each.key))).toEqual(new Set([key]));
    expect(new Set(sent.map((each) => each.body)).size).toBe(1);
    // Retry-After (5 s) is honoured only up to the cap.
    expect(Date.now() - began).toBeLessThan(2_000);
  });

  it("keeps a sold-out 409 and a used-up 422 as final refusals, at once", async () => {
    scripts.set("/sold-out", [json(409, { message: "Sold out", errors: { lines: ["Sold out"] } })]);
    scripts.set("/used-up", [
      json(422, { message: "Validation failed", errors: { discount: ["Used up"] } }),
    ]);
    const soldOut = await callUntilFinal(call("/sold-out", randomUUID()), poll, policy(), settled);
    const usedUp = await callUntilFinal(call("/used-up", randomUUID()), poll, policy(), settled);
    expect([soldOut.final?.status, soldOut.attempts]).toEqual([409, 1]);
    expect([usedUp.final?.status, usedUp.attempts]).toEqual([422, 1]);
  });

  it("polls a 202's Location through 503s and pending answers until the order is settled", async () => {
    scripts.set("/slow-charge", [
      json(
        202,
        { data: { orderId: 9, status: "processing" } },
        { Location: "/orders/show/9?token=t" },
      ),
    ]);
    scripts.set("/orders/show/9", [
      json(503, { message: "busy" }),
      json(200, { data: { id: 9, status: "pending_payment" } }),
      json(200, { data: { id: 9, status: "paid" } }),
    ]);
    const outcome = await callUntilFinal(
      call("/slow-charge", randomUUID()),
      poll,
      policy(),
      settled,
    );
    expect(outcome.final?.status).toBe(202);
    expect(outcome.settled).toBe(true);
    expect(outcome.polled?.body?.data).toMatchObject({ status: "paid" });
    expect(outcome.exchanges.map((each) => each.status)).toEqual([202, 503, 200, 200]);
  });

  it("gives up at its bound: no final answer for a key in flight for ever, an unsettled 202", async () => {
    scripts.set("/stuck", [json(409, { message: KEY_IN_FLIGHT })]);
    scripts.set("/never-settles", [
      json(202, { data: { orderId: 10, status: "processing" } }, { Location: "/orders/show/10" }),
    ]);
    scripts.set("/orders/show/10", [json(200, { data: { id: 10, status: "pending_payment" } })]);
    const stuck = await callUntilFinal(call("/stuck", randomUUID()), poll, policy(300), settled);
    expect(stuck.final).toBeUndefined();
    expect(stuck.attempts).toBeGreaterThan(2);
    const unsettled = await callUntilFinal(
      call("/never-settles", randomUUID()),
      poll,
      policy(300),
      settled,
    );
    expect(unsettled.final?.status).toBe(202);
    expect(unsettled.settled).toBe(false);
  });

  it("sorts answers by the contract", () => {
    const answer = (status: number, extra: Partial<Exchange> = {}): Exchange => ({
      status,
      body: undefined,
      ms: 1,
      ...extra,
    });
    expect(verdictOf(answer(200))).toBe("final");
    expect(verdictOf(answer(202, { location: "/x" }))).toBe("poll");
    expect(verdictOf(answer(409, { body: { message: KEY_IN_FLIGHT } }))).toBe("retry");
    expect(verdictOf(answer(409, { body: { message: "Sold out" } }))).toBe("final");
    expect(verdictOf(answer(422))).toBe("final");
    expect(verdictOf(answer(503))).toBe("retry");
    expect(verdictOf(answer(0, { error: "ECONNRESET" }))).toBe("retry");
    expect(isUnexpected(answer(502))).toBe(true);
    expect(isUnexpected(answer(202))).toBe(true);
    expect(isUnexpected(answer(503))).toBe(false);
  });

  it("draws the same numbers from the same seed", () => {
    const draw = (seed: number) => Array.from({ length: 5 }, seededRandom(seed));
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
    expect(draw(42).every((value) => value >= 0 && value < 1)).toBe(true);
  });
});

describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "the money fault harness's terminator, on %s",
  (kind) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database?.drop());

    // Seed 7 draws "all" for its one termination, seed 5 "waiting".
    it.each([
      { seed: 7, ended: "all", bystanderEnded: true },
      { seed: 5, ended: "waiting", bystanderEnded: false },
    ])(
      "ends $ended connections when one waits to write the chosen table, never its own",
      async ({ seed, ended, bystanderEnded }) => {
        const url = database.url ?? "";
        const open = async () => {
          const client = new pg.Client({ connectionString: url });
          client.on("error", () => {});
          await client.connect();
          return client;
        };
        const victim = await open();
        const bystander = await open();
        const terminator = await startTerminator(url, {
          count: 1,
          points: [{ name: "keys", table: "idempotency_keys" }],
          random: seededRandom(seed),
          gapMs: [0, 0],
          holdMs: [5_000, 5_000],
        });
        // The victim writes until its connection is ended under it.
        let lost: { code?: string } | undefined;
        for (let attempt = 0; attempt < 500 && !lost; attempt++) {
          await victim
            .query(
              "insert into idempotency_keys (scope, key, request_hash) values ('harness', $1, 'h')",
              [randomUUID()],
            )
            .catch((error: { code?: string }) => {
              lost = error;
            });
          await sleep(5);
        }
        const made = await terminator.stop();
        expect(lost?.code).toBe("57P01");
        // Had it ended its own connection too, the point would carry the error and count none.
        expect(made).toHaveLength(1);
        expect(made[0]).toMatchObject({ point: "keys", ended });
        expect(made[0]?.waiting).toBeGreaterThan(0);
        expect(made[0]?.terminated).toBeGreaterThan(0);
        const idle = await bystander.query("select 1").then(
          () => false,
          () => true,
        );
        expect(idle).toBe(bystanderEnded);
        await victim.end().catch(() => {});
        await bystander.end().catch(() => {});
      },
    );
  },
);
