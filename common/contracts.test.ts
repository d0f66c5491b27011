import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { signedInCookie } from "../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../tests/support/app.ts";
import { databaseKinds } from "../tests/support/databases.ts";
import { makeDiscount } from "../tests/support/discounts.ts";
import {
  ConfirmationSent,
  FullAccountCheck,
  PublicAddress,
  PublicUser,
  SignedIn,
} from "./accounts.ts";
import { Basket } from "./basket.ts";
import {
  AttributeTypeView,
  AttributeView,
  BrandPage,
  BrandView,
  CollectionView,
  ProductCard,
  ProductCardPage,
  ProductFilters,
  ProductView,
} from "./catalog.ts";
import { ArticlePage, ArticleView, BlogView } from "./content.ts";
import { DeliveryOptionGroup } from "./delivery.ts";
import { AppliedDiscount, DiscountUnitTypeOption, EligibleUserGroupOption } from "./discounts.ts";
import { Notice } from "./notice.ts";
import { ChargeTypeOption } from "./orders.ts";

/**
 * The contracts are true: every public answer, on the demo shop, is exactly what its schema says.
 * Parsing drops keys a schema does not know, so comparing the parsed value with the answer also
 * catches a field the server sends that the contract leaves out.
 */
function expectContract(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(z.prettifyError(result.error));
  expect(result.data).toEqual(value);
}

describe.each(databaseKinds)("the API's answers on %s", (kind) => {
  let app: TestApp;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await app.fetch(path, { headers });
    expect(response.status, path).toBe(200);
    return (await response.json()) as { data: unknown; meta?: unknown };
  };
  const post = async (path: string, body: unknown, status = 200) => {
    const response = await app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBe(status);
    return ((await response.json()) as { data: unknown }).data;
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("describes the bands", async () => {
    const page = await get("/api/brands");
    expectContract(BrandPage, page);
    const { data } = BrandPage.parse(page);
    for (const brand of data.slice(0, 5)) {
      expectContract(BrandView, (await get(`/api/brands/${brand.slug}`)).data);
    }
  });

  it("describes the products, each product page and its related products", async () => {
    const page = await get("/api/products?perPage=100");
    expectContract(ProductCardPage, page);
    const { data } = ProductCardPage.parse(page);
    expect(data.length).toBeGreaterThan(0);
    for (const card of data) {
      expectContract(ProductView, (await get(`/api/products/${card.slug}`)).data);
    }
    const first = data[0];
    if (!first) throw new Error("no demo products");
    expectContract(z.array(ProductCard), (await get(`/api/products/${first.id}/related`)).data);
  });

  it("describes attributes, their types and the listing filters", async () => {
    expectContract(z.array(AttributeTypeView), (await get("/api/product-attribute-types")).data);
    expectContract(z.array(AttributeView), (await get("/api/product-attributes")).data);
    expectContract(ProductFilters, (await get("/api/product-filters")).data);
    expectContract(ProductFilters, (await get("/api/product-filters?q=zzzzqqq")).data);
  });

  it("describes every collection", async () => {
    // PGlite and node-postgres both answer raw SQL with `rows`.
    const { rows: slugs } = (await app.database.db.execute(
      sql`select slug from product_collections`,
    )) as unknown as { rows: Array<{ slug: string }> };
    expect(slugs.length).toBeGreaterThan(0);
    for (const { slug } of slugs) {
      expectContract(CollectionView, (await get(`/api/product-collections/${slug}`)).data);
    }
  });

  it("describes blogs and their articles", async () => {
    const blogs = z.array(BlogView).parse((await get("/api/blogs")).data);
    expect(blogs.length).toBeGreaterThan(0);
    for (const blog of blogs) {
      expectContract(BlogView, (await get(`/api/blogs/${blog.slug}`)).data);
      const page = await get(`/api/blogs/${blog.slug}/articles?perPage=50`);
      expectContract(ArticlePage, page);
      for (const article of ArticlePage.parse(page).data) {
        const path = `/api/blog/${blog.slug}/articles/${article.slug}`;
        expectContract(ArticleView, (await get(path)).data);
      }
    }
  });

  it("describes the reference lists", async () => {
    expectContract(z.array(DiscountUnitTypeOption), (await get("/api/discount-unit-types")).data);
    expectContract(z.array(EligibleUserGroupOption), (await get("/api/eligible-user-groups")).data);
    expectContract(z.array(ChargeTypeOption), (await get("/api/charge-types")).data);
  });

  it("describes a basket, a code applied to it and the delivery options for it", async () => {
    const { data } = ProductCardPage.parse(await get("/api/products?inStock=true"));
    const lines = [];
    for (const card of data.slice(0, 3)) {
      const product = ProductView.parse((await get(`/api/products/${card.id}`)).data);
      const variant = product.variants.find((entry) => entry.inStock);
      if (variant) lines.push({ id: variant.id, quantity: 2 });
    }
    expect(lines.length).toBeGreaterThan(0);
    // A line that no longer exists, so the answer carries an adjustment too.
    const basket = await post("/api/basket/lines", {
      lines: [...lines, { id: 999999, quantity: 1 }],
    });
    expectContract(Basket, basket);
    expect(Basket.parse(basket).adjustments).toHaveLength(1);

    const code = await makeDiscount(app.database.db);
    expectContract(
      AppliedDiscount,
      await post("/api/discounts/basket/apply", { discount: code.code, lines }),
    );
    for (const country of ["GB", "FR", "US"]) {
      expectContract(
        DeliveryOptionGroup,
        await post("/api/delivery/option-groups/determined-delivery-option-group", {
          country,
          lines,
        }),
      );
    }
  });

  it("describes accounts: registering, signing in, the account and its saved addresses", async () => {
    const account = {
      name: "Contract Tester",
      email: `contracts-${Date.now()}@example.com`,
      password: "a long and unusual passphrase 2026",
    };
    expectContract(SignedIn, await post("/api/register", { ...account }, 201));
    const signedIn = await post("/api/login-user", {
      email: account.email,
      password: account.password,
    });
    expectContract(SignedIn, signedIn);
    const bearer = { Authorization: `Bearer ${SignedIn.parse(signedIn).token}` };
    expectContract(PublicUser, (await get("/api/user/user/show", bearer)).data);
    expectContract(
      PublicAddress.nullable(),
      (await get("/api/user/shipping-details", bearer)).data,
    );

    // The demo customer has saved addresses.
    const demo = { Cookie: await signedInCookie(app) };
    const shipping = (await get("/api/user/shipping-details", demo)).data;
    expect(shipping).not.toBeNull();
    expectContract(PublicAddress, shipping);
    expectContract(PublicAddress.nullable(), (await get("/api/user/billing-details", demo)).data);

    expectContract(FullAccountCheck, await post("/api/has-full-account", { email: account.email }));
    expectContract(Notice, await post("/api/password/forgot", { email: account.email }, 202));

    // An email that has only guest orders gets a link instead of an account.
    const guest = `contracts-guest-${Date.now()}@example.com`;
    await app.database.db.execute(
      sql`insert into users (email, name, is_guest) values (${guest}, 'Guest', true)`,
    );
    expectContract(
      ConfirmationSent,
      await post("/api/register", { ...account, email: guest }, 202),
    );
  });
});
