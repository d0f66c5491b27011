import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectionView } from "../../common/catalog.ts";
import type { CollectionEdit, StaffCollectionItem } from "../../common/catalog-admin.ts";
import { changesHeard, startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import {
  auditCount,
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { mediaFiles } from "../media/schema.ts";
import { brands, productCollections, products } from "./schema.ts";
import { createSpotlight } from "./service/writes.ts";

// Issue 14: collections as a staff resource (decision 0014): hand-picked, or by a rule the
// storefront evaluates.
describe.each(databaseKinds)("staff API for collections on %s", (kind) => {
  let app: TestApp;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
  let published: Array<{ id: number; slug: string }>;
  let bandId: number;
  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
    published = await app.database.db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(eq(products.status, "published"))
      .orderBy(products.id)
      .limit(3);
    const [band] = await app.database.db
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.slug, "static-gulls"));
    bandId = band?.id as number;
  });
  afterAll(() => app.close());

  const shop = async (slug: string) => {
    // The shop's answers are cached until the change notice reaches this process's listener.
    await changesHeard(app);
    const response = await app.fetch(`/api/product-collections/${slug}?perPage=100`);
    return response.status === 200 ? (await read<CollectionView>(response)).data : undefined;
  };
  const collectionCount = async () =>
    (await app.database.db.select({ n: count() }).from(productCollections))[0]?.n ?? 0;

  it("lets staff in only: 401 without a token, 403 for a customer and for staff deleting", async () => {
    expect((await call("/product-collections", "nobody")).status).toBe(401);
    expect((await call("/product-collections", "customer")).status).toBe(403);
    expect((await call("/product-collections/store", "customer", { title: "X" })).status).toBe(403);
    expect((await call("/product-collections/destroy", "staff", { id: 1 })).status).toBe(403);
  });

  it("lists collections in the team's order with what shoppers see in each", async () => {
    const list = await read<StaffCollectionItem[]>(await call("/product-collections", "staff"));
    expect(list.data.map((collection) => collection.slug).slice(0, 3)).toEqual([
      "tour-2026",
      "new-in",
      "last-chance",
    ]);
    for (const collection of list.data) {
      // The staff count and the shop agree: one evaluator of rules.
      expect(collection.productCount, collection.slug).toBe(
        (await shop(collection.slug))?.products.meta.total,
      );
    }
    const rules = await read<StaffCollectionItem[]>(
      await call("/product-collections?kind=rule&sort=title", "staff"),
    );
    expect(rules.data.map((collection) => collection.slug)).toEqual([
      "last-chance",
      "new-in",
      "on-sale",
    ]);
    expect(rules.data[0]?.rule).toEqual({ type: "tag", tag: "last-chance" });
    expect((await call("/product-collections?kind=smart", "staff")).status).toBe(422);
  });

  it("creates a hand-picked collection in the order given, in the shop at once, audited", async () => {
    const ids = [published[2]?.id, published[0]?.id] as number[];
    const response = await call("/product-collections/store", "staff", {
      title: "Staff Picks",
      description: "<p>Ours.</p><img src=x onerror=alert(1)>",
      productIds: ids,
    });
    expect(response.status).toBe(201);
    const { data: picks } = await read<CollectionEdit>(response);
    expect(picks).toMatchObject({
      slug: "staff-picks",
      kind: "curated",
      rule: null,
      productIds: ids,
    });
    expect(picks.description).not.toMatch(/onerror|img/);
    expect((await shop("staff-picks"))?.products.data.map((product) => product.id)).toEqual(ids);
    expect((await auditOf(app, "product-collections", picks.id))[0]).toMatchObject({
      action: "create",
      actorEmail: DEMO_ACCOUNTS.staff.email,
      label: "Staff Picks",
      after: { productIds: ids },
    });

    // Reordered, then turned into a rule: the shop follows each change at once.
    const reordered = await call("/product-collections/update", "staff", {
      id: picks.id,
      productIds: [...ids].reverse(),
      updatedAt: picks.updatedAt,
    });
    expect((await read<CollectionEdit>(reordered)).data.productIds).toEqual([...ids].reverse());
    expect((await shop("staff-picks"))?.products.data.map((product) => product.id)).toEqual(
      [...ids].reverse(),
    );
    const ruled = await call("/product-collections/update", "staff", {
      id: picks.id,
      rule: { type: "band", brandId: bandId },
    });
    expect((await read<CollectionEdit>(ruled)).data).toMatchObject({
      kind: "rule",
      productIds: [],
    });
    const [bandProducts] = await app.database.db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.brandId, bandId), eq(products.status, "published")));
    expect((await shop("staff-picks"))?.products.meta.total).toBe(bandProducts?.n);
    expect((await auditOf(app, "product-collections", picks.id)).at(-1)).toMatchObject({
      before: { kind: "curated", rule: null },
      after: { kind: "rule", rule: { type: "band", brandId: bandId } },
    });
  });

  it("evaluates the new rules (band, type, price) as the shop does", async () => {
    for (const [title, rule, where] of [
      ["Hoodies", { type: "product-type", productType: "hoodie" }, sql`product_type = 'Hoodie'`],
      ["Under a tenner", { type: "price", max: 1000 }, sql`price_from <= 1000`],
      [
        "Twenty to forty",
        { type: "price", min: 2000, max: 4000 },
        sql`price_from between 2000 and 4000`,
      ],
    ] as const) {
      const response = await call("/product-collections/store", "staff", { title, rule });
      expect(response.status, title).toBe(201);
      const { data } = await read<CollectionEdit>(response);
      const [expected] = await app.database.db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.status, "published"), where));
      expect((await shop(data.slug))?.products.meta.total, title).toBe(expected?.n);
      expect(expected?.n, title).toBeGreaterThan(0);
    }
  });

  it("refuses bad input with a 422 naming the field, and writes nothing", async () => {
    const [document] = await app.database.db
      .select({ id: mediaFiles.id })
      .from(mediaFiles)
      .where(sql`${mediaFiles.fileType} <> 'IMAGE'`)
      .limit(1);
    const before = await collectionCount();
    const entries = await auditCount(app);
    const cases: Array<[unknown, string]> = [
      [{}, "title"],
      [{ title: "X", slug: "new-in" }, "slug"],
      [{ title: "X", rule: { type: "moon-phase" } }, "rule.type"],
      [{ title: "X", rule: { type: "new-in", days: 0 } }, "rule.days"],
      [{ title: "X", rule: { type: "new-in", days: 30, extra: 1 } }, "rule"],
      [{ title: "X", rule: { type: "price" } }, "rule.min"],
      [{ title: "X", rule: { type: "price", min: 500, max: 100 } }, "rule.max"],
      [
        { title: "X", rule: { type: "product-type", productType: "spaceship" } },
        "rule.productType",
      ],
      [{ title: "X", rule: { type: "band", brandId: 99_999_999 } }, "rule.brandId"],
      [{ title: "X", rule: { type: "on-sale" }, productIds: [published[0]?.id] }, "productIds"],
      [{ title: "X", productIds: [99_999_999] }, "productIds"],
      [{ title: "X", productIds: [1, 1] }, "productIds"],
      [{ title: "X", heroFileId: 99_999_999 }, "heroFileId"],
      [{ title: "X", kind: "rule" }, "body"],
    ];
    if (document) cases.push([{ title: "X", heroFileId: document.id }, "heroFileId"]);
    for (const [body, field] of cases) {
      const response = await call("/product-collections/store", "staff", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await read(response)).errors ?? {}), JSON.stringify(body)).toContain(
        field,
      );
    }
    expect(await collectionCount()).toBe(before);
    expect(await auditCount(app)).toBe(entries);
  });

  it("lets admins delete a collection, but not one in the spotlight", async () => {
    const { data: shortLived } = await read<CollectionEdit>(
      await call("/product-collections/store", "staff", { title: "Short-lived" }),
    );
    const { data: spotlit } = await read<CollectionEdit>(
      await call("/product-collections/store", "staff", { title: "In the Light" }),
    );
    await createSpotlight(app.database.db, {
      headline: "Look here",
      collectionId: spotlit.id,
      startsAt: new Date(),
    });
    const refused = await call("/product-collections/destroy", "admin", {
      ids: [shortLived.id, spotlit.id],
    });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toBe(
      "In the Light is in the spotlight (“Look here”): end that spotlight first.",
    );
    expect((await call(`/product-collections/edit/${shortLived.id}`, "staff")).status).toBe(200);
    expect(
      (await call("/product-collections/destroy", "admin", { id: shortLived.id })).status,
    ).toBe(200);
    expect(await shop(shortLived.slug)).toBeUndefined();
    expect((await auditOf(app, "product-collections", shortLived.id)).at(-1)).toMatchObject({
      action: "delete",
      actorEmail: DEMO_ACCOUNTS.admin.email,
    });
  });
});
