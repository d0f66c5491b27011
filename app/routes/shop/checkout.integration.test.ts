import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerAddresses, users } from "../../../server/customers/schema.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
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

  it("prefills a customer's saved address and keeps the new ones they ask it to save", async () => {
    const signedIn = `${basket}; ${await signedInCookie(app)}`;
    const page = await (await app.fetch("/checkout", { headers: { Cookie: signedIn } })).text();
    expect(page).toContain('value="M4 1SH"');
    expect(page).toContain("Save these details for next time");

    const billing = {
      billingSame: "",
      "billingAddress.fullName": "Alex Fan",
      "billingAddress.line1": "1 Bank Road",
      "billingAddress.city": "Bristol",
      "billingAddress.postcode": "",
      "billingAddress.country": "GB",
    };
    const refused = await submit(
      "/checkout",
      fields({ ...billing, saveDetails: "true" }),
      signedIn,
    );
    expect(refused.status).toBe(200);
    const html = await refused.text();
    expect(html).toContain("Enter a postcode.");
    expect(html).toContain('value="Bristol"');
    expect(await savedLines(DEMO_ACCOUNTS.customer.email)).not.toContain("1 Bank Road");

    const paid = await submit(
      "/checkout",
      fields({ ...billing, "billingAddress.postcode": "bs1 4dj", saveDetails: "true" }),
      signedIn,
    );
    expect(paid.status).toBe(303);
    const orderId = Number(/success\/(\d+)/.exec(paid.headers.get("location") ?? "")?.[1]);
    const order = await orderRow(app.database.db, orderId);
    expect(order?.billingAddress).toMatchObject({ line1: "1 Bank Road", postcode: "BS1 4DJ" });
    expect(await savedLines(DEMO_ACCOUNTS.customer.email)).toEqual(
      expect.arrayContaining(["shipping 2 Mill Lane", "billing 1 Bank Road"]),
    );
  });

  it("saves nothing for a guest, and nothing when the box is left unticked", async () => {
    await submit("/checkout", fields({ saveDetails: "true" }));
    expect(await savedLines("form.guest@example.com")).toEqual([]);
    const before = await savedLines(DEMO_ACCOUNTS.customer.email);
    const signedIn = `${basket}; ${await signedInCookie(app)}`;
    const paid = await submit(
      "/checkout",
      fields({ "shippingAddress.line1": "77 Elsewhere Road", billingSame: "true" }),
      signedIn,
    );
    expect(paid.status).toBe(303);
    expect(await savedLines(DEMO_ACCOUNTS.customer.email)).toEqual(before);
  });

  const savedLines = async (email: string) =>
    (
      await app.database.db
        .select({ kind: customerAddresses.kind, line1: customerAddresses.line1 })
        .from(customerAddresses)
        .innerJoin(users, eq(users.id, customerAddresses.userId))
        .where(eq(users.email, email))
    ).map((row) => `${row.kind} ${row.line1}`);
});
