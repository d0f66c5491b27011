import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import {
  makeCheckoutStock,
  orderRow,
  stockLeft,
  ukDeliveryOptions,
} from "../../../tests/support/checkout.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

// Issue 13: the whole guest checkout by form posts, as a browser without JavaScript makes it.
describe.each(databaseKinds)("checkout without JavaScript on %s", (kind) => {
  let app: TestApp;
  let basket: string;
  let teeId: number;
  let tracked48 = "";
  beforeAll(async () => {
    app = await startTestApp(kind);
    tracked48 = String((await ukDeliveryOptions(app))[0]?.id);
    ({ teeId } = await makeCheckoutStock(app.database.db, 5));
    basket = `basket=${encodeURIComponent(JSON.stringify({ [teeId]: 1 }))}`;
  });
  afterAll(() => app.close());

  const fields = (extra: Record<string, string> = {}) => ({
    email: "form.guest@example.com",
    "shippingAddress.fullName": "Robin Form",
    "shippingAddress.line1": "2 Mill Lane",
    "shippingAddress.city": "York",
    "shippingAddress.postcode": "yo1 7hh",
    "shippingAddress.country": "GB",
    deliveryOptionId: tracked48,
    "payment.provider": "test",
    "payment.outcome": "success",
    idempotencyKey: crypto.randomUUID(),
    intent: "pay",
    ...extra,
  });
  const submit = (path: string, body: Record<string, string>, cookie = basket) =>
    app.fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: app.url,
        Cookie: cookie,
      },
      body: new URLSearchParams(body),
    });

  it("shows the basket priced, the delivery options and a pay button that names the amount", async () => {
    const response = await app.fetch("/checkout", { headers: { Cookie: basket } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain("Place order and pay £28.95");
    expect(html).toContain("Royal Mail Tracked 48");
    expect(html).toContain("Test payments.");
  });

  it("places a guest's order and lands on its confirmation, basket emptied", async () => {
    const paid = await submit("/checkout", fields());
    expect(paid.status).toBe(303);
    const location = paid.headers.get("location") ?? "";
    expect(location).toMatch(/^\/checkout\/orders\/\d+\?token=[\w-]+&placed=1$/);
    const confirmation = await app.fetch(location, { headers: { Cookie: basket } });
    expect(confirmation.status).toBe(200);
    expect(await confirmation.text()).toContain("Thank you for your order");
    expect(
      confirmation.headers.getSetCookie().some((line) => line.startsWith("basket=%7B%7D")),
    ).toBe(true);
  });

  it("keeps what was typed and puts errors beside their fields", async () => {
    const response = await submit(
      "/checkout",
      fields({ "shippingAddress.postcode": "nowhere", email: "kept@example.com" }),
    );
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Enter a UK postcode, like SW1A 1AA.");
    expect(html).toContain('value="kept@example.com"');
    expect(html).toContain('value="nowhere"');
  });

  it("says a declined card was declined, takes nothing and keeps the stock", async () => {
    const before = await stockLeft(app.database.db, teeId);
    const response = await submit("/checkout", fields({ "payment.outcome": "decline" }));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Your card was declined. Try another card.");
    expect(await stockLeft(app.database.db, teeId)).toBe(before);
  });

  it("goes through the test bank when the card asks for it", async () => {
    const charged = await submit("/checkout", fields({ "payment.outcome": "authenticate" }));
    expect(charged.status).toBe(303);
    const bank = charged.headers.get("location") ?? "";
    expect(bank).toMatch(/^\/checkout\/test-bank\/\d+\?secret=.+&token=/);
    const orderId = Number(/test-bank\/(\d+)/.exec(bank)?.[1]);
    const page = await app.fetch(bank);
    expect(await page.text()).toContain("Approve this payment");
    const secret = new URL(bank, app.url).searchParams.get("secret") ?? "";
    const approved = await submit(bank, { clientSecret: secret, approve: "true" });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toMatch(
      /^\/checkout\/orders\/\d+\?token=.+&placed=1$/,
    );
    expect((await orderRow(app.database.db, orderId))?.status).toBe("paid");
  });
});
