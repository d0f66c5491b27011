import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeResult, CheckoutQuote } from "../../common/checkout.ts";
import type { OrderSummary, OrderView } from "../../common/orders.ts";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import {
  charge,
  makeCheckoutStock,
  orderRow,
  post,
  stockLeft,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../tests/support/checkout.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeDiscount, usageOf } from "../../tests/support/discounts.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { mailOutbox } from "../mail/schema.ts";
import { orderLines, orders } from "../orders/schema.ts";
import { payments } from "../payments/schema.ts";

type Answer<T> = { data: T; message?: string; errors?: Record<string, string[]> };
const read = async <T>(response: Response) => (await response.json()) as Answer<T>;

describe.each(databaseKinds)("checkout API on %s", (kind) => {
  let app: TestApp;
  let tracked48: number;
  let nextDay: number;
  let bearer: Record<string, string>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    const options = await ukDeliveryOptions(app);
    tracked48 = options[0]?.id ?? 0;
    nextDay = options[2]?.id ?? 0;
    const cookie = await signedInCookie(app);
    bearer = { Authorization: `Bearer ${cookie.slice("token=".length)}` };
  });
  afterAll(() => app.close());

  const guestCharge = (lines: Array<{ id: number; quantity: number }>, extra = {}) => ({
    lines,
    email: "Guest.Fan@Example.com",
    shippingAddress: UK_ADDRESS,
    deliveryOptionId: tracked48,
    payment: { provider: "test", outcome: "success" },
    ...extra,
  });
  const orderCount = async () =>
    (await app.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

  describe("the quote", () => {
    it("prices lines, delivery and VAT on the server, free delivery from £50", async () => {
      const { teeId, zineId } = await makeCheckoutStock(app.database.db);
      const response = await post(app, "/api/checkout/show", {
        lines: [
          { id: teeId, quantity: 1 },
          { id: zineId, quantity: 1 },
        ],
        country: "GB",
        deliveryOptionId: tracked48,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      const { data } = await read<CheckoutQuote>(response);
      // £25 tee at 20% (VAT 417p) and a £10 zine at 0%; Tracked 48 £3.95 carries VAT at the
      // goods' rates, apportioned 25:10 (282p at 20% → 47p, 113p at 0%).
      expect(data.lines.map((line) => [line.lineTotal, line.vatRate, line.vat])).toEqual([
        [2500, 20, 417],
        [1000, 0, 0],
      ]);
      expect(data).toMatchObject({ subtotal: 3500, delivery: 395, total: 3895, vat: 464 });
      expect(data.problems).toEqual([]);

      const free = await read<CheckoutQuote>(
        await post(app, "/api/checkout/show", {
          lines: [{ id: teeId, quantity: 2 }],
          country: "GB",
          deliveryOptionId: tracked48,
        }),
      );
      expect(free.data).toMatchObject({ subtotal: 5000, delivery: 0, total: 5000, vat: 833 });
    });

    it("takes the VAT off an export and names lines that cannot be sold as asked", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 2);
      const options = (
        await read<{ options: Array<{ id: number }> }>(
          await post(app, "/api/delivery/option-groups/determined-delivery-option-group", {
            country: "FR",
            lines: [],
          }),
        )
      ).data.options;
      const { data } = await read<CheckoutQuote>(
        await post(app, "/api/checkout/show", {
          lines: [{ id: teeId, quantity: 3 }],
          country: "FR",
          deliveryOptionId: options[0]?.id,
        }),
      );
      expect(data.exported).toBe(true);
      expect(data.vat).toBe(0);
      expect(data.vatTakenOff).toBeGreaterThan(0);
      expect(data.total).toBe(data.subtotal + data.delivery - data.vatTakenOff);
      expect(data.problems).toEqual([
        { id: teeId, code: "short_of_stock", message: expect.stringContaining("Only 2") },
      ]);
    });

    it("refuses prices, unknown keys and an option from another country's group", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db);
      for (const body of [
        { lines: [{ id: teeId, quantity: 1, price: 1 }] },
        { lines: [{ id: teeId, quantity: 1 }], total: 1 },
        { lines: [{ id: teeId, quantity: 1 }], country: "FR", deliveryOptionId: tracked48 },
      ]) {
        const response = await post(app, "/api/checkout/show", body);
        expect(response.status, JSON.stringify(body)).toBe(422);
      }
    });
  });

  describe("a guest's order", () => {
    it("reserves, charges, places and confirms: one order, stock sold, code counted", async () => {
      const { teeId, zineId } = await makeCheckoutStock(app.database.db, 5);
      const code = await makeDiscount(app.database.db, { value: 10 });
      const before = await orderCount();
      const response = await charge(
        app,
        guestCharge(
          [
            { id: teeId, quantity: 2 },
            { id: zineId, quantity: 1 },
          ],
          { discount: code.code.toLowerCase(), deliveryOptionId: nextDay },
        ),
      );
      expect(response.status).toBe(200);
      const { data: charged } = await read<ChargeResult>(response);
      expect(charged).toMatchObject({ status: "paid", provider: "test" });
      expect(charged.number).toMatch(/^EN-1\d{4,}$/);
      // 6000 − 600 (10%) + 795 next-day (never free: only Tracked 48 is).
      expect(charged.total).toBe(6195);
      expect(charged.accessToken).toEqual(expect.any(String));
      expect(await orderCount()).toBe(before + 1);
      expect(await stockLeft(app.database.db, teeId)).toBe(3);
      expect(await usageOf(app.database.db, code.id)).toMatchObject({ timesUsed: 1 });

      const row = await orderRow(app.database.db, charged.orderId);
      expect(row).toMatchObject({
        status: "paid",
        stockState: "sold",
        email: "guest.fan@example.com",
        subtotal: 6000,
        discount: 600,
        delivery: 795,
        total: 6195,
      });
      expect(row?.accessTokenHash).not.toContain(charged.accessToken);

      const placed = await post(
        app,
        "/api/orders/store",
        { orderId: charged.orderId, accessToken: charged.accessToken },
        { "Idempotency-Key": randomUUID() },
      );
      expect(placed.status).toBe(200);
      const { data: order } = await read<OrderView>(placed);
      expect(order).toMatchObject({
        number: charged.number,
        status: "paid",
        totals: { subtotal: 6000, discount: 600, delivery: 795, total: 6195 },
        shippingAddress: { postcode: "LS1 4AP", country: "GB" },
        delivery: { title: expect.any(String), estimatedDays: { min: 1, max: 1 } },
      });
      expect(order.lines.map((line) => [line.quantity, line.discount, line.vatRate])).toEqual([
        [2, 500, 20],
        [1, 100, 0],
      ]);
      expect(order.totals.vat).toBe(
        (order.lines[0]?.vat ?? 0) + (order.lines[1]?.vat ?? 0) + (row?.deliveryVat ?? 0),
      );
      expect(order.timeline.map((step) => step.status)).toEqual(["pending_payment", "paid"]);

      // The guest reads it only with the token: a wrong or missing one is a 404 like a missing id.
      const shown = await app.fetch(
        `/api/orders/show/${charged.orderId}?token=${charged.accessToken}`,
      );
      expect(shown.status).toBe(200);
      for (const path of [
        `/api/orders/show/${charged.orderId}?token=wrong`,
        `/api/orders/show/${charged.orderId}`,
        `/api/orders/show/999999?token=${charged.accessToken}`,
      ]) {
        expect((await app.fetch(path)).status, path).toBe(404);
      }
      // Another customer (the demo one, signed in) cannot see it.
      const foreign = await app.fetch(`/api/user/orders/show/${charged.orderId}`, {
        headers: bearer,
      });
      expect(foreign.status).toBe(404);

      // One confirmation, queued once however often the order is placed.
      await post(
        app,
        "/api/orders/store",
        { orderId: charged.orderId, accessToken: charged.accessToken },
        { "Idempotency-Key": randomUUID() },
      );
      const mails = await app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, "guest.fan@example.com"));
      expect(mails.filter((mail) => mail.subject.includes(charged.number))).toHaveLength(1);
    });

    it("releases everything on a decline, and a retry with a new key succeeds", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 1);
      const code = await makeDiscount(app.database.db, { value: 10, usageLimit: 1 });
      const declined = await read<ChargeResult>(
        await charge(
          app,
          guestCharge([{ id: teeId, quantity: 1 }], {
            discount: code.code,
            payment: { provider: "test", outcome: "decline" },
          }),
        ),
      );
      expect(declined.data).toMatchObject({
        status: "declined",
        declineMessage: "Your card was declined. Try another card.",
      });
      expect(await stockLeft(app.database.db, teeId)).toBe(1);
      expect(await usageOf(app.database.db, code.id)).toMatchObject({ timesUsed: 0 });
      expect(await orderRow(app.database.db, declined.data.orderId)).toMatchObject({
        status: "cancelled",
        stockState: "released",
      });
      const store = await post(
        app,
        "/api/orders/store",
        { orderId: declined.data.orderId, accessToken: declined.data.accessToken },
        { "Idempotency-Key": randomUUID() },
      );
      expect(store.status).toBe(409);

      const retried = await read<ChargeResult>(
        await charge(app, guestCharge([{ id: teeId, quantity: 1 }], { discount: code.code })),
      );
      expect(retried.data.status).toBe("paid");
      expect(await stockLeft(app.database.db, teeId)).toBe(0);
      expect(await usageOf(app.database.db, code.id)).toMatchObject({ timesUsed: 1 });
    });

    it("waits for the test bank when the card asks for authentication", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 3);
      const authenticate = { payment: { provider: "test", outcome: "authenticate" } };
      const first = await read<ChargeResult>(
        await charge(app, guestCharge([{ id: teeId, quantity: 1 }], authenticate)),
      );
      expect(first.data).toMatchObject({ status: "requires_action" });
      expect(first.data.clientSecret).toEqual(expect.any(String));
      expect(await stockLeft(app.database.db, teeId)).toBe(2);
      const notYet = await post(
        app,
        "/api/orders/store",
        { orderId: first.data.orderId, accessToken: first.data.accessToken },
        { "Idempotency-Key": randomUUID() },
      );
      expect(notYet.status).toBe(409);

      const wrongSecret = await post(app, "/api/checkout/test-bank", {
        orderId: first.data.orderId,
        clientSecret: "nope",
        approve: true,
      });
      expect(wrongSecret.status).toBe(404);
      const approved = await post(app, "/api/checkout/test-bank", {
        orderId: first.data.orderId,
        clientSecret: first.data.clientSecret,
        approve: true,
      });
      expect((await read<{ status: string }>(approved)).data.status).toBe("paid");

      const second = await read<ChargeResult>(
        await charge(app, guestCharge([{ id: teeId, quantity: 1 }], authenticate)),
      );
      const failed = await post(app, "/api/checkout/test-bank", {
        orderId: second.data.orderId,
        clientSecret: second.data.clientSecret,
        approve: false,
      });
      expect((await read<{ status: string }>(failed)).data.status).toBe("declined");
      // The failed payment's unit is back on sale; the approved one stays sold.
      expect(await stockLeft(app.database.db, teeId)).toBe(2);
    });

    it("answers a repeated key with the first answer, and refuses a reused key or none", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 5);
      const key = { "Idempotency-Key": randomUUID() };
      const body = guestCharge([{ id: teeId, quantity: 1 }]);
      const first = await read<ChargeResult>(await charge(app, body, key));
      const before = await orderCount();
      const again = await charge(app, body, key);
      expect(again.status).toBe(200);
      expect((await read<ChargeResult>(again)).data).toEqual(first.data);
      expect(await orderCount()).toBe(before);
      expect(await stockLeft(app.database.db, teeId)).toBe(4);

      const other = await charge(app, guestCharge([{ id: teeId, quantity: 2 }]), key);
      expect(other.status).toBe(422);
      expect((await read(other)).errors).toHaveProperty("Idempotency-Key");
      const none = await post(app, "/api/checkout/charge", body);
      expect(none.status).toBe(422);
      expect((await read(none)).errors).toHaveProperty("Idempotency-Key");
      expect(await orderCount()).toBe(before);
    });

    it("refuses tampered input with a 4xx and changes nothing", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 5);
      const base = guestCharge([{ id: teeId, quantity: 1 }]);
      const before = await orderCount();
      for (const tampered of [
        { ...base, total: 1 },
        { ...base, status: "paid" },
        { ...base, customerId: 1 },
        { ...base, lines: [{ id: teeId, quantity: 1, price: 1 }] },
        { ...base, payment: { provider: "test", outcome: "success", amount: 1 } },
        { ...base, payment: { provider: "stripe" } },
        { ...base, shippingAddress: { ...UK_ADDRESS, postcode: "NOT A CODE" } },
        { ...base, deliveryOptionId: 987654 },
        { ...base, email: "not-an-email" },
        { ...base, lines: [] },
      ]) {
        const response = await charge(app, tampered);
        expect(response.status, JSON.stringify(tampered)).toBeGreaterThanOrEqual(400);
        expect(response.status, JSON.stringify(tampered)).toBeLessThan(500);
      }
      expect(await orderCount()).toBe(before);
      expect(await stockLeft(app.database.db, teeId)).toBe(5);
    });

    it("charges only the total the shopper was shown: any other is a 409 with the new total", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 5);
      const lines = [{ id: teeId, quantity: 1 }];
      const before = await orderCount();
      // The page showed Tracked 48 (£25 + £3.95); the shopper then chose Next Working Day.
      const stale = await charge(
        app,
        guestCharge(lines, { deliveryOptionId: nextDay, expectedTotal: 2895 }),
      );
      expect(stale.status).toBe(409);
      const refused = await read(stale);
      const quoted = await read<CheckoutQuote>(
        await post(app, "/api/checkout/show", { lines, country: "GB", deliveryOptionId: nextDay }),
      );
      expect(quoted.data.total).toBeGreaterThan(2895);
      const shown = `£${(quoted.data.total / 100).toFixed(2)}`;
      expect(refused.errors?.expectedTotal).toEqual([
        `The total changed to ${shown}: check your order and pay again.`,
      ]);
      for (const bad of [-1, 28.95, "2895", 2 ** 31]) {
        const response = await charge(app, guestCharge(lines, { expectedTotal: bad }));
        expect(response.status, String(bad)).toBe(422);
        expect((await read(response)).errors).toHaveProperty("expectedTotal");
      }
      expect(await orderCount()).toBe(before);
      expect(await stockLeft(app.database.db, teeId)).toBe(5);

      const paid = await charge(
        app,
        guestCharge(lines, { deliveryOptionId: nextDay, expectedTotal: quoted.data.total }),
      );
      expect(paid.status).toBe(200);
      const { data } = await read<ChargeResult>(paid);
      expect((await orderRow(app.database.db, data.orderId))?.total).toBe(quoted.data.total);
    });

    it("gives back an unpaid reservation once its time runs out", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 2);
      const { data } = await read<ChargeResult>(
        await charge(
          app,
          guestCharge([{ id: teeId, quantity: 2 }], {
            payment: { provider: "test", outcome: "authenticate" },
          }),
        ),
      );
      expect(await stockLeft(app.database.db, teeId)).toBe(0);
      await app.database.db
        .update(orders)
        .set({ reservedUntil: sql`now() - interval '1 minute'` })
        .where(eq(orders.id, data.orderId));
      await app.server.sweepReservations();
      expect(await orderRow(app.database.db, data.orderId)).toMatchObject({
        status: "cancelled",
        stockState: "released",
      });
      expect(await stockLeft(app.database.db, teeId)).toBe(2);
      // The test bank can no longer take the card for stock that went back on sale.
      const late = await post(app, "/api/checkout/test-bank", {
        orderId: data.orderId,
        clientSecret: data.clientSecret,
        approve: true,
      });
      expect(late.status).toBe(409);
    });
  });

  describe("a customer's order", () => {
    it("belongs to the customer: listed, shown, placed; never to another", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 5);
      const response = await charge(
        app,
        guestCharge([{ id: teeId, quantity: 1 }], { email: "someone.else@example.com" }),
        bearer,
      );
      const { data: charged } = await read<ChargeResult>(response);
      expect(charged.status).toBe("paid");
      expect(charged.accessToken).toBeUndefined();
      // The order is the signed-in customer's, under the account's email.
      expect(await orderRow(app.database.db, charged.orderId)).toMatchObject({
        email: DEMO_ACCOUNTS.customer.email,
      });
      const placed = await post(
        app,
        "/api/user/orders/store",
        { orderId: charged.orderId },
        { ...bearer, "Idempotency-Key": randomUUID() },
      );
      expect(placed.status).toBe(200);
      const list = await read<OrderSummary[]>(
        await app.fetch("/api/user/orders", { headers: bearer }),
      );
      expect(list.data[0]).toMatchObject({ id: charged.orderId, status: "paid", itemCount: 1 });
      expect(
        (await app.fetch(`/api/user/orders/show/${charged.orderId}`, { headers: bearer })).status,
      ).toBe(200);

      // A guest order is not the customer's to place or read.
      const guest = await read<ChargeResult>(
        await charge(app, guestCharge([{ id: teeId, quantity: 1 }])),
      );
      const foreign = await post(
        app,
        "/api/user/orders/store",
        { orderId: guest.data.orderId },
        { ...bearer, "Idempotency-Key": randomUUID() },
      );
      expect(foreign.status).toBe(404);
    });
  });

  describe("after a process stopped between charging and placing", () => {
    it("settles the order from the provider's state when the reconciler runs", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 5);
      const { data } = await read<ChargeResult>(
        await charge(
          app,
          guestCharge([{ id: teeId, quantity: 1 }], {
            payment: { provider: "test", outcome: "authenticate" },
          }),
        ),
      );
      // The bank approved, but the process died before it heard: only the provider knows.
      const { completeTestAuthentication } = await import("../payments/service.ts");
      const order = await orderRow(app.database.db, data.orderId);
      await completeTestAuthentication(
        app.database.db,
        order?.paymentReference ?? "",
        data.clientSecret ?? "",
        true,
      );
      expect((await orderRow(app.database.db, data.orderId))?.status).toBe("pending_payment");
      await app.server.reconcileOrders();
      expect(await orderRow(app.database.db, data.orderId)).toMatchObject({
        status: "paid",
        stockState: "sold",
      });
    });
  });
});

