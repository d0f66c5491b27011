import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeResult } from "../../../common/checkout";
import { formatLongDate } from "../../../common/dates";
import { formatPrice } from "../../../common/money";
import { periodEnd } from "../../../server/orders/memberships/memberships.ts";
import { membershipSubscriptions } from "../../../server/payments/schema.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import {
  charge,
  makeCheckoutStock,
  makeProductOnModel,
  orderRow,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../../tests/support/checkout.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

// The order screens of behaviour.md §2: the customer's order, the confirmation after checkout, and
// a guest's order opened by its access token.
describe.each(databaseKinds)("order pages on %s", (kind) => {
  let app: TestApp;
  let cookie: string;
  let customerOrder: ChargeResult;
  let guestOrder: ChargeResult;
  beforeAll(async () => {
    app = await startTestApp(kind);
    cookie = await signedInCookie(app);
    const { teeId } = await makeCheckoutStock(app.database.db);
    const body = {
      lines: [{ id: teeId, quantity: 1 }],
      email: "page.guest@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: (await ukDeliveryOptions(app))[0]?.id,
      payment: { provider: "test", outcome: "success" },
    };
    const bearer = { Authorization: `Bearer ${cookie.slice("token=".length)}` };
    customerOrder = ((await (await charge(app, body, bearer)).json()) as { data: ChargeResult })
      .data;
    guestOrder = ((await (await charge(app, body)).json()) as { data: ChargeResult }).data;
  });
  afterAll(() => app.close());

  const page = (path: string, withCookie = cookie) =>
    app.fetch(path, { headers: { Cookie: withCookie } });

  it("shows the customer's own order, and 404s another's exactly like a missing one", async () => {
    const own = await page(`/customer/orders/${customerOrder.orderId}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const html = await own.text();
    expect(html).toContain(`Order ${customerOrder.number}`);
    expect(html).toContain("£28.95");
    expect(html).toContain("Including VAT");
    expect(html).toContain("LS1 4AP");

    for (const path of [`/customer/orders/${guestOrder.orderId}`, "/customer/orders/99999999"]) {
      const response = await page(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain(`Page not found: ${path}`);
    }
    expect((await page("/customer/orders/3000000000")).status).toBe(404);
  });

  it("shows a membership's renewal date, or that it was cancelled", async () => {
    const yearly = await makeProductOnModel(app.database.db, "Fan club (yearly)", null);
    const bearer = { Authorization: `Bearer ${cookie.slice("token=".length)}` };
    const response = await charge(
      app,
      {
        lines: [{ id: yearly, quantity: 1 }],
        email: "page.member@example.com",
        shippingAddress: UK_ADDRESS,
        deliveryOptionId: (await ukDeliveryOptions(app))[0]?.id,
        payment: { provider: "test", outcome: "success" },
      },
      bearer,
    );
    const { orderId } = ((await response.json()) as { data: ChargeResult }).data;
    const paidAt = (await orderRow(app.database.db, orderId))?.paidAt ?? new Date();
    const html = await (await page(`/customer/orders/${orderId}`)).text();
    expect(html).toContain(`Renews on ${formatLongDate(periodEnd(paidAt, "year").toISOString())}`);

    await app.database.db
      .update(membershipSubscriptions)
      .set({ state: "cancelled", currentPeriodEnd: null })
      .where(eq(membershipSubscriptions.orderId, orderId));
    const cancelled = await (await page(`/customer/orders/${orderId}`)).text();
    expect(cancelled).toContain(": Cancelled</li>");
    expect(cancelled).not.toContain("Renews on");
  });

  it("lists the customer's orders on the dashboard, newest first", async () => {
    const html = await (await page("/customer/dashboard")).text();
    expect(html).toContain(customerOrder.number);
    expect(html).toContain(`/customer/orders/${customerOrder.orderId}`);
    expect(html).not.toContain(guestOrder.number);
  });

  it("confirms the order after checkout and empties the basket and the code", async () => {
    const response = await page(
      `/customer/checkout/success/${customerOrder.orderId}`,
      `${cookie}; basket=%7B%221%22%3A1%7D; discount_code=WELCOME10`,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Thank you for your order");
    const cookies = response.headers.getSetCookie();
    expect(cookies.find((line) => line.startsWith("basket="))).toMatch(/^basket=%7B%7D;/);
    expect(cookies.find((line) => line.startsWith("discount_code="))).toMatch(/Max-Age=0/);
    expect((await page(`/customer/checkout/success/${guestOrder.orderId}`)).status).toBe(404);
  });

  it("gives a paid order a UK VAT receipt: seller, VAT number, each line's rate and VAT, totals", async () => {
    const html = (
      await (await page(`/customer/orders/${customerOrder.orderId}`)).text()
    ).replaceAll("<!-- -->", "");
    const row = await orderRow(app.database.db, customerOrder.orderId);
    if (!row) throw new Error("no order row");
    const receipt = html.slice(html.indexOf('id="vat-receipt"'));
    expect(receipt).toContain("VAT receipt");
    expect(receipt).toContain("Encore Merch Ltd");
    expect(receipt).toContain("Manchester");
    expect(receipt).toContain("VAT registration number: GB 412 7731 58");
    expect(receipt).toContain(`<dd>${customerOrder.number}</dd>`);
    expect(receipt).toMatch(/<td[^>]*>20%<\/td>/);
    expect(receipt).toContain("Delivery: UK Standard");
    const total = (label: string, pence: number) =>
      expect(receipt).toMatch(
        new RegExp(`${label}</th><td[^>]*>${formatPrice(pence).replace(".", "\\.")}</td>`),
      );
    total("Total without VAT", row.total - row.vat);
    total("Total VAT", row.vat);
    total("Total paid", row.total);
  });

  it("shows the paid badge and a link to the order in the account on the confirmation", async () => {
    const html = (
      await (await page(`/customer/checkout/success/${customerOrder.orderId}`)).text()
    ).replaceAll("<!-- -->", "");
    expect(html).toMatch(/<span class="rounded-full[^"]*">Paid<\/span>/);
    expect(html).toMatch(
      new RegExp(
        `<a[^>]*href="/customer/orders/${customerOrder.orderId}"[^>]*>View order ${customerOrder.number} in your account</a>`,
      ),
    );
  });

  it("says a payment waiting for the bank is being confirmed, and the test bank shows its amount", async () => {
    const { teeId } = await makeCheckoutStock(app.database.db);
    const bearer = { Authorization: `Bearer ${cookie.slice("token=".length)}` };
    const waiting = (
      (await (
        await charge(
          app,
          {
            lines: [{ id: teeId, quantity: 2 }],
            email: "page.bank@example.com",
            shippingAddress: UK_ADDRESS,
            deliveryOptionId: (await ukDeliveryOptions(app))[0]?.id,
            payment: { provider: "test", outcome: "authenticate" },
          },
          bearer,
        )
      ).json()) as { data: ChargeResult }
    ).data;
    expect(waiting.status).toBe("requires_action");
    const success = await (await page(`/customer/checkout/success/${waiting.orderId}`)).text();
    expect(success).toMatch(/<span class="rounded-full[^"]*">Confirming…<\/span>/);
    expect(success).toContain(`href="/customer/orders/${waiting.orderId}"`);
    // Nothing is sold until it is paid: no VAT receipt yet.
    const unpaid = await (await page(`/customer/orders/${waiting.orderId}`)).text();
    expect(unpaid).toContain(waiting.number);
    expect(unpaid).not.toContain("VAT receipt");

    const bank = (secret: string) =>
      page(`/checkout/test-bank/${waiting.orderId}?secret=${encodeURIComponent(secret)}`);
    const shown = await (await bank(waiting.clientSecret ?? "")).text();
    expect(shown.replaceAll("<!-- -->", "")).toContain(
      `Amount to pay: <strong class="text-2xl">${formatPrice(waiting.total)}</strong>`,
    );
    // Only the holder of the payment's secret learns what it is for.
    expect(await (await bank("not-the-secret")).text()).not.toContain("Amount to pay");
  });

  it("opens a guest's order only with its access token", async () => {
    const path = `/checkout/orders/${guestOrder.orderId}`;
    const opened = await app.fetch(`${path}?token=${guestOrder.accessToken}&placed=1`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await opened.text()).toContain(guestOrder.number);
    expect(opened.headers.getSetCookie().some((line) => line.startsWith("basket="))).toBe(true);
    // The email's link (no `placed`) leaves a later basket alone.
    const again = await app.fetch(`${path}?token=${guestOrder.accessToken}`);
    expect(again.headers.getSetCookie().some((line) => line.startsWith("basket="))).toBe(false);
    for (const wrong of [`${path}?token=nope`, path, `/checkout/orders/99999999?token=x`]) {
      expect((await app.fetch(wrong)).status, wrong).toBe(404);
    }
  });
});
