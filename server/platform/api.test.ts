import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";

describe.each(databaseKinds)("platform API on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("reports health with the database status", async () => {
    const response = await app.fetch("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { status: "ok", database: "ok" } });
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