// security.md #7, #10, #11: requests released together, on a server where they really run at once.
describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "checkout races on %s",
  (kind) => {
    let app: TestApp;
    let tracked48: number;
    beforeAll(async () => {
      // Each buyer comes from an address of their own, through the proxy the shop trusts.
      app = await startTestApp(kind, { env: { DB_POOL_SIZE: "20", TRUST_PROXY: "loopback" } });
      tracked48 = (await ukDeliveryOptions(app))[0]?.id ?? 0;
    });
    afterAll(() => app.close());

    const body = (variantId: number, extra: Record<string, unknown> = {}) => ({
      lines: [{ id: variantId, quantity: 1 }],
      email: `racer-${randomUUID()}@example.com`,
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: tracked48,
      payment: { provider: "test", outcome: "success" },
      ...extra,
    });

    let buyer = 0;
    const from = () => {
      buyer += 1;
      return { "X-Forwarded-For": `203.0.${Math.floor(buyer / 250)}.${buyer % 250}` };
    };

    const ordersOf = async (variantId: number) =>
      (
        await app.database.db
          .select({ n: count() })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(eq(orderLines.variantId, variantId))
      )[0]?.n ?? 0;

    it("gives the last unit to exactly one of twelve buyers; the others get a 409 naming it", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 1);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => charge(app, body(teeId), from())),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(11);
      const refused = await Promise.all(
        answers.filter((answer) => answer.status === 409).map((answer) => answer.json()),
      );
      for (const answer of refused) expect(answer.message).toMatch(/sold out/);
      expect(await stockLeft(app.database.db, teeId)).toBe(0);
      expect(await ordersOf(teeId)).toBe(1);
    });

    it("lets a code limited to two uses be used twice by ten buyers at once", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 50);
      const code = await makeDiscount(app.database.db, { usageLimit: 2 });
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => charge(app, body(teeId, { discount: code.code }), from())),
      );
      const paid = answers.filter((answer) => answer.status === 200);
      expect(paid).toHaveLength(2);
      for (const answer of answers) expect([200, 409, 422]).toContain(answer.status);
      expect(await usageOf(app.database.db, code.id)).toMatchObject({ timesUsed: 2 });
      // Every refused buyer's reservation was rolled back with the refusal.
      expect(await stockLeft(app.database.db, teeId)).toBe(48);
    });

    it("makes one order and one charge from twenty submits with one key", async () => {
      const { teeId } = await makeCheckoutStock(app.database.db, 50);
      const key = { "Idempotency-Key": randomUUID(), ...from() };
      const same = body(teeId);
      const answers = await Promise.all(Array.from({ length: 20 }, () => charge(app, same, key)));
      const statuses = answers.map((answer) => answer.status);
      for (const status of statuses) expect([200, 409]).toContain(status);
      const first = answers.find((answer) => answer.status === 200);
      if (!first) throw new Error("no submit was answered 200");
      const { data } = (await first.json()) as { data: ChargeResult };
      expect(await ordersOf(teeId)).toBe(1);
      expect(await stockLeft(app.database.db, teeId)).toBe(49);
      const charged = await app.database.db
        .select({ n: count() })
        .from(payments)
        .where(eq(payments.orderId, data.orderId));
      expect(charged[0]?.n).toBe(1);
      // Once it is done, the same key answers the first outcome.
      const after = await charge(app, same, key);
      expect(((await after.json()) as { data: ChargeResult }).data).toEqual(data);
    });
  },
);
