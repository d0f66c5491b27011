import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppliedDiscount } from "../../common/discounts.ts";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeDiscount, usageOf } from "../../tests/support/discounts.ts";
import { makeBrand, makeCollection, makeProduct } from "../../tests/support/factories.ts";
import type { Db } from "../db/client.ts";

type Body = { data?: unknown; message?: string; errors?: Record<string, string[]> };
type Line = { id: number; quantity: number };

describe.each(databaseKinds)("discounts API on %s", (kind) => {
  let app: TestApp;
  let db: Db;
  // Variants of this file's own products, by price: a line's total is price × quantity.
  const variant: Record<string, number> = {};
  let alphaId: number;
  let betaId: number;
  let alphaProductId: number;
  let curatedId: number;
  let ruleId: number;

  const apply = async (payload: unknown) => {
    const response = await app.fetch("/api/discounts/basket/apply", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
    return { status: response.status, body: (await response.json()) as Body };
  };
  const applied = async (discount: string, lines: Line[]) => {
    const { status, body } = await apply({ discount, lines });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data as AppliedDiscount;
  };
  const refused = async (discount: string, lines: Line[]) => {
    const { status, body } = await apply({ discount, lines });
    expect(status, JSON.stringify(body)).toBe(422);
    expect(body.message).toBe("Validation failed");
    expect(Object.keys(body.errors ?? {})).toEqual(["discount"]);
    return body.errors?.discount;
  };
  const one = (name: string, quantity = 1): Line => ({ id: variant[name] as number, quantity });
  const redemptionCount = async () => {
    const result = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from discount_redemptions`,
    );
    return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n);
  };

  beforeAll(async () => {
    app = await startTestApp(kind);
    db = app.database.db;
    const alpha = await makeBrand(db, { title: "Alpha Discount Band" });
    const beta = await makeBrand(db, { title: "Beta Discount Band" });
    alphaId = alpha.id;
    betaId = beta.id;
    const tag = `discount-test-${kind}`;
    const make = async (name: string, brandId: number, price: number, tags: string[] = []) => {
      const { product, variants } = await makeProduct(db, {
        brandId,
        title: `Discount ${name}`,
        tags,
        variants: [{ price, stock: 20 }],
      });
      variant[name] = variants[0]?.id as number;
      return product;
    };
    alphaProductId = (await make("a2495", alpha.id, 2495)).id;
    await make("a999", alpha.id, 999);
    await make("a1999", alpha.id, 1999);
    await make("a2499", alpha.id, 2499);
    await make("a600", alpha.id, 600);
    await make("a400", alpha.id, 400);
    await make("b2000", beta.id, 2000);
    await make("b2999", beta.id, 2999);
    const curatedProduct = await make("b3000", beta.id, 3000);
    await make("b1500tagged", beta.id, 1500, [tag]);
    curatedId = (await makeCollection(db, { productIds: [curatedProduct.id] })).id;
    ruleId = (await makeCollection(db, { rule: { type: "tag", tag } })).id;
  });
  afterAll(() => app.close());

  describe("reference data", () => {
    it("lists the discount unit types", async () => {
      const response = await app.fetch("/api/discount-unit-types");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        data: [
          { id: "percentage", title: "Percentage off" },
          { id: "fixed", title: "Fixed amount off" },
        ],
      });
    });

    it("lists the eligible user groups", async () => {
      const response = await app.fetch("/api/eligible-user-groups");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        data: [
          { id: "everyone", title: "Everyone" },
          { id: "guests", title: "Guests" },
          { id: "registered", title: "Registered customers" },
          { id: "segment", title: "Members of a segment" },
        ],
      });
    });

    it("refuses unknown query parameters", async () => {
      expect((await app.fetch("/api/discount-unit-types?x=1")).status).toBe(422);
    });
  });

  describe("percentage codes", () => {
    it("rounds half up to the penny: 10% of £24.95 is 250p", async () => {
      const { code, id } = await makeDiscount(db, { value: 10, description: "Ten off" });
      const result = await applied(code, [one("a2495")]);
      expect(result).toEqual({
        id,
        code,
        description: "Ten off",
        unitType: "percentage",
        value: 10,
        discount: 250,
        subtotal: 2495,
        eligibleSubtotal: 2495,
        total: 2245,
        lines: [{ id: variant.a2495, discount: 250 }],
      });
    });

    it("rounds 15% of £9.99 (149.85p) to 150p", async () => {
      const { code } = await makeDiscount(db, { value: 15 });
      const result = await applied(code, [one("a999")]);
      expect(result).toMatchObject({ discount: 150, subtotal: 999, total: 849 });
    });

    it("takes the percentage of the whole subtotal and splits it over three awkward lines exactly", async () => {
      const { code } = await makeDiscount(db, { value: 15 });
      // 1999 + 2 × 2499 + 3 × 999 = 9994p; 15% = 1499.1p → 1499p.
      const result = await applied(code, [one("a1999"), one("a2499", 2), one("a999", 3)]);
      expect(result.subtotal).toBe(9994);
      expect(result.discount).toBe(1499);
      expect(result.total).toBe(8495);
      // Exact shares 299.83, 749.65, 449.52: the two leftover pence go to the largest remainders.
      expect(result.lines).toEqual([
        { id: variant.a1999, discount: 300 },
        { id: variant.a2499, discount: 750 },
        { id: variant.a999, discount: 449 },
      ]);
      expect(result.lines.reduce((sum, line) => sum + line.discount, 0)).toBe(result.discount);
    });

    it("takes off everything at 100% and never goes below zero", async () => {
      const { code } = await makeDiscount(db, { value: 100 });
      const result = await applied(code, [one("a2495"), one("a999")]);
      expect(result).toMatchObject({ discount: 3494, subtotal: 3494, total: 0 });
    });
  });

  describe("fixed amount codes", () => {
    it("are capped at the eligible subtotal", async () => {
      const { code } = await makeDiscount(db, { unitType: "fixed", value: 5000 });
      const result = await applied(code, [one("a999")]);
      expect(result).toMatchObject({ discount: 999, subtotal: 999, total: 0 });
      expect(result.lines).toEqual([{ id: variant.a999, discount: 999 }]);
    });

    it("split in proportion to the lines", async () => {
      const { code } = await makeDiscount(db, { unitType: "fixed", value: 500 });
      const result = await applied(code, [one("a600"), one("a400")]);
      expect(result.lines).toEqual([
        { id: variant.a600, discount: 300 },
        { id: variant.a400, discount: 200 },
      ]);
      expect(result.total).toBe(500);
    });

    it("on a scoped code count only the lines in scope", async () => {
      const { code } = await makeDiscount(
        db,
        { unitType: "fixed", value: 1000, scope: "selected" },
        { brandIds: [alphaId] },
      );
      const result = await applied(code, [one("a600"), one("b2000")]);
      expect(result).toMatchObject({
        discount: 600,
        subtotal: 2600,
        eligibleSubtotal: 600,
        total: 2000,
      });
      expect(result.lines).toEqual([
        { id: variant.a600, discount: 600 },
        { id: variant.b2000, discount: 0 },
      ]);
    });
  });

  describe("scope", () => {
    const scoped = (targets: Parameters<typeof makeDiscount>[2]) =>
      makeDiscount(db, { value: 10, scope: "selected" }, targets);

    it("a band code covers only that band's lines", async () => {
      const { code } = await scoped({ brandIds: [betaId] });
      const result = await applied(code, [one("a2495"), one("b2000")]);
      expect(result).toMatchObject({ discount: 200, eligibleSubtotal: 2000, total: 4295 });
      expect(result.lines).toEqual([
        { id: variant.a2495, discount: 0 },
        { id: variant.b2000, discount: 200 },
      ]);
    });

    it("a product code covers only that product's lines", async () => {
      const { code } = await scoped({ productIds: [alphaProductId] });
      const result = await applied(code, [one("a2495"), one("a999"), one("b2000")]);
      expect(result.discount).toBe(250);
      expect(result.lines.map((line) => line.discount)).toEqual([250, 0, 0]);
    });

    it("a curated collection code covers the collection's products", async () => {
      const { code } = await scoped({ collectionIds: [curatedId] });
      const result = await applied(code, [one("b2999"), one("b3000")]);
      expect(result.discount).toBe(300);
      expect(result.lines.map((line) => line.discount)).toEqual([0, 300]);
    });

    it("a rule-based collection code covers the products its rule selects", async () => {
      const { code } = await scoped({ collectionIds: [ruleId] });
      const result = await applied(code, [one("b1500tagged"), one("b2000")]);
      expect(result.discount).toBe(150);
      expect(result.lines.map((line) => line.discount)).toEqual([150, 0]);
    });

    it("targets add up: a line matching any of them is in scope", async () => {
      const { code } = await scoped({ productIds: [alphaProductId], collectionIds: [curatedId] });
      const result = await applied(code, [one("a2495"), one("b3000"), one("b2000")]);
      expect(result.lines.map((line) => line.discount)).toEqual([250, 300, 0]);
      expect(result.discount).toBe(550);
    });

    it("is refused when nothing in the basket is in scope", async () => {
      const { code } = await scoped({ brandIds: [betaId] });
      expect(await refused(code, [one("a2495")])).toEqual([
        "This code does not apply to anything in your basket",
      ]);
    });

    it("a selected code with no targets left applies to nothing, never to the whole basket", async () => {
      const { code } = await scoped({});
      expect(await refused(code, [one("a2495")])).toEqual([
        "This code does not apply to anything in your basket",
      ]);
    });
  });

  describe("minimum spend", () => {
    it("is refused at 2999p and accepted at exactly 3000p", async () => {
      const { code } = await makeDiscount(db, {
        unitType: "fixed",
        value: 500,
        minSubtotal: 3000,
      });
      expect(await refused(code, [one("b2999")])).toEqual([
        "Spend £30.00 or more to use this code",
      ]);
      const result = await applied(code, [one("b3000")]);
      expect(result).toMatchObject({ discount: 500, subtotal: 3000, total: 2500 });
    });

    it("on a scoped code counts only the lines in scope", async () => {
      const { code } = await makeDiscount(
        db,
        { value: 10, minSubtotal: 3000, scope: "selected" },
        { brandIds: [alphaId] },
      );
      // 2495 + 2000 = 4495 in the basket, but only 2495 of it is Alpha's.
      expect(await refused(code, [one("a2495"), one("b2000")])).toEqual([
        "Spend £30.00 or more on the items this code covers to use it",
      ]);
      const result = await applied(code, [one("a2495"), one("a600")]);
      expect(result.discount).toBe(310); // 10% of 3095 = 309.5p → 310p
    });
  });

  describe("the live window", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("is refused one millisecond before the start and accepted at the start instant", async () => {
      const startsAt = new Date("2031-03-30T00:00:00Z");
      const { code } = await makeDiscount(db, { startsAt });
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(startsAt.getTime() - 1);
      expect(await refused(code, [one("a999")])).toEqual(["This code is not active yet"]);
      vi.setSystemTime(startsAt);
      expect((await applied(code, [one("a999")])).discount).toBe(100);
    });

    it("is accepted one millisecond before the end and refused at the end instant", async () => {
      const startsAt = new Date("2031-03-01T00:00:00Z");
      const endsAt = new Date("2031-03-30T23:00:00Z");
      const { code } = await makeDiscount(db, { startsAt, endsAt });
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(endsAt.getTime() - 1);
      expect((await applied(code, [one("a999")])).discount).toBe(100);
      vi.setSystemTime(endsAt);
      expect(await refused(code, [one("a999")])).toEqual(["This code has expired"]);
    });
  });

  describe("usage", () => {
    it("accepts the last use and refuses once the limit is reached", async () => {
      const lastUse = await makeDiscount(db, { usageLimit: 3, timesUsed: 2 });
      expect((await applied(lastUse.code, [one("a999")])).discount).toBe(100);
      const usedUp = await makeDiscount(db, { usageLimit: 3, timesUsed: 3 });
      expect(await refused(usedUp.code, [one("a999")])).toEqual(["This code has been used up"]);
    });

    it("never changes times_used, however often a code is applied", async () => {
      const discount = await makeDiscount(db, { usageLimit: 1 });
      const before = await redemptionCount();
      for (let attempt = 0; attempt < 3; attempt++) {
        await applied(discount.code, [one("a999")]);
      }
      expect(await usageOf(db, discount.id)).toEqual({ timesUsed: 0, redemptions: 0 });
      expect(await redemptionCount()).toBe(before);
    });
  });

  describe("who may use a code", () => {
    it("asks a guest to sign in for registered and segment codes", async () => {
      const registered = await makeDiscount(db, { eligibleGroup: "registered" });
      const segment = await makeDiscount(db, { eligibleGroup: "segment", segmentId: 1 });
      for (const { code } of [registered, segment]) {
        expect(await refused(code, [one("a999")])).toEqual(["Sign in to use this code"]);
      }
    });

    it("lets a signed-in customer use a registered code, by bearer or by cookie", async () => {
      const { code } = await makeDiscount(db, { eligibleGroup: "registered" });
      const cookie = await signedInCookie(app);
      const token = cookie.slice("token=".length);
      const ways: Array<Record<string, string>> = [
        { Authorization: `Bearer ${token}` },
        { Cookie: cookie },
      ];
      for (const headers of ways) {
        const response = await app.fetch("/api/discounts/basket/apply", {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify({ discount: code, lines: [one("a999")] }),
        });
        expect(response.status).toBe(200);
      }
      // A dead token is a guest, not a 401.
      const dead = await app.fetch("/api/discounts/basket/apply", {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: "token=never-issued" },
        body: JSON.stringify({ discount: code, lines: [one("a999")] }),
      });
      expect(dead.status).toBe(422);
    });

    it("lets a guest use everyone and guest codes", async () => {
      for (const eligibleGroup of ["everyone", "guests"] as const) {
        const { code } = await makeDiscount(db, { eligibleGroup });
        expect((await applied(code, [one("a999")])).discount).toBe(100);
      }
    });
  });

  describe("codes as typed", () => {
    it("match whatever the case, with spaces around trimmed", async () => {
      const { code } = await makeDiscount(db, { code: `MIXED${kind.toUpperCase()}` });
      const result = await applied(`  mixed${kind}\t `, [one("a999")]);
      expect(result.code).toBe(code);
    });

    it("an unknown code is refused", async () => {
      expect(await refused("NO-SUCH-CODE", [one("a999")])).toEqual(["This code is not recognised"]);
      expect(await refused("no such code", [one("a999")])).toEqual(["This code is not recognised"]);
    });

    it("one code per basket: a list of codes is not a code", async () => {
      const { code } = await makeDiscount(db);
      const { status, body } = await apply({ discount: [code, code], lines: [one("a999")] });
      expect(status).toBe(422);
      expect(Object.keys(body.errors ?? {})).toEqual(["discount"]);
      expect(await refused(`${code},${code}`, [one("a999")])).toEqual([
        "This code is not recognised",
      ]);
    });
  });

  describe("the basket", () => {
    it("is priced from the database: quantities are capped and unknown lines dropped", async () => {
      const { code } = await makeDiscount(db, { value: 10 });
      // MAX_PER_LINE is 10; variant 2147483647 does not exist.
      const result = await applied(code, [one("a999", 12), { id: 2_147_483_647, quantity: 1 }]);
      expect(result).toMatchObject({ subtotal: 9990, discount: 999, total: 8991 });
      expect(result.lines).toEqual([{ id: variant.a999, discount: 999 }]);
    });

    it("an empty basket is a 422 on lines", async () => {
      const { code } = await makeDiscount(db);
      for (const lines of [
        [],
        [{ ...one("a999"), quantity: 0 }],
        [{ id: 2_147_483_647, quantity: 1 }],
      ]) {
        const { status, body } = await apply({ discount: code, lines });
        expect(status).toBe(422);
        expect(body).toEqual({
          message: "Validation failed",
          errors: { lines: ["Your basket is empty"] },
        });
      }
    });
  });

  describe("bad payloads", () => {
    const cases: Array<[string, (code: string, line: Line) => unknown, string]> = [
      ["an unknown key", (code, line) => ({ discount: code, lines: [line], total: 0 }), "body"],
      [
        "an unknown key in a line",
        (code, line) => ({ discount: code, lines: [{ ...line, price: 1 }] }),
        "lines.0",
      ],
      [
        "a negative quantity",
        (code, line) => ({ discount: code, lines: [{ ...line, quantity: -1 }] }),
        "lines.0.quantity",
      ],
      [
        "a fractional quantity",
        (code, line) => ({ discount: code, lines: [{ ...line, quantity: 1.5 }] }),
        "lines.0.quantity",
      ],
      [
        "a string quantity",
        (code, line) => ({ discount: code, lines: [{ ...line, quantity: "1" }] }),
        "lines.0.quantity",
      ],
      [
        "a bad variant id",
        (code) => ({ discount: code, lines: [{ id: -3, quantity: 1 }] }),
        "lines.0.id",
      ],
      [
        "101 lines",
        (code) => ({
          discount: code,
          lines: Array.from({ length: 101 }, (_, index) => ({ id: index + 1, quantity: 1 })),
        }),
        "lines",
      ],
      ["missing lines", (code) => ({ discount: code }), "lines"],
      ["lines that are not a list", (code) => ({ discount: code, lines: {} }), "lines"],
      [
        "a code of 51 characters",
        (_code, line) => ({ discount: "A".repeat(51), lines: [line] }),
        "discount",
      ],
      ["a blank code", (_code, line) => ({ discount: "   ", lines: [line] }), "discount"],
      ["a missing code", (_code, line) => ({ lines: [line] }), "discount"],
      ["a numeric code", (_code, line) => ({ discount: 10, lines: [line] }), "discount"],
      ["a body that is not JSON", () => "{ discount:", "body"],
      ["a body that is a list", () => [], "body"],
    ];

    it.each(cases)(
      "%s is a 422 naming the field, and nothing is stored",
      async (_name, payload, field) => {
        const discount = await makeDiscount(db, { usageLimit: 5 });
        const before = await redemptionCount();
        const { status, body } = await apply(payload(discount.code, one("a999")));
        expect(status, JSON.stringify(body)).toBe(422);
        expect(body.message).toBe("Validation failed");
        expect(Object.keys(body.errors ?? {})).toContain(field);
        expect(await usageOf(db, discount.id)).toEqual({ timesUsed: 0, redemptions: 0 });
        expect(await redemptionCount()).toBe(before);
      },
    );

    it("a code of exactly 50 characters is looked up, not refused as too long", async () => {
      const code = `L${"0".repeat(45)}${kind === "postgres" ? "PGSQ" : "PGLT"}`;
      expect(code).toHaveLength(50);
      await makeDiscount(db, { code });
      expect((await applied(code.toLowerCase(), [one("a999")])).code).toBe(code);
    });
  });

  describe("the demo codes", () => {
    const gullsVariant = async () => {
      const result = await db.execute<{ id: number; price: number }>(sql`
        select pv.id, pv.price from product_variants pv
        join products p on p.id = pv.product_id
        join brands b on b.id = p.brand_id
        where b.slug = 'static-gulls' and p.status = 'published' and pv.stock_on_hand > 0
        order by pv.id limit 1`);
      const row = (result as unknown as { rows: Array<{ id: number; price: number }> }).rows[0];
      if (!row) throw new Error("no Static Gulls variant in stock");
      return row;
    };

    it("are exactly WELCOME10, FIVEOFF, GULLS15 and SUMMER25", async () => {
      const result = await db.execute<{ code: string }>(
        sql`select code from discounts where code not like 'TEST%' and code not like 'MIXED%' and code not like 'L0%' order by code`,
      );
      const codes = (result as unknown as { rows: Array<{ code: string }> }).rows.map(
        (row) => row.code,
      );
      expect(codes).toEqual(["FIVEOFF", "GULLS15", "SUMMER25", "WELCOME10"]);
    });

    it("WELCOME10 takes 10% off everything", async () => {
      const result = await applied("welcome10", [one("a2495"), one("b2000")]);
      expect(result).toMatchObject({ code: "WELCOME10", discount: 450, total: 4045 });
    });

    it("FIVEOFF takes £5 off orders of £30 or more", async () => {
      expect(await refused("fiveoff", [one("b2999")])).toEqual([
        "Spend £30.00 or more to use this code",
      ]);
      expect(await applied("FiveOff", [one("b3000")])).toMatchObject({
        discount: 500,
        total: 2500,
      });
    });

    it("GULLS15 takes 15% off Static Gulls products only", async () => {
      const gulls = await gullsVariant();
      const result = await applied("gulls15", [{ id: gulls.id, quantity: 1 }, one("a2495")]);
      const expected = Math.floor((gulls.price * 15 + 50) / 100);
      expect(result.discount).toBe(expected);
      expect(result.lines).toEqual([
        { id: gulls.id, discount: expected },
        { id: variant.a2495, discount: 0 },
      ]);
      expect(await refused("GULLS15", [one("a2495")])).toEqual([
        "This code does not apply to anything in your basket",
      ]);
    });

    it("SUMMER25 has expired", async () => {
      expect(await refused("summer25", [one("a2495")])).toEqual(["This code has expired"]);
    });
  });
});
