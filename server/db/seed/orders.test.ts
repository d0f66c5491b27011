import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderSummary, OrderView } from "../../../common/orders.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { products, productVariants } from "../../catalog/schema.ts";
import { workOutVat } from "../../checkout/vat.ts";
import { users } from "../../customers/schema.ts";
import { discountRedemptions, discounts } from "../../discounts/schema.ts";
import { mailOutbox } from "../../mail/schema.ts";
import { orderLines, orderRefunds, orderShipments, orders } from "../../orders/schema.ts";
import { payments, testPaymentIntents } from "../../payments/schema.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import { DEFAULT_PRODUCTS, ProductPlanner, SEED_NOW } from "./catalog/products.ts";

type Answer<T> = { data: T };

describe.each(databaseKinds)("the demo orders on %s", (kind) => {
  let app: TestApp;
  let bearer: Record<string, string>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    const cookie = await signedInCookie(app);
    bearer = { Authorization: `Bearer ${cookie.slice("token=".length)}` };
  });
  afterAll(() => app.close());

  const allOrders = () => app.database.db.select().from(orders).orderBy(asc(orders.id));
  const get = async <T>(path: string) => {
    const response = await app.fetch(path, { headers: bearer });
    expect(response.status, path).toBe(200);
    return ((await response.json()) as Answer<T>).data;
  };

  it("gives the demo customer six past orders in four statuses, newest first, through the API", async () => {
    const list = await get<OrderSummary[]>("/api/user/orders");
    expect(list.map((order) => order.status)).toEqual([
      "paid",
      "dispatched",
      "cancelled",
      "refunded",
      "dispatched",
      "dispatched",
    ]);
    const times = list.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(times).size).toBe(times.length);
    // Spread over the months before the seed's clock (not today's), so every seed dates them alike.
    expect(Math.max(...times)).toBeLessThan(SEED_NOW.getTime());
    expect(Math.min(...times)).toBeLessThan(SEED_NOW.getTime() - 180 * 86_400_000);
    for (const order of list) {
      expect(order.number).toMatch(/^EN-1\d{4}$/);
      expect(order.itemCount).toBeGreaterThan(0);
      expect(order.total).toBeGreaterThan(0);
    }

    const refunded = await get<OrderView>(
      `/api/user/orders/show/${list.find((order) => order.status === "refunded")?.id}`,
    );
    expect(refunded.timeline.map((step) => step.status)).toEqual([
      "pending_payment",
      "paid",
      "dispatched",
      "refunded",
    ]);
    expect(refunded.shippingAddress).toMatchObject({ line1: "Flat 3, 18 Tib Street" });
    const declined = await get<OrderView>(
      `/api/user/orders/show/${list.find((order) => order.status === "cancelled")?.id}`,
    );
    expect(declined.timeline.map((step) => step.status)).toEqual(["pending_payment", "cancelled"]);
    expect(declined.cancelReason).toBe("Your card was declined. Try another card.");
  });

  it("has ten orders of other customers, guests and accounts, some sent abroad without VAT", async () => {
    const rows = await app.database.db
      .select({ order: orders, isGuest: users.isGuest })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.customerId));
    const others = rows.filter(({ order }) => order.email !== DEMO_ACCOUNTS.customer.email);
    expect(others).toHaveLength(10);
    const guestEmails = new Set(others.filter((row) => row.isGuest).map((row) => row.order.email));
    const accountEmails = new Set(
      others.filter((row) => row.isGuest === false).map((row) => row.order.email),
    );
    expect(guestEmails.size).toBe(7);
    expect(accountEmails.size).toBe(2);
    const statuses = new Set(others.map(({ order }) => order.status));
    expect(statuses).toEqual(new Set(["paid", "dispatched", "cancelled", "refunded"]));
    const exported = others.filter(({ order }) => order.exported);
    expect(exported.map(({ order }) => order.shippingAddress.country).sort()).toEqual([
      "IE",
      "JE",
      "US",
    ]);
    for (const { order } of exported) expect(order.vat).toBe(0);
  });

  it("leaves no order waiting for its payment, and queues no confirmation email", async () => {
    const before = await allOrders();
    expect(before.length).toBe(16);
    expect(before.filter((order) => order.status === "pending_payment")).toEqual([]);
    for (const order of before) {
      expect(order.confirmationSentAt).toBeNull();
      expect(order.stockState).toBe(order.status === "cancelled" ? "released" : "sold");
      // Paid (or declined) through the test provider, as a checkout without Stripe is.
      expect(order.paymentProvider).toBe("test");
      expect(order.paymentReference).toMatch(/^tpi_[0-9a-f]{24}$/);
    }
    const references = before.map((order) => order.paymentReference ?? "");
    const recorded = await app.database.db
      .select()
      .from(payments)
      .where(inArray(payments.reference, references));
    const intents = await app.database.db
      .select()
      .from(testPaymentIntents)
      .where(inArray(testPaymentIntents.reference, references));
    for (const order of before) {
      const state = order.status === "cancelled" ? "declined" : "succeeded";
      for (const payment of [recorded, intents].map((rows) =>
        rows.find((row) => row.reference === order.paymentReference),
      )) {
        expect(payment).toMatchObject({ orderId: order.id, amount: order.total, state });
      }
    }
    const mail = await app.database.db
      .select()
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.recipient,
          before.map((order) => order.email),
        ),
      );
    expect(mail).toEqual([]);

    // The reconciler at start (and again now) finds nothing to settle.
    await app.server.reconcileOrders();
    expect(await allOrders()).toEqual(before);
  });

  it("stamps each order's timeline in order, before the seed's clock", async () => {
    const rows = await allOrders();
    expect(rows.length).toBeGreaterThan(0);
    for (const order of rows) {
      const steps = [
        order.createdAt,
        order.paidAt ?? order.cancelledAt,
        order.dispatchedAt,
        order.refundedAt,
      ].flatMap((at) => (at ? [at.getTime()] : []));
      expect(steps, order.number).toEqual([...steps].sort((a, b) => a - b));
      expect(Math.max(...steps), order.number).toBeLessThan(SEED_NOW.getTime());
      expect(order.updatedAt.getTime()).toBe(Math.max(...steps));
      const reached = {
        paid: ["paid", "dispatched", "refunded"].includes(order.status),
        dispatched: ["dispatched", "refunded"].includes(order.status),
        cancelled: order.status === "cancelled",
        refunded: order.status === "refunded",
      };
      expect(order.paidAt !== null, order.number).toBe(reached.paid);
      expect(order.dispatchedAt !== null, order.number).toBe(reached.dispatched);
      expect(order.cancelledAt !== null, order.number).toBe(reached.cancelled);
      expect(order.refundedAt !== null, order.number).toBe(reached.refunded);
    }
  });

  it("sends every dispatched order in a tracked parcel, and refunds every refunded one in full", async () => {
    const rows = await allOrders();
    const sent = rows.filter((order) => order.dispatchedAt !== null);
    expect(sent.length).toBeGreaterThan(0);
    for (const order of sent) {
      const parcels = await app.database.db
        .select()
        .from(orderShipments)
        .where(eq(orderShipments.orderId, order.id));
      expect(parcels, order.number).toHaveLength(1);
      const parcel = parcels[0];
      expect(parcel?.trackingNumber, order.number).toMatch(/^(RN\d{9}GB|15501\d{9})$/);
      expect(parcel?.trackingUrl, order.number).toContain(
        parcel?.carrier.startsWith("DPD") ? "dpd.co.uk" : "royalmail.com",
      );
      expect(parcel?.createdAt.getTime(), order.number).toBe(order.dispatchedAt?.getTime());
    }
    const refunded = rows.filter((order) => order.status === "refunded");
    expect(refunded.length).toBeGreaterThan(0);
    for (const order of refunded) {
      expect(order.refundedTotal, order.number).toBe(order.total);
      const refunds = await app.database.db
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order.id));
      expect(refunds.map((refund) => [refund.amount, refund.state])).toEqual([
        [order.total, "succeeded"],
      ]);
      const lines = await app.database.db
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, order.id));
      for (const line of lines) expect(line.refundedQuantity, order.number).toBe(line.quantity);
    }
  });

  it("prices every order as checkout does: totals from its lines, VAT from lines and delivery", async () => {
    const rows = await allOrders();
    const lines = await app.database.db
      .select()
      .from(orderLines)
      .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    expect(rows.length).toBeGreaterThan(0);
    for (const order of rows) {
      const own = lines.filter((line) => line.orderId === order.id);
      expect(own.length, order.number).toBeGreaterThan(0);
      const sum = (pick: (line: (typeof own)[number]) => number) =>
        own.reduce((total, line) => total + pick(line), 0);
      expect(order.subtotal, order.number).toBe(sum((line) => line.lineTotal));
      expect(order.discount, order.number).toBe(sum((line) => line.discount));
      expect(order.vat, order.number).toBe(sum((line) => line.vat) + order.deliveryVat);
      if (!order.exported) {
        expect(order.total, order.number).toBe(order.subtotal - order.discount + order.delivery);
      }
      // The shop's one VAT rule, worked again from what the order kept, gives the same pennies.
      const worked = workOutVat({
        lines: own.map((line) => ({
          gross: line.lineTotal,
          vatRate: line.vatRate,
          discountable: line.discount > 0,
        })),
        discount: order.discount,
        delivery: order.delivery,
        exported: order.exported,
      });
      expect(worked.lines.map((line) => line.vat)).toEqual(own.map((line) => line.vat));
      expect(worked.delivery.vat, order.number).toBe(order.deliveryVat);
      expect(worked.totals).toMatchObject({ vat: order.vat, total: order.total });
    }
    expect(rows.filter((order) => order.discount > 0).map((order) => order.discountCode)).toEqual([
      "FIVEOFF",
      "WELCOME10",
      "GULLS15",
    ]);
    expect(lines.some((line) => line.vatRate === 0)).toBe(true);
  });

  it("counts each code's use by the orders that kept it", async () => {
    const used = await app.database.db
      .select({
        code: discounts.code,
        timesUsed: discounts.timesUsed,
        orderId: discountRedemptions.orderId,
      })
      .from(discounts)
      .innerJoin(discountRedemptions, eq(discountRedemptions.discountId, discounts.id));
    // A declined order gave its use back, as a real decline does.
    const kept = (await allOrders()).filter(
      (order) => order.discountCode !== null && order.status !== "cancelled",
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(used.map((row) => row.orderId).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      kept.map((order) => order.id),
    );
    for (const row of used) expect(row.timesUsed, row.code).toBe(1);
  });

  it("takes no stock: what the orders bought still has the stock the catalogue seed planned", async () => {
    const planner = new ProductPlanner();
    const planned = new Map<string, number>();
    for (let seq = 1; seq <= DEFAULT_PRODUCTS; seq += 1) {
      for (const variant of planner.plan(seq).variants)
        planned.set(variant.sku, variant.stockOnHand);
    }
    const bought = await app.database.db
      .select({
        sku: productVariants.sku,
        stock: productVariants.stockOnHand,
        productStock: products.stockTotal,
        productId: products.id,
      })
      .from(orderLines)
      .innerJoin(productVariants, eq(productVariants.id, orderLines.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId));
    expect(bought.length).toBeGreaterThanOrEqual(16);
    for (const line of bought) expect(line.stock, line.sku).toBe(planned.get(line.sku));

    // The product summaries the declined orders' reservations refreshed agree too.
    const variants = await app.database.db
      .select({ productId: productVariants.productId, sku: productVariants.sku })
      .from(productVariants)
      .where(
        inArray(
          productVariants.productId,
          bought.map((line) => line.productId),
        ),
      );
    for (const line of bought) {
      const plannedTotal = variants
        .filter((variant) => variant.productId === line.productId)
        .reduce((total, variant) => total + (planned.get(variant.sku) ?? 0), 0);
      expect(line.productStock, line.sku).toBe(plannedTotal);
    }
  });
});
