import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { orders } from "../../../server/orders/schema.ts";
import { backOfficeOn, flashOf } from "../../../tests/support/admin-pages.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

// Issue 15: cancelling an order from its refund screen, as a browser without JavaScript does.
// Cancelling cannot be undone and gives money back, so it takes a second, explicit press.
describe.each(databaseKinds)("cancelling an order on its refund screen on %s", (kind) => {
  const { app, pages } = backOfficeOn(kind);

  const paidOrder = async () => {
    const [order] = await app.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.status, "paid"), eq(orders.email, DEMO_ACCOUNTS.customer.email)));
    if (!order) throw new Error("The demo customer has no paid order");
    return order;
  };
  const statusOf = async (id: number) =>
    (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0]?.status;

  it("refuses a reason with control characters at the first step, and changes nothing", async () => {
    const order = await paidOrder();
    const path = `/admin/orders/${order.id}/refund`;
    const response = await pages.post(path, pages.staff, {
      reason: "bad\u0000reason",
      intent: "confirm-cancel",
    });
    expect(response.status).toBe(422);
    expect(await statusOf(order.id)).toBe("paid");
  });
  it("asks first, changes nothing until confirmed, then cancels and refunds in full", async () => {
    const order = await paidOrder();
    const path = `/admin/orders/${order.id}/refund`;
    const screen = await pages.html(path);
    const fields = pages.formFields(screen, "Cancel order");
    expect(fields.idempotencyKey).toBeTruthy();

    const asked = await pages.post(path, pages.staff, {
      ...fields,
      reason: "Customer changed their mind",
      intent: "confirm-cancel",
    });
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain(`Cancel order ${order.number} and refund £`);
    expect(question).toContain("This cannot be undone.");
    expect(question).toContain('value="Customer changed their mind"');
    expect(await statusOf(order.id)).toBe("paid");

    const confirm = pages.formFields(question, "Confirm cancelling the order");
    const done = await pages.post(path, pages.staff, { ...confirm, intent: "cancel" });
    expect(done.status).toBe(303);
    expect(flashOf(done).join(" ")).toMatch(
      new RegExp(`Order ${order.number} cancelled: £[\\d.]+ refunded`),
    );
    expect(await statusOf(order.id)).toBe("cancelled");
  });
});
