import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeResult } from "../../../common/checkout.ts";
import type { OrderView } from "../../../common/orders.ts";
import type { RefundAmounts, RefundableOrder, RefundResult } from "../../../common/refunds.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import {
  charge,
  orderRow,
  stockLeft,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../../tests/support/checkout.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeBrand, makeProduct } from "../../../tests/support/factories.ts";
import { auditOf, read, signInEveryone, type Who } from "../../../tests/support/staff-api.ts";
import { mailOutbox } from "../../mail/schema.ts";
import { testPaymentRefunds } from "../../payments/schema.ts";
import { markOrderDispatched } from "../placement/service.ts";
import { orderEvents, orderLines, orderRefunds } from "../schema.ts";

// Issue 15: staff cancel and refund orders through the payment provider (the test provider here;
// Stripe in refunds-stripe.test.ts). Amounts come from the stored order figures only.
describe.each(databaseKinds)("refunds and cancels on %s", (kind) => {
  let app: TestApp;
  let headers: Record<Who, Record<string, string>>;
  let delivery: number;
  beforeAll(async () => {
    app = await startTestApp(kind);
    headers = await signInEveryone(app);
    delivery = (await ukDeliveryOptions(app))[0]?.id ?? 0;
  });
  afterAll(() => app.close());

  const db = () => app.database.db;
  const post = (path: string, body: unknown, who: Who = "staff", key: string = randomUUID()) =>
    app.fetch(`/api/staff${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": key, ...headers[who] },
      body: JSON.stringify(body),
    });
  const refund = (id: number, body: unknown, key?: string) =>
    post(`/orders/refund/${id}`, body, "staff", key);
  const cancel = (id: number, body: unknown = {}) => post(`/orders/cancel/${id}`, body);

  /** A £9.99 tee (20% VAT) and a £10.00 zine (0%), 20 of each: small orders pay for delivery. */
  async function makeStock() {
    const brand = await makeBrand(db());
    const tee = await makeProduct(db(), {
      brandId: brand.id,
      variants: [{ price: 999, stock: 20 }],
    });
    const zine = await makeProduct(db(), {
      brandId: brand.id,
      productType: "Book",
      vatRate: 0,
      variants: [{ price: 1000, stock: 20 }],
    });
    return { teeId: tee.variants[0]?.id ?? 0, zineId: zine.variants[0]?.id ?? 0 };
  }

  /** A guest's order of `tees` tees and `zines` zines, paid with the test provider. */
  async function paidOrder(
    tees: number,
    zines = 0,
    outcome = "success",
    email = "refund.fan@example.com",
  ) {
    const stock = await makeStock();
    const lines = [
      { id: stock.teeId, quantity: tees },
      ...(zines > 0 ? [{ id: stock.zineId, quantity: zines }] : []),
    ];
    const response = await charge(app, {
      lines,
      email,
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: delivery,
      payment: { provider: "test", outcome },
    });
    expect(response.status).toBe(200);
    const { data } = await read<ChargeResult>(response);
    const order = await orderRow(db(), data.orderId);
    if (!order) throw new Error("no order");
    const rows = await db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.position));
    return { order, lines: rows, stock, accessToken: data.accessToken ?? "" };
  }
  const lineOf = (lines: Awaited<ReturnType<typeof paidOrder>>["lines"], index: number) => {
    const line = lines[index];
    if (!line) throw new Error(`no line ${index}`);
    return line;
  };
  const eventsOf = (orderId: number) =>
    db()
      .select({
        type: orderEvents.type,
        message: orderEvents.message,
        actor: orderEvents.actorEmail,
      })
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.id));
  const providerRefunds = (reference: string) =>
    db()
      .select({ amount: testPaymentRefunds.amount, key: testPaymentRefunds.idempotencyKey })
      .from(testPaymentRefunds)
      .where(eq(testPaymentRefunds.paymentReference, reference));

  it("lets staff in only", async () => {
    const { order } = await paidOrder(1);
    expect((await post(`/orders/refund/${order.id}`, { full: true }, "nobody")).status).toBe(401);
    expect((await post(`/orders/refund/${order.id}`, { full: true }, "customer")).status).toBe(403);
    expect((await post(`/orders/cancel/${order.id}`, {}, "customer")).status).toBe(403);
    expect((await orderRow(db(), order.id))?.refundedTotal).toBe(0);
  });

  it("refunds in full: the provider gives back the total, the order is refunded, audited and on its timeline", async () => {
    const { order, accessToken } = await paidOrder(2, 1);
    const response = await refund(order.id, { full: true, reason: "Customer changed their mind" });
    expect(response.status).toBe(200);
    const { data } = await read<RefundResult>(response);
    expect(data.order).toMatchObject({ status: "refunded", refundedTotal: order.total });
    expect(data.refund).toMatchObject({
      amount: order.total,
      vat: order.vat,
      delivery: order.delivery,
      state: "succeeded",
      reason: "Customer changed their mind",
    });
    expect(data.refund?.lines.map((line) => line.quantity)).toEqual([2, 1]);
    expect(await providerRefunds(order.paymentReference ?? "")).toEqual([
      { amount: order.total, key: `encore-refund-${data.refund?.id}` },
    ]);
    expect(await orderRow(db(), order.id)).toMatchObject({
      status: "refunded",
      refundedTotal: order.total,
    });
    const audit = await auditOf(app, "orders", order.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "update",
      actorEmail: expect.stringContaining("@"),
      label: order.number,
      before: { refundedTotal: 0 },
      after: { refundedTotal: order.total },
    });
    const events = await eventsOf(order.id);
    expect(events.at(-1)).toMatchObject({ type: "refunded", actor: expect.stringContaining("@") });
    expect(events.at(-1)?.message).toContain("Customer changed their mind");

    // The shopper's order shows it.
    const shown = await app.fetch(
      `/api/orders/show/${order.id}?token=${encodeURIComponent(accessToken)}`,
    );
    const { data: view } = await read<OrderView>(shown);
    expect(view).toMatchObject({ status: "refunded", refundedTotal: order.total });
    expect(view.refunds).toEqual([
      {
        amount: order.total,
        at: expect.any(String),
        delivery: true,
        lines: [
          { title: lineOf(await paidOrderLines(order.id), 0).title, quantity: 2 },
          { title: lineOf(await paidOrderLines(order.id), 1).title, quantity: 1 },
        ],
      },
    ]);
    // Nothing is left.
    expect((await refund(order.id, { full: true })).status).toBe(409);
  });
  const paidOrderLines = (orderId: number) =>
    db()
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));

  it("refunds by line and quantity in steps that add up exactly to the stored figures, then delivery", async () => {
    // 3 tees: their VAT (£5.00) does not split evenly over the units.
    const { order, lines } = await paidOrder(3);
    const tee = lineOf(lines, 0);
    expect(order.delivery).toBeGreaterThan(0);
    expect(tee.vat % 3).not.toBe(0);
    const first = await read<RefundResult>(
      await refund(order.id, { lines: [{ lineId: tee.id, quantity: 1 }] }),
    );
    const net = tee.lineTotal - tee.discount;
    expect(first.data.refund).toMatchObject({
      amount: Math.floor(net / 3),
      vat: Math.floor(tee.vat / 3),
      delivery: 0,
    });
    expect(first.data.order.status).toBe("paid");
    // The screen's preview works the amount out the same way, and changes nothing.
    const preview = await post(`/orders/refund/preview/${order.id}`, {
      lines: [{ lineId: tee.id, quantity: 2 }],
    });
    const { data: planned } = await read<RefundAmounts>(preview);
    const second = await read<RefundResult>(
      await refund(order.id, { lines: [{ lineId: tee.id, quantity: 2 }] }),
    );
    expect(second.data.refund).toMatchObject({ amount: planned.amount, vat: planned.vat });
    expect((first.data.refund?.amount ?? 0) + (second.data.refund?.amount ?? 0)).toBe(net);
    expect((first.data.refund?.vat ?? 0) + (second.data.refund?.vat ?? 0)).toBe(tee.vat);
    expect(second.data.order.status).toBe("paid");
    // More units than are left: 409, nothing changes.
    const more = await refund(order.id, { lines: [{ lineId: tee.id, quantity: 1 }] });
    expect(more.status).toBe(409);
    expect((await read(more)).message).toMatch(/refunded in full already/);

    const deliveryOnly = await read<RefundResult>(await refund(order.id, { delivery: true }));
    expect(deliveryOnly.data.refund).toMatchObject({
      amount: order.delivery,
      vat: order.deliveryVat,
      delivery: order.delivery,
    });
    expect(deliveryOnly.data.order).toMatchObject({
      status: "refunded",
      refundedTotal: order.total,
    });
    expect(
      (await providerRefunds(order.paymentReference ?? "")).reduce((sum, r) => sum + r.amount, 0),
    ).toBe(order.total);
  });

  it("returns units to stock only when staff say the goods came back", async () => {
    const { order, lines, stock } = await paidOrder(3);
    const tee = lineOf(lines, 0);
    const before = await stockLeft(db(), stock.teeId);
    await refund(order.id, { lines: [{ lineId: tee.id, quantity: 1 }] });
    expect(await stockLeft(db(), stock.teeId)).toBe(before);
    await refund(order.id, { lines: [{ lineId: tee.id, quantity: 2 }], restock: true });
    expect(await stockLeft(db(), stock.teeId)).toBe((before ?? 0) + 2);
    const [row] = await paidOrderLines(order.id);
    expect(row).toMatchObject({ refundedQuantity: 3, restockedQuantity: 2 });
    expect((await eventsOf(order.id)).map((event) => event.type)).toContain("restocked");
  });

  it("refuses bad input with a 422 naming the field, and changes nothing", async () => {
    const { order, lines } = await paidOrder(1);
    const tee = lineOf(lines, 0);
    const nothing = await refund(order.id, {});
    expect(nothing.status).toBe(422);
    expect((await read(nothing)).errors).toHaveProperty("lines");
    const zero = await refund(order.id, { lines: [{ lineId: tee.id, quantity: 0 }] });
    expect(zero.status).toBe(422);
    expect((await read(zero)).errors).toHaveProperty(["lines.0.quantity"]);
    const notOurs = await refund(order.id, { lines: [{ lineId: tee.id + 100_000, quantity: 1 }] });
    expect(notOurs.status).toBe(422);
    expect((await read(notOurs)).errors).toHaveProperty(["lines.0.lineId"]);
    const amount = await refund(order.id, { full: true, amount: 1 });
    expect(amount.status).toBe(422);
    expect((await refund(999_999, { full: true })).status).toBe(404);
    expect((await orderRow(db(), order.id))?.refundedTotal).toBe(0);
    expect(await auditOf(app, "orders", order.id)).toHaveLength(0);
  });

  it("refuses to refund an unpaid order (409)", async () => {
    const { order } = await paidOrder(1, 0, "authenticate");
    expect(order.status).toBe("pending_payment");
    const response = await refund(order.id, { full: true });
    expect(response.status).toBe(409);
    expect((await read(response)).message).toMatch(/not been paid/);
    expect(
      await db().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id)),
    ).toEqual([]);
  });

  it("answers a repeated Idempotency-Key with the first refund, and refunds once", async () => {
    const { order, lines } = await paidOrder(2);
    const body = { lines: [{ lineId: lineOf(lines, 0).id, quantity: 1 }] };
    const key = randomUUID();
    const first = await refund(order.id, body, key);
    const again = await refund(order.id, body, key);
    expect(again.status).toBe(first.status);
    expect(await read(again)).toEqual(await read(first));
    expect(await providerRefunds(order.paymentReference ?? "")).toHaveLength(1);
    expect((await orderRow(db(), order.id))?.refundedTotal).toBe(
      Math.floor((lineOf(lines, 0).lineTotal - lineOf(lines, 0).discount) / 2),
    );
  });

  it("two refunds racing for the last pound: exactly one wins", async () => {
    const { order } = await paidOrder(1);
    const answers = await Promise.all([
      refund(order.id, { full: true }),
      refund(order.id, { full: true }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await orderRow(db(), order.id))?.refundedTotal).toBe(order.total);
    expect(await providerRefunds(order.paymentReference ?? "")).toHaveLength(1);
  });

  it("cancels a paid order not yet dispatched: refunded in full, stock back, cancelled", async () => {
    const { order, lines, stock } = await paidOrder(2);
    const tee = lineOf(lines, 0);
    const before = (await stockLeft(db(), stock.teeId)) ?? 0;
    // One unit refunded earlier without coming back: the goods never left, so it goes back too.
    await refund(order.id, { lines: [{ lineId: tee.id, quantity: 1 }] });
    const response = await cancel(order.id, { reason: "Out of stock at the warehouse" });
    expect(response.status).toBe(200);
    const { data } = await read<RefundResult>(response);
    expect(data.order).toMatchObject({ status: "cancelled", refundedTotal: order.total });
    expect(await stockLeft(db(), stock.teeId)).toBe(before + 2);
    expect(await orderRow(db(), order.id)).toMatchObject({
      status: "cancelled",
      stockState: "released",
    });
    expect((await eventsOf(order.id)).map((event) => event.type)).toEqual(
      expect.arrayContaining(["refunded", "restocked", "cancelled"]),
    );
    expect((await cancel(order.id)).status).toBe(409);
  });

  it("cancels an unpaid order: its reservation is released, nothing is refunded", async () => {
    const { order, stock } = await paidOrder(2, 0, "authenticate");
    const before = (await stockLeft(db(), stock.teeId)) ?? 0;
    const response = await cancel(order.id);
    expect(response.status).toBe(200);
    const { data } = await read<RefundResult>(response);
    expect(data).toMatchObject({ refund: null, order: { status: "cancelled", refundedTotal: 0 } });
    expect(await stockLeft(db(), stock.teeId)).toBe(before + 2);
    expect(await auditOf(app, "orders", order.id)).toHaveLength(1);
  });

  it("refuses to cancel a dispatched order (409: refund it instead), which can still be refunded", async () => {
    const { order } = await paidOrder(1);
    await markOrderDispatched(db(), order.id, {
      carrier: "Royal Mail",
      trackingNumber: "RN000000001GB",
    });
    const response = await cancel(order.id);
    expect(response.status).toBe(409);
    expect((await read(response)).message).toMatch(/refund it instead/);
    expect((await orderRow(db(), order.id))?.status).toBe("dispatched");
    const refunded = await read<RefundResult>(await refund(order.id, { full: true }));
    expect(refunded.data.order.status).toBe("refunded");
  });

  it("shows staff what is left to refund", async () => {
    const { order, lines } = await paidOrder(2, 1);
    await refund(order.id, {
      lines: [{ lineId: lineOf(lines, 1).id, quantity: 1 }],
      delivery: true,
    });
    const response = await app.fetch(`/api/staff/orders/refund/${order.id}`, {
      headers: headers.staff,
    });
    const { data } = await read<RefundableOrder>(response);
    expect(data).toMatchObject({
      number: order.number,
      status: "paid",
      deliveryRefunded: true,
      canRefund: true,
      canCancel: true,
    });
    expect(data.lines.map((line) => [line.quantity, line.refundedQuantity])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(data.refunds).toHaveLength(1);
  });

  it("emails the shopper what was refunded, to the card they paid with, and when it arrives", async () => {
    const email = `refund.mail.${randomUUID().slice(0, 8)}@example.com`;
    const { order, lines } = await paidOrder(2, 0, "success", email);
    await refund(order.id, { lines: [{ lineId: lineOf(lines, 0).id, quantity: 1 }] });
    // Delivered, and as the outbox keeps it (text and HTML).
    await app.mailbox.waitFor(email, /refund/i);
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.recipient, email), eq(mailOutbox.kind, "order-refund")));
    if (!mail) throw new Error("no refund email");
    const amount = `£${(Math.floor((lineOf(lines, 0).lineTotal - lineOf(lines, 0).discount) / 2) / 100).toFixed(2)}`;
    expect(mail.subject).toBe(`Your refund of ${amount} for order ${order.number}`);
    expect(mail.text).toContain(
      `We have refunded ${amount} for order ${order.number} to the card you paid with.`,
    );
    expect(mail.text).toContain(`1 × ${lineOf(lines, 0).title}`);
    expect(mail.text).toMatch(/5 to 10 working days/);
    expect(mail.html).toContain(`1 × ${lineOf(lines, 0).title}`);
  });
});
