import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { users } from "../customers/schema.ts";
import type { Db } from "../db/client.ts";
import { rateLimitHits } from "../platform/schema.ts";
import { EMAIL_LIMITS, TOO_MANY_FOR_EMAIL } from "./limits.ts";
import { makeUser } from "./test-helpers.ts";

const GOOD_PASSWORD = "gull-pier-lantern-42";
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

// docs/security.md #19: has-full-account must say whether an email has an account (checkout
// offers sign-in), so existence is bounded rather than hidden: register and has-full-account
// take the same time for known and unknown emails, and are limited per email (from any number
// of clients) as well as per client, behind a trusted proxy by the real client's address.
describe.each(databaseKinds)("account enumeration, bounded, on %s", (kind) => {
  let app: TestApp;
  let db: Db;

  beforeAll(async () => {
    // Behind a proxy on loopback: X-Forwarded-For names the client, as behind a load balancer.
    app = await startTestApp(kind, { env: { TRUST_PROXY: "loopback" } });
    db = app.database.db;
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    await db.delete(rateLimitHits);
  });

  const post = (path: string, body: unknown, client?: string) =>
    app.fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(client ? { "X-Forwarded-For": client } : {}),
      },
      body: JSON.stringify(body),
    });
  const newEmail = () => `new-${randomBytes(6).toString("hex")}@example.com`;
  const hitsFor = async (bucket: string, key: string) =>
    (
      await db
        .select({ count: sql<number>`count(*)::int` })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), eq(rateLimitHits.key, key)))
    )[0]?.count;

  /**
   * Times `ask` for a known and an unknown email in turn, `rounds` times each, the order swapped
   * every round so a slow moment of the shared machine hits both alike; the limits are emptied
   * before each call, so none is refused. Answers the two medians, in milliseconds.
   */
  async function medians(
    rounds: number,
    ask: (email: string) => Promise<Response>,
    emails: () => Promise<{ known: string; unknown: string }>,
    statuses: { known: number; unknown: number },
  ) {
    const times = { known: [] as number[], unknown: [] as number[] };
    const time = async (which: "known" | "unknown", email: string) => {
      await db.delete(rateLimitHits);
      const started = performance.now();
      const response = await ask(email);
      times[which].push(performance.now() - started);
      expect(response.status, which).toBe(statuses[which]);
    };
    // One of each first, unmeasured: the first scrypt hash and the first queries warm up.
    const warm = await emails();
    await ask(warm.known);
    await ask(warm.unknown);
    for (let round = 0; round < rounds; round++) {
      const { known, unknown } = await emails();
      if (round % 2 === 0) {
        await time("known", known);
        await time("unknown", unknown);
      } else {
        await time("unknown", unknown);
        await time("known", known);
      }
    }
    return { known: median(times.known), unknown: median(times.unknown) };
  }

  it("registers a new email and refuses a known one in about the same time", async () => {
    const register = (email: string) =>
      post("/api/register", { name: "Timing Fan", email, password: GOOD_PASSWORD });
    const { known, unknown } = await medians(
      7,
      register,
      async () => ({ known: (await makeUser(db)).user.email, unknown: newEmail() }),
      { known: 422, unknown: 201 },
    );
    // Both hash the password: the known email is no longer answered in a tenth of the time.
    // The ratio of medians, not milliseconds, so a busy machine slows both alike.
    expect(known / unknown, `known ${known} ms, unknown ${unknown} ms`).toBeGreaterThan(0.6);
    expect(known / unknown, `known ${known} ms, unknown ${unknown} ms`).toBeLessThan(1 / 0.6);
  });

  it("answers has-full-account for a known and an unknown email in about the same time", async () => {
    const ask = (email: string) => post("/api/has-full-account", { email });
    const { known, unknown } = await medians(
      9,
      ask,
      async () => ({ known: (await makeUser(db)).user.email, unknown: newEmail() }),
      { known: 200, unknown: 200 },
    );
    expect(known / unknown, `known ${known} ms, unknown ${unknown} ms`).toBeGreaterThan(0.5);
    expect(known / unknown, `known ${known} ms, unknown ${unknown} ms`).toBeLessThan(2);
  });

  it("limits has-full-account per email, whichever clients ask: 429 with Retry-After", async () => {
    const { user } = await makeUser(db);
    const { limit } = EMAIL_LIMITS.hasFullAccount;
    for (let client = 1; client <= limit; client++) {
      const response = await post(
        "/api/has-full-account",
        { email: user.email },
        `203.0.113.${client}`,
      );
      expect(response.status, `client ${client}`).toBe(200);
    }
    // A new client, asking about the same address (in another case): refused.
    const refused = await post(
      "/api/has-full-account",
      { email: user.email.toUpperCase() },
      "203.0.113.200",
    );
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    expect(await refused.json()).toEqual({ message: TOO_MANY_FOR_EMAIL });
    // That client may still ask about other addresses, and the refusal was not counted.
    expect(
      (await post("/api/has-full-account", { email: newEmail() }, "203.0.113.200")).status,
    ).toBe(200);
    expect(await hitsFor(EMAIL_LIMITS.hasFullAccount.bucket, user.email)).toBe(limit);
    // Each real client was counted by its own address, not the proxy's.
    const clients = await db
      .selectDistinct({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.bucket, "has-full-account"));
    expect(clients.map((row) => row.key)).not.toContain("127.0.0.1");
    expect(clients).toHaveLength(limit + 1);
  });

  it("limits has-full-account per real client behind the proxy, not per proxy", async () => {
    for (let question = 0; question < 20; question++) {
      const response = await post("/api/has-full-account", { email: newEmail() }, "198.51.100.7");
      expect(response.status, `question ${question}`).toBe(200);
    }
    const refused = await post("/api/has-full-account", { email: newEmail() }, "198.51.100.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another shopper behind the same proxy is still answered.
    expect(
      (await post("/api/has-full-account", { email: newEmail() }, "198.51.100.8")).status,
    ).toBe(200);
  });

  it("limits register per email, whichever clients send it: 429 with Retry-After, nothing made", async () => {
    const { user } = await makeUser(db);
    const { limit } = EMAIL_LIMITS.register;
    const body = { name: "Impostor", email: user.email, password: GOOD_PASSWORD };
    for (let client = 1; client <= limit; client++) {
      const response = await post("/api/register", body, `192.0.2.${client}`);
      expect(response.status, `client ${client}`).toBe(422);
    }
    const refused = await post("/api/register", body, "192.0.2.200");
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(3590);
    expect(wait).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({ message: TOO_MANY_FOR_EMAIL });
    expect(await hitsFor(EMAIL_LIMITS.register.bucket, user.email)).toBe(limit);
    const [row] = await db.select().from(users).where(eq(users.email, user.email));
    expect(row).toMatchObject({ name: user.name, passwordHash: user.passwordHash });

    // An unknown email is limited alike, so the limit itself tells nothing: its first
    // registration opens the account, and after the limit a sixth client is refused.
    const fresh = newEmail();
    const first = await post(
      "/api/register",
      { name: "Real Fan", email: fresh, password: GOOD_PASSWORD },
      "192.0.2.101",
    );
    expect(first.status).toBe(201);
    for (let client = 2; client <= limit; client++) {
      await post("/api/register", { ...body, email: fresh }, `192.0.2.${100 + client}`);
    }
    expect((await post("/api/register", { ...body, email: fresh }, "192.0.2.199")).status).toBe(
      429,
    );
  });
});
