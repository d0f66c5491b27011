import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";

describe.each(databaseKinds)("platform API on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("answers liveness and readiness, never kept by a cache", async () => {
    const health = await app.fetch("/api/health");
    expect(health.status).toBe(200);
    expect(health.headers.get("cache-control")).toBe("no-store");
    expect(await health.json()).toEqual({ data: { status: "ok" } });
    const ready = await app.fetch("/api/ready");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({ data: { status: "ready" } });
  });

  it("is not ready while a migration of this build is not applied", async () => {
    const [last] = (
      (await app.database.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
            returning hash, created_at`,
      )) as unknown as { rows: Array<{ hash: string; created_at: string }> }
    ).rows;
    try {
      const ready = await app.fetch("/api/ready");
      expect(ready.status).toBe(503);
      expect(ready.headers.get("cache-control")).toBe("no-store");
      expect(await ready.json()).toEqual({
        message: "1 database migration is not applied yet.",
      });
      expect((await app.fetch("/api/health")).status).toBe(200);
    } finally {
      await app.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at)
            values (${last?.hash}, ${last?.created_at})`,
      );
    }
    expect((await app.fetch("/api/ready")).status).toBe(200);
  });

  it("logs a browser's error reports up to a limit, then refuses them unlogged", async () => {
    const report = (message: string) =>
      app.fetch("/api/client-errors", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ kind: "render", message, path: "/" }),
      });
    for (let index = 0; index < 20; index += 1) {
      expect((await report(`failure ${index}`)).status).toBe(204);
    }
    const over = await report("one too many");
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toMatch(/^\d+$/);
    const logged = app.logs.filter((line) => line.msg === "client error");
    expect(logged).toHaveLength(20);
    const big = await app.fetch("/api/client-errors", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "render", message: "x".repeat(5000), path: "/" }),
    });
    expect(big.status).toBe(413);
  });
});
