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

  it("refuses a post from another site (SECURITY §16)", async () => {
    expect((await post({ intent: "empty" }, { Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ intent: "empty" }, { Origin: "null" })).status).toBe(403);
    expect((await post({ intent: "empty" }, { Origin: "not a url" })).status).toBe(403);
    const bySite = await post({ intent: "empty" }, { Origin: "", "Sec-Fetch-Site": "cross-site" });
    expect(bySite.status).toBe(403);
  });
});
