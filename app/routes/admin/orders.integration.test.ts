import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChargeResult } from "../../../common/checkout";
import { formatLongDate } from "../../../common/dates";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { periodEnd } from "../../../server/orders/memberships/memberships.ts";
import { orderRefunds, orders } from "../../../server/orders/schema.ts";
import { backOfficeOn, flashOf } from "../../../tests/support/admin-pages.ts";
import {
  charge,
  makeProductOnModel,
  orderRow,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../../tests/support/checkout.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

// Issue 15: the orders' back-office screens, by HTTP as a browser without JavaScript uses them.
describe.each(databaseKinds)("the orders screens on %s", (kind) => {
  const { app, pages } = backOfficeOn(kind);

  /** The demo shop's orders in a status, newest first (server/db/seed/orders.ts). */
  const seeded = (status: "paid" | "cancelled" | "dispatched", email?: string) =>
    app.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, status), email ? eq(orders.email, email) : undefined))
      .orderBy(orders.id);

  it("lists the orders with their filters in the address, for staff only", async () => {
    const html = await pages.html("/admin/orders");
    expect(html).toContain("<h1");
    expect(html).toMatch(/<caption[^>]*>Orders/);
    const [paid] = await seeded("paid", DEMO_ACCOUNTS.customer.email);
    expect(html).toContain(`href="/admin/orders/${paid?.id}"`);
    expect(html).toContain('aria-keyshortcuts="/"');
    expect(html).toContain('href="/api/staff/orders/export.csv"');
    expect(html).toContain('href="/admin/orders/dispatch"');

    const filtered = await pages.html("/admin/orders?status=dispatched&from=2020-01-01&q=EN-");
    expect(filtered).toContain("Status: Dispatched");
    expect(filtered).toContain("From: 2020-01-01");
    expect(filtered).toContain(
      'href="/api/staff/orders/export.csv?status=dispatched&from=2020-01-01&q=EN-"',
    );
    expect(filtered).not.toContain(`href="/admin/orders/${paid?.id}"`);
    const wrong = await pages.html("/admin/orders?from=yesterday");
    expect(wrong).toContain("could not be used");

    expect((await pages.page("/admin/orders", pages.customer)).status).toBe(403);
    expect((await app.fetch("/admin/orders")).status).toBe(302);
  });

  it("shows an order: lines, totals with VAT, addresses, payment, timeline and its links", async () => {
    const [paid] = await seeded("paid", DEMO_ACCOUNTS.customer.email);
    const html = await pages.html(`/admin/orders/${paid?.id}`);
    expect(html).toContain(`Order ${paid?.number}`);
    expect(html).toContain("Total without VAT");
    expect(html).toContain("Shipping address");
    expect(html).toContain("succeeded");
    expect(html).toContain("Paid through the test provider");
    expect(html).toContain(`href="/admin/orders/${paid?.id}/refund"`);
    expect(html).toContain(`href="/admin/orders/${paid?.id}/packing-slip"`);
    expect(html).toContain(`href="/admin/orders/${paid?.id}/invoice"`);
    expect(html).toMatch(/<select[^>]*name="carrier"/);
    expect((await pages.page("/admin/orders/99999999", pages.staff)).status).toBe(404);
  });

  it("shows a membership's renewal, waiting for the provider until it answers, and a refund waiting for it", async () => {
    const monthly = await makeProductOnModel(app.database.db, "Fan club (monthly)", null);
    const response = await charge(app, {
      lines: [{ id: monthly, quantity: 1 }],
      email: "staff.page.member@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: (await ukDeliveryOptions(app))[0]?.id,
      payment: { provider: "test", outcome: "success" },
    });
    const { orderId } = ((await response.json()) as { data: ChargeResult }).data;
    const renewsOn = formatLongDate(
      periodEnd(
        (await orderRow(app.database.db, orderId))?.paidAt ?? new Date(),
        "month",
      ).toISOString(),
    );
    const waiting = await pages.html(`/admin/orders/${orderId}`);
    expect(waiting).toContain("Membership");
    expect(waiting).toContain("Renewing");
    expect(waiting).toContain(`next renewal ${renewsOn}`);
    expect(waiting).toContain("Waiting for the payment provider");

    await app.server.reconcileOrders();
    const subscribed = await pages.html(`/admin/orders/${orderId}`);
    expect(subscribed).toContain(`next renewal ${renewsOn}`);
    expect(subscribed).not.toContain("Waiting for the payment provider");

    // A refund the provider has not settled yet (written as the refund service starts one).
    await app.database.db
      .insert(orderRefunds)
      .values({ orderId, amount: 100, vat: 17, reason: "Goodwill" });
    expect(await pages.html(`/admin/orders/${orderId}`)).toContain(
      "Waiting for the payment provider",
    );
  });

  it("dispatches from the order page: errors beside the fields, then the order sent", async () => {
    const [other] = await seeded("paid");
    const path = `/admin/orders/${other?.id}`;
    const empty = await pages.post(path, pages.staff, {
      intent: "dispatch",
      carrier: "",
      trackingNumber: "",
    });
    expect(empty.status).toBe(422);
    const shown = await empty.text();
    expect(shown).toContain("Choose one of: Royal Mail");
    expect(shown).toContain("Enter the tracking number.");

    // The page renders the form with its key; the same key again answers the first dispatch.
    const idempotencyKey = /name="idempotencyKey" value="([^"]+)"/.exec(
      await pages.html(path),
    )?.[1];
    expect(idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const form = {
      intent: "dispatch",
      carrier: "parcelforce",
      trackingNumber: "PB123456789GB",
      trackingUrl: "",
      idempotencyKey: idempotencyKey ?? "",
    };
    const sent = await pages.post(path, pages.staff, form);
    expect(sent.status).toBe(303);
    const resent = await pages.post(path, pages.staff, form);
    expect(resent.status).toBe(303);
    expect(flashOf(sent)[0]).toContain("with Parcelforce (PB123456789GB)");
    const html = await pages.html(path);
    expect(html).toContain("Dispatched with Parcelforce (PB123456789GB)");
    expect(html).toContain(
      'href="https://www.parcelforce.com/track-trace?trackNumber=PB123456789GB"',
    );
    expect(html).not.toMatch(/<select[^>]*name="carrier"/);
  });

  it("archives the ticked orders from the list, and refuses a paid one", async () => {
    const [cancelled] = await seeded("cancelled");
    const [paid] = await seeded("paid", DEMO_ACCOUNTS.customer.email);
    const refused = await pages.post("/admin/orders", pages.staff, {
      intent: "archive",
      ids: [String(paid?.id)],
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("cancel and refund it first");

    const done = await pages.post("/admin/orders?status=cancelled", pages.staff, {
      intent: "archive",
      ids: [String(cancelled?.id)],
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/orders?status=cancelled");
    expect(flashOf(done)).toEqual(["Archived 1 order."]);
    const list = await pages.html("/admin/orders?status=cancelled");
    expect(list).not.toContain(`href="/admin/orders/${cancelled?.id}"`);
    const archive = await pages.html("/admin/orders?status=cancelled&archived=true");
    expect(archive).toContain(`href="/admin/orders/${cancelled?.id}"`);
  });

  it("prints a packing slip and a VAT invoice with what HMRC asks of one", async () => {
    const [sent] = await seeded("dispatched", DEMO_ACCOUNTS.customer.email);
    const slip = await pages.html(`/admin/orders/${sent?.id}/packing-slip`);
    expect(slip).toContain("Packing slip");
    expect(slip).toContain(sent?.shippingAddress.postcode ?? "?");
    expect(slip).not.toContain("£");

    const invoice = await pages.html(`/admin/orders/${sent?.id}/invoice`);
    for (const needed of [
      "VAT invoice",
      "Encore Merch Ltd",
      "Unit 7",
      "VAT number: GB 412 7731 58",
      `Invoice number`,
      sent?.number ?? "?",
      "Invoice date (tax point)",
      sent?.billingAddress.fullName ?? "?",
      "VAT rate",
      "Total without VAT",
      "Total VAT",
    ])
      expect(invoice).toContain(needed);
    expect(invoice).toContain("print:hidden");
  });

  it("checks a bulk-dispatch file, listing each row's problems, and writes nothing", async () => {
    expect(await pages.html("/admin/orders/dispatch")).toContain("Bulk dispatch");
    const [paid] = await seeded("paid", DEMO_ACCOUNTS.customer.email);
    const form = new FormData();
    const file = `order_number,carrier,tracking_number\n${paid?.number},Royal Mail,AB999999999GB\nEN-1,dpd,123456`;
    form.append("file", new Blob([file], { type: "text/csv" }), "tracking.csv");
    form.append("dryRun", "true");
    const response = await app.fetch("/admin/orders/dispatch", {
      method: "POST",
      headers: { Origin: app.url, Cookie: pages.staff },
      body: form,
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("has 1 error");
    expect(html).toContain("There is no order EN-1.");
    expect(html).toContain("AB999999999GB");
    const [still] = await seeded("paid", DEMO_ACCOUNTS.customer.email);
    expect(still?.id).toBe(paid?.id);
  });
});
