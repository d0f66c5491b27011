import { and, asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditEntries } from "../../../server/audit/schema.ts";
import {
  attributes,
  attributeTypes,
  collectionProducts,
  products,
  productVariants,
} from "../../../server/catalog/schema.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import {
  backOfficeOn,
  decode,
  fieldTag,
  flashOf,
  rowTitles,
} from "../../../tests/support/admin-pages.ts";
import { changesHeard } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeBrand, makeCollection, makeProduct } from "../../../tests/support/factories.ts";

// Issue 14: the products' back-office screens, by HTTP as a browser without JavaScript uses them.
describe.each(databaseKinds)("the product screens on %s", (kind) => {
  const { app, pages } = backOfficeOn(kind);

  const db = () => app.database.db;
  const productBySlug = async (slug: string) =>
    (await db().select().from(products).where(eq(products.slug, slug)))[0];
  const variantsOf = async (productId: number) =>
    db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, productId))
      .orderBy(asc(productVariants.position), asc(productVariants.id));
  /** The demo shop's values of an option type, by title: { S: 3, M: 4 … }. */
  const optionValues = async (typeSlug: string) => {
    const rows = await db()
      .select({ id: attributes.id, title: attributes.title })
      .from(attributes)
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .where(eq(attributeTypes.slug, typeSlug));
    return Object.fromEntries(rows.map((row) => [row.title, row.id]));
  };

  it("is for staff only: nobody goes to the sign-in, a customer gets a 403", async () => {
    const nobody = await app.fetch("/admin/products?status=draft");
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toBe("/admin/login?redirect=%2Fadmin%2Fproducts");
    expect((await pages.page("/admin/products", pages.customer)).status).toBe(403);
    expect((await pages.page("/admin/products/new", pages.customer)).status).toBe(403);
    const posted = await pages.post("/admin/products/new", pages.customer, { title: "Sneaky" });
    expect(posted.status).toBe(403);
  });

  it("lists products filtered by band, type, status and stock from the address, searched and sorted", async () => {
    const band = await makeBrand(db(), { title: "Filter Test Band" });
    const tee = await makeProduct(db(), {
      brandId: band.id,
      title: "Filter Tee",
      variants: [
        { price: 2000, stock: 40 },
        { price: 2400, stock: 3 },
      ],
    });
    const soldOut = await makeProduct(db(), {
      brandId: band.id,
      title: "Filter Sold Out Tee",
      variants: [{ price: 1800, stock: 0 }],
    });
    await makeProduct(db(), {
      brandId: band.id,
      title: "Filter Draft Poster",
      productType: "Poster",
      status: "draft",
      variants: [{ price: 900, stock: 12 }],
    });

    const all = await pages.html(`/admin/products?brand=${band.id}&sort=price&direction=desc`);
    // The catalogue's CSV, out and in (server/catalog/service/product-csv*.ts).
    expect(all).toContain('href="/api/staff/products/export.csv"');
    expect(all).toContain('href="/admin/products/import"');
    expect(rowTitles(all, "products")).toEqual([
      "Filter Tee",
      "Filter Sold Out Tee",
      "Filter Draft Poster",
    ]);
    expect(all).toMatch(/aria-sort="descending"[^>]*><a [^>]*>Price/);
    // The price range, the stock and the status as staff read them.
    expect(all).toContain("£20.00 – £24.00");
    expect(all).toContain("Out of stock");
    expect(all).toContain(">Draft</span>");
    // The filter form shows the band chosen.
    expect(all).toMatch(
      new RegExp(`<option value="${band.id}" selected="">Filter Test Band</option>`),
    );

    const tees = await pages.html(`/admin/products?brand=${band.id}&type=t-shirt&status=published`);
    expect(rowTitles(tees, "products").sort()).toEqual(["Filter Sold Out Tee", "Filter Tee"]);
    expect(tees).toContain("Status: Published");
    expect(tees).toContain("Type: T-shirt");

    const out = await pages.html(`/admin/products?brand=${band.id}&stock=out`);
    expect(rowTitles(out, "products")).toEqual(["Filter Sold Out Tee"]);
    const low = await pages.html(`/admin/products?brand=${band.id}&stock=low`);
    expect(rowTitles(low, "products")).toEqual(["Filter Tee"]);
    const drafts = await pages.html(`/admin/products?brand=${band.id}&status=draft&stock=`);
    expect(rowTitles(drafts, "products")).toEqual(["Filter Draft Poster"]);
    const found = await pages.html(`/admin/products?q=sold+out&brand=${band.id}`);
    expect(rowTitles(found, "products")).toEqual(["Filter Sold Out Tee"]);
    expect(found).toContain(`href="/admin/products/${soldOut.product.id}"`);
    expect(found).not.toContain(`href="/admin/products/${tee.product.id}"`);

    // An address it cannot use is a message, never a 500.
    const wrong = await pages.html(`/admin/products?brand=${band.id}&stock=plenty`);
    expect(wrong).toContain("Part of this list's address could not be used");
    expect(wrong).toContain("Stock is in, out or low.");
    expect(rowTitles(wrong, "products")).toHaveLength(3);
  });

  it("creates a product with its first variant from a form posted without JavaScript", async () => {
    const band = await makeBrand(db(), { title: "Create Test Band" });
    const curated = await makeCollection(db(), { productIds: [] });
    const form = await pages.html("/admin/products/new");
    expect(form).toContain("Children's clothes and printed books are zero-rated in the UK");
    expect(form).toMatch(new RegExp(`<option value="${band.id}">Create Test Band</option>`));
    const response = await pages.post("/admin/products/new", pages.staff, {
      title: "Harbour Tote",
      slug: "",
      brandId: String(band.id),
      type: "tote",
      description: "<p>Heavy <strong>canvas</strong>.</p><script>x()</script>",
      status: "draft",
      tags: "Tour-2026, organic ",
      "collectionIds[0]": String(curated.id),
      vatRate: "",
      releaseDate: "",
      seoTitle: "Harbour Tote | Create Test Band",
      seoDescription: "",
      "variants[0].sku": "",
      "variants[0].price": "£14.50",
      "variants[0].compareAtPrice": "",
      "variants[0].stockOnHand": "25",
      "variants[1].price": "",
    });
    expect(response.status).toBe(303);
    const product = await productBySlug("harbour-tote");
    expect(product).toMatchObject({
      title: "Harbour Tote",
      brandId: band.id,
      productType: "Tote",
      status: "draft",
      tags: ["tour-2026", "organic"],
      vatRate: 20,
      description: "<p>Heavy <strong>canvas</strong>.</p>",
      seoTitle: "Harbour Tote | Create Test Band",
    });
    // A new product goes to its own page, to make its variants next.
    expect(response.headers.get("location")).toBe(`/admin/products/${product?.id}`);
    expect(flashOf(response)).toEqual(["Added the product “Harbour Tote”."]);
    const variants = await variantsOf(product?.id ?? 0);
    expect(variants.map((v) => [v.price, v.stockOnHand, v.compareAtPrice])).toEqual([
      [1450, 25, null],
    ]);
    expect(variants[0]?.sku).toMatch(/^HARBOUR-TOTE/);
    const members = await db()
      .select()
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, curated.id));
    expect(members.map((member) => member.productId)).toEqual([product?.id]);
    const audit = await db()
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.resource, "products"),
          eq(auditEntries.resourceId, String(product?.id)),
        ),
      );
    expect(audit.map((entry) => [entry.action, entry.actorEmail])).toEqual([
      ["create", DEMO_ACCOUNTS.staff.email],
    ]);

    // Children's clothes are zero-rated: an empty VAT rate takes the type's.
    const kids = await pages.post("/admin/products/new", pages.staff, {
      title: "Harbour Kids Tee",
      brandId: String(band.id),
      type: "kids-t-shirt",
      status: "draft",
      vatRate: "",
    });
    expect(kids.status).toBe(303);
    expect((await productBySlug("harbour-kids-tee"))?.vatRate).toBe(0);
    expect(flashOf(kids)[0]).toContain("Add its variants next");
  });

  it("says the description's limit beside it, and answers a form over 1 MB with a page, saving nothing", async () => {
    const form = await pages.html("/admin/products/new");
    expect(fieldTag(form, "description")).toMatch(/maxlength="50000"/i);
    expect(form).toContain("Shown on the product's page, up to 50,000 characters.");
    const before = (await db().select({ n: count() }).from(products))[0]?.n;
    const huge = await app.fetch("/admin/products/new", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "text/html,application/xhtml+xml",
        Origin: app.url,
        Cookie: pages.staff,
      },
      body: new URLSearchParams({ title: "Too Big", description: "x".repeat(1100 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.headers.get("content-type")).toContain("text/html");
    const page = await huge.text();
    expect(page).toContain("<h1>That form was too large to save</h1>");
    expect(page).toContain("a description takes up to 50,000 characters");
    expect((await db().select({ n: count() }).from(products))[0]?.n).toBe(before);
  });

  it("shows errors beside the fields, a variant's beside its row, and keeps what was typed", async () => {
    const band = await makeBrand(db(), { title: "Error Test Band" });
    const sizes = await optionValues("size");
    const made = await makeProduct(db(), {
      brandId: band.id,
      title: "Error Test Tee",
      status: "draft",
      variants: [
        { price: 2200, stock: 5, attributeIds: [sizes.M as number] },
        { price: 2200, stock: 5, attributeIds: [sizes.L as number] },
      ],
    });
    const text = await pages.html(`/admin/products/${made.product.id}`);
    const form = pages.formFields(text, "Product details");
    const [m, l] = await variantsOf(made.product.id);
    // Each row carries its variant's id: `variants[1].id`.
    const rowOf = (id: number | undefined) =>
      `variants[${
        Object.keys(form)
          .find((name) => form[name] === String(id) && name.endsWith("].id"))
          ?.match(/\d+/)?.[0]
      }]`;
    const [mRow, lRow] = [rowOf(m?.id), rowOf(l?.id)];
    expect(form[`${mRow}.price`]).toBe("22.00");
    expect(text).toContain('aria-label="Price of M, in pounds"');

    const refused = await pages.post(`/admin/products/${made.product.id}`, pages.staff, {
      ...form,
      title: "Error Test Tee (typed)",
      [`${mRow}.price`]: "0",
      [`${lRow}.stockOnHand`]: "12",
      brandId: "",
    });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain("Check the");
    // The price of 0 is refused beside M's price, which keeps the 0.
    const price = fieldTag(page, `${mRow}.price`) ?? "";
    expect(price).toContain('aria-invalid="true"');
    expect(price).toContain('value="0"');
    expect(price).toContain('aria-label="Price of M, in pounds"');
    const errorId = price.match(/aria-describedby="([^"]+)"/)?.[1];
    expect(page).toMatch(new RegExp(`id="${errorId}"[^>]*>Enter a price of at least £0.01.</p>`));
    // The other row's typed stock and the typed title are kept; the band is asked for.
    expect(fieldTag(page, `${lRow}.stockOnHand`)).toContain('value="12"');
    expect(fieldTag(page, "title")).toContain('value="Error Test Tee (typed)"');
    expect(page).toContain("Choose the band.");
    // Nothing was saved.
    expect((await variantsOf(made.product.id)).map((v) => [v.price, v.stockOnHand])).toEqual([
      [2200, 5],
      [2200, 5],
    ]);

    // Pounds that cannot be read say so in pounds; a new row's missing price is asked for.
    const unreadable = await pages.post(`/admin/products/${made.product.id}`, pages.staff, {
      ...form,
      [`${lRow}.compareAtPrice`]: "twenty",
      "variants[2].stockOnHand": "4",
    });
    expect(unreadable.status).toBe(422);
    const unreadablePage = await unreadable.text();
    expect(fieldTag(unreadablePage, `${lRow}.compareAtPrice`)).toContain('value="twenty"');
    expect(unreadablePage).toContain("Enter the price, like 25.00.");
    expect(fieldTag(unreadablePage, "variants[2].price")).toContain('aria-invalid="true"');
    expect(fieldTag(unreadablePage, "variants[2].stockOnHand")).toContain('value="4"');

    // A price that cannot be read in a row, a VAT rate that cannot either and an empty title (the
    // API's own check) are all said at once, each beside its field, found by its name.
    const several = await pages.post(`/admin/products/${made.product.id}`, pages.staff, {
      ...form,
      [`${lRow}.price`]: "twelve",
      vatRate: "lots",
      title: "",
    });
    expect(several.status).toBe(422);
    const severalPage = decode(await several.text());
    const said = (name: string) => {
      const tag = fieldTag(severalPage, name) ?? "";
      expect(tag, name).toContain('aria-invalid="true"');
      const ids = tag.match(/aria-describedby="([^"]+)"/)?.[1]?.split(" ") ?? [];
      return ids
        .map((id) => severalPage.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1] ?? "")
        .join(" ");
    };
    expect(said(`${lRow}.price`)).toContain("Enter the price, like 25.00.");
    expect(said("vatRate")).toContain("Enter the VAT rate as a whole percent, 0 to 100.");
    expect(said("title")).toContain("Enter the product's title.");
    expect(fieldTag(severalPage, `${lRow}.price`)).toContain('value="twelve"');
  });

  it("saves only the variants changed in the grid, in pounds, and adds a row's new variant", async () => {
    const band = await makeBrand(db(), { title: "Grid Test Band" });
    const sizes = await optionValues("size");
    const made = await makeProduct(db(), {
      brandId: band.id,
      title: "Grid Test Tee",
      variants: [
        { price: 2500, stock: 5, attributeIds: [sizes.S as number] },
        { price: 2500, stock: 5, attributeIds: [sizes.M as number] },
      ],
    });
    const [s, m] = await variantsOf(made.product.id);
    const form = pages.formFields(
      await pages.html(`/admin/products/${made.product.id}`),
      "Product details",
    );
    const mRow = Object.keys(form)
      .find((name) => name.endsWith("].id") && form[name] === String(m?.id))
      ?.replace(/\.id$/, "");
    // The new row comes after the two variants; its first option is the size.
    const saved = await pages.post(`/admin/products/${made.product.id}`, pages.staff, {
      ...form,
      [`${mRow}.price`]: "19.50",
      [`${mRow}.compareAtPrice`]: "25",
      "variants[2].attributeIds[0]": String(sizes.XL),
      "variants[2].price": "27.00",
      "variants[2].stockOnHand": "8",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/admin/products/${made.product.id}`);
    expect(flashOf(saved)).toEqual(["Saved the product “Grid Test Tee”."]);
    const after = await variantsOf(made.product.id);
    expect(after.map((v) => [v.price, v.compareAtPrice, v.stockOnHand])).toEqual([
      [2500, null, 5],
      [1950, 2500, 5],
      [2700, null, 8],
    ]);
    // The untouched row was not written.
    expect(after[0]?.updatedAt.toISOString()).toBe(s?.updatedAt.toISOString());
    const shop = await (await app.fetch(`/api/products/${made.product.slug}`)).json();
    expect(shop.data.priceFrom).toBe(1950);

    // Saving the form as it is changes nothing, and the audit log has no entry for it.
    const entries = async () =>
      (
        await db()
          .select({ n: count() })
          .from(auditEntries)
          .where(
            and(
              eq(auditEntries.resource, "products"),
              eq(auditEntries.resourceId, String(made.product.id)),
            ),
          )
      )[0]?.n;
    const before = await entries();
    const again = pages.formFields(
      await pages.html(`/admin/products/${made.product.id}`),
      "Product details",
    );
    expect(
      (await pages.post(`/admin/products/${made.product.id}`, pages.staff, again)).status,
    ).toBe(303);
    expect(await entries()).toBe(before);
  });

  it("generates 5 sizes × 2 colours by a form post, and refuses an empty choice beside the panel", async () => {
    const band = await makeBrand(db(), { title: "Generate Test Band" });
    const created = await pages.post("/admin/products/new", pages.staff, {
      title: "Generated Tee",
      brandId: String(band.id),
      type: "t-shirt",
      status: "draft",
    });
    expect(created.status).toBe(303);
    const product = await productBySlug("generated-tee");
    const path = `/admin/products/${product?.id}`;
    const text = await pages.html(path);
    expect(text).toContain("Generate variants from options");
    const openedAt = text.match(
      /id="generate-variants"[^>]*>.*?name="updatedAt" value="([^"]+)"/,
    )?.[1];
    expect(openedAt).toBeTruthy();

    const empty = await pages.post(path, pages.staff, {
      intent: "generate",
      price: "22.00",
      updatedAt: openedAt ?? "",
    });
    expect(empty.status).toBe(422);
    const emptyPage = await empty.text();
    expect(emptyPage).toContain("Choose at least one option value.");
    expect(fieldTag(emptyPage, "price")).toContain('value="22.00"');
    expect(await variantsOf(product?.id ?? 0)).toEqual([]);

    const sizes = await optionValues("size");
    const colours = await optionValues("colour");
    const ticked = Object.fromEntries(
      [sizes.S, sizes.M, sizes.L, sizes.XL, sizes["2XL"], colours.Black, colours.White].map(
        (id, index) => [`attributeIds[${index}]`, String(id)],
      ),
    );
    const generated = await pages.post(path, pages.staff, {
      intent: "generate",
      ...ticked,
      price: "22",
      stockOnHand: "10",
      skuPattern: "GT-{size}-{colour}",
      updatedAt: openedAt ?? "",
    });
    expect(generated.status).toBe(303);
    expect(generated.headers.get("location")).toBe(path);
    expect(flashOf(generated)).toEqual(["Added 10 variants."]);
    const variants = await variantsOf(product?.id ?? 0);
    expect(variants).toHaveLength(10);
    expect(new Set(variants.map((v) => v.price))).toEqual(new Set([2200]));
    expect(variants.map((v) => v.sku)).toContain("GT-XL-BLACK");

    // The grid shows the new rows.
    const grid = await pages.html(path);
    expect(grid).toContain('aria-label="Price of XL / Black, in pounds"');
    expect(grid.match(/aria-label="Price of [^"]+ \/ [^"]+, in pounds"/g)).toHaveLength(10);
  });

  it("moves a gallery picture up without JavaScript, keeping what was typed, until saved", async () => {
    const band = await makeBrand(db(), { title: "Gallery Test Band" });
    const one = await makeProduct(db(), {
      brandId: band.id,
      variants: [{ price: 100 }],
      image: true,
    });
    const two = await makeProduct(db(), {
      brandId: band.id,
      variants: [{ price: 100 }],
      image: true,
    });
    const text = await pages.html(`/admin/products/${one.product.id}`);
    const form = pages.formFields(text, "Product details");
    const first = form["media[0].fileId"];
    const other = pages.formFields(
      await pages.html(`/admin/products/${two.product.id}`),
      "Product details",
    )["media[0].fileId"];
    const moved = await pages.post(`/admin/products/${one.product.id}`, pages.staff, {
      ...form,
      title: "Typed while moving",
      "media[1].fileId": other ?? "",
      move: "media:1:up",
    });
    expect(moved.status).toBe(200);
    const page = await moved.text();
    expect(fieldTag(page, "media[0].fileId")).toContain(`value="${other}"`);
    expect(fieldTag(page, "media[1].fileId")).toContain(`value="${first}"`);
    expect(fieldTag(page, "title")).toContain('value="Typed while moving"');
    // Saving the page as it came back keeps that order.
    const saved = await pages.post(
      `/admin/products/${one.product.id}`,
      pages.staff,
      pages.formFields(page, "Product details"),
    );
    expect(saved.status).toBe(303);
    const shop = await (await app.fetch(`/api/products/${one.product.slug}`)).json();
    expect(shop.data.mediaFiles.map((file: { id: number }) => String(file.id))).toEqual([
      other,
      first,
    ]);
  });

  it("publishes and unpublishes the ticked products in bulk, refusing one with no variants", async () => {
    const band = await makeBrand(db(), { title: "Bulk Test Band" });
    const a = await makeProduct(db(), {
      brandId: band.id,
      status: "draft",
      variants: [{ price: 1000 }],
    });
    const b = await makeProduct(db(), {
      brandId: band.id,
      status: "draft",
      variants: [{ price: 1200 }],
    });
    const list = await pages.html(`/admin/products?brand=${band.id}`);
    expect(list).toMatch(
      /<button type="submit"[^>]*value="publish" name="intent">Publish<\/button>/,
    );
    const ids = [String(a.product.id), String(b.product.id)];
    const published = await pages.post(`/admin/products?brand=${band.id}`, pages.staff, {
      intent: "publish",
      ids,
    });
    expect(published.status).toBe(303);
    expect(published.headers.get("location")).toBe(`/admin/products?brand=${band.id}`);
    expect(flashOf(published)).toEqual(["Published 2 products."]);
    const statuses = await db()
      .select({ status: products.status })
      .from(products)
      .where(eq(products.brandId, band.id));
    expect(statuses.map((row) => row.status)).toEqual(["published", "published"]);
    expect((await app.fetch(`/products/${a.product.slug}`)).status).toBe(200);

    const unpublished = await pages.post("/admin/products", pages.staff, {
      intent: "unpublish",
      ids: [ids[0] as string],
    });
    expect(flashOf(unpublished)).toEqual(["Unpublished 1 product."]);
    // The cached page goes when the app hears the change (architecture.md §1), not before.
    await changesHeard(app);
    expect((await app.fetch(`/products/${a.product.slug}`)).status).toBe(404);

    // A product with nothing to sell is not published: the list says why, nothing changes.
    const bare = await pages.post("/admin/products/new", pages.staff, {
      title: "Bare Bulk Product",
      brandId: String(band.id),
      type: "poster",
      status: "draft",
    });
    const bareId = (await productBySlug("bare-bulk-product"))?.id;
    expect(bare.status).toBe(303);
    const refused = await pages.post("/admin/products", pages.staff, {
      intent: "publish",
      ids: [ids[0] as string, String(bareId)],
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "Bare Bulk Product has no variants: add one before publishing it.",
    );
    expect(
      (await db().select().from(products).where(eq(products.id, a.product.id)))[0]?.status,
    ).toBe("draft");

    const none = await pages.post("/admin/products", pages.staff, { intent: "publish" });
    expect(none.status).toBe(422);
    expect(await none.text()).toContain("Tick the products to publish first.");

    // Staff publish but do not delete; admins do both.
    expect(list).not.toContain("Delete selected");
    const adminList = await pages.html(`/admin/products?brand=${band.id}`, pages.admin);
    expect(adminList).toContain("Delete selected");
    expect(adminList).toContain('value="publish" name="intent"');
    const deleted = await pages.post(`/admin/products?brand=${band.id}`, pages.admin, {
      intent: "delete",
      ids: [String(bareId)],
    });
    expect(deleted.status).toBe(303);
    expect(flashOf(deleted)).toEqual(["Deleted 1 product."]);
    expect(await productBySlug("bare-bulk-product")).toBeUndefined();
  });

  it("lets admins delete a variant after confirming without JavaScript; staff may not", async () => {
    const band = await makeBrand(db(), { title: "Variant Delete Band" });
    const sizes = await optionValues("size");
    const made = await makeProduct(db(), {
      brandId: band.id,
      title: "Variant Delete Tee",
      variants: [
        { price: 2000, attributeIds: [sizes.S as number] },
        { price: 2000, attributeIds: [sizes.M as number] },
      ],
    });
    const [s] = await variantsOf(made.product.id);
    const path = `/admin/products/${made.product.id}`;
    expect(await pages.html(path, pages.staff)).not.toContain('aria-label="Delete S"');
    const refused = await pages.post(path, pages.staff, {
      deleteVariant: String(s?.id),
      intent: "delete-variant",
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only admins may delete variants.");

    expect(await pages.html(path, pages.admin)).toContain('aria-label="Delete S"');
    const asked = await pages.post(path, pages.admin, { deleteVariant: String(s?.id) });
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain('role="alertdialog"');
    expect(question).toContain("Delete S?");
    expect(await variantsOf(made.product.id)).toHaveLength(2);
    const deleted = await pages.post(path, pages.admin, {
      deleteVariant: String(s?.id),
      intent: "delete-variant",
    });
    expect(deleted.status).toBe(303);
    expect(flashOf(deleted)[0]).toMatch(/^Deleted the variant S \(/);
    expect((await variantsOf(made.product.id)).map((v) => v.id)).not.toContain(s?.id);
  });

  it("answers an edit page for no such product with a 404 inside the back office", async () => {
    const missing = await pages.page("/admin/products/999999", pages.staff);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("No such product.");
  });
});
