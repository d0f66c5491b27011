import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeAttributeType, makeBrand, makeProduct } from "../../../tests/support/factories.ts";

describe.each(databaseKinds)("basket page form posts on %s", (kind) => {
  let app: TestApp;
  let tee: Awaited<ReturnType<typeof makeProduct>>;
  let size: Awaited<ReturnType<typeof makeAttributeType>>;
  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.fetch("/basket", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app.url, ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${name}=`))
      ?.split(";")[0]
      ?.slice(name.length + 1);

  beforeAll(async () => {
    app = await startTestApp(kind);
    const band = await makeBrand(app.database.db);
    size = await makeAttributeType(app.database.db, "Size", ["M", "L"]);
    tee = await makeProduct(app.database.db, {
      brandId: band.id,
      title: "Form Tee",
      variants: [
        { price: 2000, stock: 4, attributeIds: [size.values.M?.id ?? 0] },
        { price: 2000, stock: 40, attributeIds: [size.values.L?.id ?? 0] },
      ],
    });
  });
  afterAll(() => app.close());

  it("adds the variant the posted options choose, and lands on /basket (303) with the basket stored", async () => {
    const response = await post({
      intent: "add",
      productId: String(tee.product.id),
      "option-size": String(size.values.L?.id),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/basket");
    expect(JSON.parse(decodeURIComponent(cookieOf(response, "basket") ?? ""))).toEqual({
      [tee.variants[1]?.id ?? 0]: 1,
    });
    expect(decodeURIComponent(cookieOf(response, "flash") ?? "")).toContain(
      "Form Tee added to your basket.",
    );
  });

  it("caps at the stock and says so", async () => {
    const response = await post({
      intent: "set",
      variantId: String(tee.variants[0]?.id),
      quantity: "9",
    });
    expect(JSON.parse(decodeURIComponent(cookieOf(response, "basket") ?? ""))).toEqual({
      [tee.variants[0]?.id ?? 0]: 4,
    });
    expect(decodeURIComponent(cookieOf(response, "flash") ?? "")).toContain(
      "Only 4 of Form Tee, M are left",
    );
  });

  it("refuses a discount code that does not work, and stores nothing", async () => {
    const response = await post(
      { intent: "apply-discount", code: "NOPE" },
      { Cookie: `basket=${encodeURIComponent(JSON.stringify({ [tee.variants[1]?.id ?? 0]: 1 }))}` },
    );
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("This code is not recognised");
    expect(cookieOf(response, "discount_code")).toBeUndefined();
  });

  it.each([
    [{ intent: "set", variantId: "x", quantity: "1" }],
    [{ intent: "set", variantId: "1", quantity: "-2" }],
    [{ intent: "launch-rockets" }],
    [{ intent: "add", productId: String(987654) }],
  ])("answers a malformed post %o with a 422, never a 500, and changes nothing", async (fields) => {
    const response = await post(fields);
    expect(response.status).toBe(422);
    expect(cookieOf(response, "basket")).toBeUndefined();
  });

  it("refuses a post from another site (security.md #16)", async () => {
    expect((await post({ intent: "empty" }, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ intent: "empty" }, { Origin: "null" })).status).toBe(403);
    expect((await post({ intent: "empty" }, { Origin: "not a url" })).status).toBe(403);
    const bySite = await post({ intent: "empty" }, { Origin: "", "Sec-Fetch-Site": "cross-site" });
    expect(bySite.status).toBe(403);
  });

  describe("Empty basket, then Undo (issue 29)", () => {
    const lines = () => ({ [tee.variants[1]?.id ?? 0]: 3 });
    const basketIs = (lines: Record<number, number>) =>
      `basket=${encodeURIComponent(JSON.stringify(lines))}`;

    it("keeps the emptied lines for ten minutes, and the empty basket page offers Undo", async () => {
      const response = await post({ intent: "empty" }, { Cookie: basketIs(lines()) });
      expect(response.status).toBe(303);
      expect(JSON.parse(decodeURIComponent(cookieOf(response, "basket") ?? ""))).toEqual({});
      const kept = response.headers
        .getSetCookie()
        .find((cookie) => cookie.startsWith("basket_emptied="));
      expect(kept).toContain("Max-Age=600");
      expect(kept).toContain("HttpOnly");
      expect(JSON.parse(decodeURIComponent(cookieOf(response, "basket_emptied") ?? ""))).toEqual(
        lines(),
      );
      expect(decodeURIComponent(cookieOf(response, "flash") ?? "")).toContain(
        "Your basket has been emptied.",
      );

      const page = await app.fetch("/basket", {
        headers: {
          Cookie: `${basketIs({})}; basket_emptied=${cookieOf(response, "basket_emptied")}`,
        },
      });
      const html = await page.text();
      expect(html).toContain("Your basket is empty.");
      expect(html).toMatch(/name="intent" value="undo-empty"/);
      expect(html).toMatch(/>Undo<\/button>/);
      // Nothing emptied: no Undo.
      const plain = await (
        await app.fetch("/basket", { headers: { Cookie: basketIs({}) } })
      ).text();
      expect(plain).not.toContain("undo-empty");
    });

    it("Undo puts the lines back with their quantities, beside anything added since, and forgets them", async () => {
      const emptied = encodeURIComponent(JSON.stringify(lines()));
      const response = await post(
        { intent: "undo-empty" },
        { Cookie: `${basketIs({ [tee.variants[0]?.id ?? 0]: 1 })}; basket_emptied=${emptied}` },
      );
      expect(response.status).toBe(303);
      expect(JSON.parse(decodeURIComponent(cookieOf(response, "basket") ?? ""))).toEqual({
        [tee.variants[0]?.id ?? 0]: 1,
        ...lines(),
      });
      expect(cookieOf(response, "basket_emptied")).toBe("");
      expect(decodeURIComponent(cookieOf(response, "flash") ?? "")).toContain(
        "Your basket has been restored.",
      );
    });

    it("says so when there is nothing left to undo, and changes nothing", async () => {
      const response = await post({ intent: "undo-empty" }, { Cookie: basketIs({}) });
      expect(response.status).toBe(409);
      expect(await response.text()).toContain("can no longer be brought back");
      expect(cookieOf(response, "basket")).toBeUndefined();
    });
  });

  describe("free UK delivery (issue 29)", () => {
    const page = async (lines: Record<number, number>) =>
      (
        await app.fetch("/basket", {
          headers: { Cookie: `basket=${encodeURIComponent(JSON.stringify(lines))}` },
        })
      ).text();

    it("says how far the basket is from the UK Standard option's £50.00, and when it is reached", async () => {
      // Two tees at £20.00: £40.00 of goods, £10.00 short.
      expect(await page({ [tee.variants[1]?.id ?? 0]: 2 })).toContain(
        "£10.00 away from free UK delivery.",
      );
      expect(await page({ [tee.variants[1]?.id ?? 0]: 3 })).toContain(
        "Your order qualifies for free UK delivery.",
      );
    });

    it("tells the product page's shopper the threshold, beside the price", async () => {
      const html = await (await app.fetch(`/products/${tee.product.slug}`)).text();
      expect(html).toContain("Free UK delivery on orders of £50.00 or more.");
    });
  });
});
