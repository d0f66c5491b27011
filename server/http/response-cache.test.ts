import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { makeBrand } from "../../tests/support/factories.ts";
import { brands } from "../catalog/schema.ts";
import { loadConfig } from "../config.ts";
import { openPostgres } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { clientBuildFolder } from "../paths.ts";
import { type RunningServer, startServer } from "../server.ts";
import { loadProductionSsr } from "../ssr-build.ts";
import { notifyShopChanged } from "./response-cache.ts";

const titleAt = async (url: string, slug: string) => {
  const response = await fetch(`${url}/api/brands/${slug}`);
  return ((await response.json()) as { data: { title: string } }).data.title;
};

describe.each(databaseKinds)("catalogue cache on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("answers repeated requests from memory with public caching and an ETag", async () => {
    const brand = await makeBrand(app.database.db, { title: "Cache Test Band" });
    const first = await app.fetch(`/api/brands/${brand.slug}`);
    expect(first.headers.get("cache-control")).toBe(
      "public, max-age=60, stale-while-revalidate=300",
    );
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^(W\/)?"[\w-]+"$/);
    const revalidated = await app.fetch(`/api/brands/${brand.slug}`, {
      headers: { "If-None-Match": etag ?? "" },
    });
    expect(revalidated.status).toBe(304);
    // Changed without telling anyone: the cached answer still stands…
    await app.database.db
      .update(brands)
      .set({ title: "Renamed Quietly" })
      .where(eq(brands.id, brand.id));
    expect(await titleAt(app.url, brand.slug)).toBe("Cache Test Band");
    // …until the change is announced.
    await notifyShopChanged(app.database.db);
    await eventually(() => titleAt(app.url, brand.slug), "Renamed Quietly");
  });

  it("does not cache errors", async () => {
    expect((await app.fetch("/api/brands/not-yet-a-band")).status).toBe(404);
    const brand = await makeBrand(app.database.db, {
      slug: "not-yet-a-band",
      title: "Arrived Late",
    });
    expect(await titleAt(app.url, brand.slug)).toBe("Arrived Late");
  });
});

// DESIGN §1: several processes on one database stay correct. PGlite is single-process, so this
// runs on PostgreSQL (TEST_DATABASE_URL).
describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "catalogue cache across processes on %s",
  (kind) => {
    let app: TestApp;
    let second: RunningServer;
    beforeAll(async () => {
      app = await startTestApp(kind);
      const production = await loadProductionSsr();
      // A second process on the same database: its own pool, cache and LISTEN connection.
      second = await startServer({
        config: loadConfig({ PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" }),
        logger: createLogger("silent"),
        database: await openPostgres(app.database.url ?? "", 2),
        ssr: production.ssr,
        build: production.build,
        clientDir: clientBuildFolder,
      });
    });
    afterAll(async () => {
      await second.close();
      await second.database.close();
      await app.close();
    });

    it("is emptied in every process on the database when the catalogue changes", async () => {
      const brand = await makeBrand(app.database.db, { title: "Two Process Band" });
      expect(await titleAt(app.url, brand.slug)).toBe("Two Process Band");
      expect(await titleAt(second.url, brand.slug)).toBe("Two Process Band");
      await app.database.db
        .update(brands)
        .set({ title: "Renamed Everywhere" })
        .where(eq(brands.id, brand.id));
      await notifyShopChanged(app.database.db);
      await eventually(() => titleAt(app.url, brand.slug), "Renamed Everywhere");
      await eventually(() => titleAt(second.url, brand.slug), "Renamed Everywhere");
    });
  },
);
