import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { collectionProducts, productCollections } from "../../../server/catalog/schema.ts";
import {
  backOfficeOn,
  decode,
  fieldErrorOf,
  fieldTag,
  flashOf,
  rowTitles,
} from "../../../tests/support/admin-pages.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeBrand, makeProduct } from "../../../tests/support/factories.ts";

// Issue 14: the collections' back-office screens, by HTTP as a browser without JavaScript uses them.
describe.each(databaseKinds)("the collection screens on %s", (kind) => {
  const { app, pages } = backOfficeOn(kind);

  const db = () => app.database.db;
  const collectionBySlug = async (slug: string) =>
    (await db().select().from(productCollections).where(eq(productCollections.slug, slug)))[0];
  const membersOf = async (id: number) =>
    (
      await db()
        .select({ productId: collectionProducts.productId })
        .from(collectionProducts)
        .where(eq(collectionProducts.collectionId, id))
        .orderBy(asc(collectionProducts.position))
    ).map((row) => row.productId);
  const blank = {
    title: "",
    slug: "",
    description: "",
    heroFileId: "",
    position: "",
    "rule.kind": "curated",
    "rule.type": "new-in",
    "rule.days": "",
    "rule.brandId": "",
    "rule.productType": "",
    "rule.tag": "",
    "rule.min": "",
    "rule.max": "",
    "rule.below": "",
  };

  it("lists the collections, each rule in words, filtered by kind from the address", async () => {
    const all = await pages.html("/admin/collections");
    expect(rowTitles(all, "collections")).toContain("Tour 2026");
    expect(all).toContain("New in the last 60 days");
    expect(all).toContain("Tagged “last-chance”");
    const rules = await pages.html("/admin/collections?kind=rule");
    expect(rowTitles(rules, "collections").sort()).toEqual(["Last chance", "New in", "On sale"]);
    const picked = await pages.html("/admin/collections?kind=curated&q=vinyl");
    expect(rowTitles(picked, "collections")).toEqual(["Vinyl essentials"]);
    expect((await pages.page("/admin/collections", pages.customer)).status).toBe(403);
  });

  it("creates a hand-picked collection with its products in order, by a form post", async () => {
    const band = await makeBrand(db(), { title: "Collection Test Band" });
    const [one, two] = [
      await makeProduct(db(), {
        brandId: band.id,
        title: "First Pick",
        variants: [{ price: 500 }],
      }),
      await makeProduct(db(), {
        brandId: band.id,
        title: "Second Pick",
        status: "draft",
        variants: [{ price: 600 }],
      }),
    ];
    const created = await pages.post("/admin/collections/new", pages.staff, {
      ...blank,
      title: "Staff Picks",
      description: "<p>Our favourites.</p>",
      "productIds[0]": String(two.product.id),
      "productIds[1]": String(one.product.id),
    });
    expect(created.status).toBe(303);
    expect(flashOf(created)).toEqual(["Added the collection “Staff Picks”."]);
    const collection = await collectionBySlug("staff-picks");
    expect(collection).toMatchObject({ kind: "curated", rule: null });
    expect(await membersOf(collection?.id ?? 0)).toEqual([two.product.id, one.product.id]);

    // Its form names the products in that order, a draft said to be one.
    const form = await pages.html(`/admin/collections/${collection?.id}`);
    expect(form.indexOf("Second Pick")).toBeLessThan(form.indexOf("First Pick"));
    expect(form).toContain("draft: not shown in the shop");
    expect(fieldTag(form, "productIds[0]")).toContain(`value="${two.product.id}"`);

    // Moved without JavaScript, then saved: the new order.
    const fields = pages.formFields(form, "Collection details");
    const moved = await pages.post(`/admin/collections/${collection?.id}`, pages.staff, {
      ...fields,
      move: "productIds:1:up",
    });
    expect(moved.status).toBe(200);
    const movedPage = await moved.text();
    expect(fieldTag(movedPage, "productIds[0]")).toContain(`value="${one.product.id}"`);
    expect(await membersOf(collection?.id ?? 0)).toEqual([two.product.id, one.product.id]);
    const saved = await pages.post(
      `/admin/collections/${collection?.id}`,
      pages.staff,
      pages.formFields(movedPage, "Collection details"),
    );
    expect(saved.status).toBe(303);
    expect(await membersOf(collection?.id ?? 0)).toEqual([one.product.id, two.product.id]);
  });

  it("creates a rule collection (a band's, a price range in pounds) and shows a rule's errors beside its fields", async () => {
    const band = await makeBrand(db(), { title: "Rule Test Band" });
    const refused = await pages.post("/admin/collections/new", pages.staff, {
      ...blank,
      title: "Cheap Things",
      "rule.kind": "rule",
      "rule.type": "price",
      "rule.min": "ten pounds",
      "rule.max": "",
    });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain("Enter the price in pounds, such as 25.00.");
    expect(fieldTag(page, "rule.min")).toContain('value="ten pounds"');
    expect(fieldTag(page, "title")).toContain('value="Cheap Things"');
    expect(page).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="rule"/);

    const priced = await pages.post("/admin/collections/new", pages.staff, {
      ...blank,
      title: "Cheap Things",
      "rule.kind": "rule",
      "rule.type": "price",
      "rule.max": "£12.50",
    });
    expect(priced.status).toBe(303);
    expect((await collectionBySlug("cheap-things"))?.rule).toEqual({ type: "price", max: 1250 });

    const noBand = await pages.post("/admin/collections/new", pages.staff, {
      ...blank,
      title: "One Band",
      "rule.kind": "rule",
      "rule.type": "band",
    });
    expect(noBand.status).toBe(422);
    expect(await noBand.text()).toContain("Choose the band.");
    const banded = await pages.post("/admin/collections/new", pages.staff, {
      ...blank,
      title: "One Band",
      "rule.kind": "rule",
      "rule.type": "band",
      "rule.brandId": String(band.id),
    });
    expect(banded.status).toBe(303);
    const collection = await collectionBySlug("one-band");
    expect(collection).toMatchObject({ kind: "rule", rule: { type: "band", brandId: band.id } });
    const form = await pages.html(`/admin/collections/${collection?.id}`);
    expect(fieldTag(form, "rule.brandId")).toBeDefined();
    expect(form).toMatch(
      new RegExp(`<option value="${band.id}" selected="">Rule Test Band</option>`),
    );
    const list = await pages.html("/admin/collections?kind=rule&q=one+band");
    expect(list).toContain("Band: Rule Test Band");
  });

  it("says every problem at once, each beside its field: an empty title and a rule's bad number", async () => {
    const refused = await pages.post("/admin/collections/new", pages.staff, {
      ...blank,
      "rule.kind": "rule",
      "rule.type": "new-in",
      "rule.days": "sixty",
    });
    expect(refused.status).toBe(422);
    const page = decode(await refused.text());
    expect(fieldErrorOf(page, "title")).toBe("Enter the collection's title.");
    expect(fieldErrorOf(page, "rule.days")).toBe("Enter how many days a product counts as new.");
    expect(fieldTag(page, "rule.days")).toContain('value="sixty"');

    // The API's own word on a rule's field is said beside it too.
    const tooFew = await pages.post("/admin/collections/new", pages.staff, {
      ...blank,
      "rule.kind": "rule",
      "rule.type": "new-in",
      "rule.days": "0",
    });
    expect(tooFew.status).toBe(422);
    const again = decode(await tooFew.text());
    expect(fieldErrorOf(again, "title")).toBe("Enter the collection's title.");
    expect(fieldErrorOf(again, "rule.days")).toBe("At least 1 day.");
  });
});
