import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeResult, CheckoutQuote } from "../../common/checkout.ts";
import type { OrderView } from "../../common/orders.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import {
  charge,
  makeCheckoutStock,
  makeProductOnModel,
  orderRow,
  post,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../tests/support/checkout.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { read } from "../../tests/support/staff-api.ts";
import { periodEnd } from "../orders/memberships/memberships.ts";
import { orderLines } from "../orders/schema.ts";
import { membershipSubscriptions } from "../payments/schema.ts";

// Issue 15 (decision 0016): pre-orders and memberships from the quote to the stored order.
describe.each(databaseKinds)("checkout with pre-orders and memberships on %s", (kind) => {
  let app: TestApp;
  let tracked48: number;
  let stock: { teeId: number; zineId: number };
  let early: number;
  let late: number;
  let monthly: number;
  let yearly: number;

  const onModel = (model: string, releaseDate: string | null) =>
    makeProductOnModel(app.database.db, model, releaseDate);

  beforeAll(async () => {
    app = await startTestApp(kind);
    tracked48 = (await ukDeliveryOptions(app))[0]?.id ?? 0;
    stock = await makeCheckoutStock(app.database.db);
    early = await onModel("Pre-order", "2027-01-20");
    late = await onModel("Pre-order", "2027-03-14");
    monthly = await onModel("Fan club (monthly)", null);
    yearly = await onModel("Fan club (yearly)", null);
  });
  afterAll(() => app.close());

  const quote = async (lines: Array<{ id: number; quantity: number }>) => {
    const response = await post(app, "/api/checkout/show", { lines });
    expect(response.status).toBe(200);
    return (await read<CheckoutQuote>(response)).data;
  };
  const body = (lines: Array<{ id: number; quantity: number }>, extra = {}) => ({
    lines,
    email: "fan@example.com",
    shippingAddress: UK_ADDRESS,
    deliveryOptionId: tracked48,
    payment: { provider: "test", outcome: "success" },
    ...extra,
  });
  const linesOf = (orderId: number) =>
    app.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId))
      .orderBy(asc(orderLines.position));

  it("quotes pre-orders with when they ship, and offers the dispatch plans only for a mix", async () => {
    const mixed = await quote([
      { id: stock.teeId, quantity: 1 },
      { id: early, quantity: 1 },
      { id: late, quantity: 1 },
    ]);
    expect(mixed.shipsFrom).toBe("2027-03-14");
    expect(mixed.preOrderNote).toBe("Pre-order: ships from 14 March 2027");
    expect(mixed.dispatchPlans).toEqual([
      { id: "split", title: "Send what's ready now and the rest on release" },
      { id: "together", title: "Send everything together from 14 March 2027" },
    ]);
    expect(mixed.lines.map((line) => line.billing)).toEqual([
      null,
      { type: "pre_order", period: null, shipsFrom: "2027-01-20" },
      { type: "pre_order", period: null, shipsFrom: "2027-03-14" },
    ]);
    const onlyPreOrders = await quote([{ id: early, quantity: 2 }]);
    expect(onlyPreOrders).toMatchObject({
      shipsFrom: "2027-01-20",
      preOrderNote: "Pre-order: ships from 20 January 2027",
      dispatchPlans: [],
    });
    const plain = await quote([{ id: stock.teeId, quantity: 1 }]);
    expect(plain).toMatchObject({ shipsFrom: null, preOrderNote: null, dispatchPlans: [] });
  });

  it("refuses a mixed basket without a plan (422 on dispatchPlan), and a plan for any other", async () => {
    const lines = [
      { id: stock.teeId, quantity: 1 },
      { id: late, quantity: 1 },
    ];
    const missing = await charge(app, body(lines));
    expect(missing.status).toBe(422);
    expect(Object.keys((await read(missing)).errors ?? {})).toEqual(["dispatchPlan"]);
    const wrong = await charge(app, body(lines, { dispatchPlan: "whenever" }));
    expect(wrong.status).toBe(422);
    expect(Object.keys((await read(wrong)).errors ?? {})).toEqual(["dispatchPlan"]);
    const needless = await charge(
      app,
      body([{ id: stock.teeId, quantity: 1 }], { dispatchPlan: "split" }),
    );
    expect(needless.status).toBe(422);
    expect(Object.keys((await read(needless)).errors ?? {})).toEqual(["dispatchPlan"]);
  });

  it.each(["split", "together"] as const)(
    "stores the %s plan on the order with the latest release, and each line as sold",
    async (plan) => {
      const response = await charge(
        app,
        body(
          [
            { id: stock.teeId, quantity: 1 },
            { id: early, quantity: 1 },
            { id: late, quantity: 1 },
          ],
          { dispatchPlan: plan },
        ),
      );
      expect(response.status).toBe(200);
      const { data: charged } = await read<ChargeResult>(response);
      // No extra delivery for a split: Tracked 48 is free over £50 either way.
      const order = await orderRow(app.database.db, charged.orderId);
      expect(order).toMatchObject({ dispatchPlan: plan, shipsFrom: "2027-03-14", delivery: 0 });
      const lines = await linesOf(charged.orderId);
      expect(lines.map((line) => [line.billingModelType, line.shipsFrom])).toEqual([
        ["one_off", null],
        ["pre_order", "2027-01-20"],
        ["pre_order", "2027-03-14"],
      ]);
      // The shopper's order page says so.
      const shown = await app.fetch(
        `/api/orders/show/${charged.orderId}?token=${charged.accessToken}`,
      );
      expect(shown.status).toBe(200);
      const view = (await read<OrderView>(shown)).data;
      expect(view).toMatchObject({ dispatchPlan: plan, shipsFrom: "2027-03-14" });
    },
  );

  it("stores a pre-order-only order's release date without a plan", async () => {
    const response = await charge(app, body([{ id: late, quantity: 2 }]));
    expect(response.status).toBe(200);
    const { data: charged } = await read<ChargeResult>(response);
    expect(await orderRow(app.database.db, charged.orderId)).toMatchObject({
      dispatchPlan: null,
      shipsFrom: "2027-03-14",
    });
  });

  it("records a membership line with its period, one membership of one per order (422 otherwise)", async () => {
    const response = await charge(
      app,
      body([
        { id: stock.zineId, quantity: 1 },
        { id: yearly, quantity: 1 },
      ]),
    );
    expect(response.status).toBe(200);
    const { data: charged } = await read<ChargeResult>(response);
    const lines = await linesOf(charged.orderId);
    expect(lines.map((line) => [line.billingModelType, line.billingPeriod])).toEqual([
      ["one_off", null],
      ["membership", "year"],
    ]);
    expect((await orderRow(app.database.db, charged.orderId))?.dispatchPlan).toBeNull();

    const twice = await quote([{ id: monthly, quantity: 2 }]);
    expect(twice.membershipProblem).toMatch(/one fan-club membership/);
    for (const lines of [
      [{ id: monthly, quantity: 2 }],
      [
        { id: monthly, quantity: 1 },
        { id: yearly, quantity: 1 },
      ],
    ]) {
      const refused = await charge(app, body(lines));
      expect(refused.status).toBe(422);
      expect(Object.keys((await read(refused)).errors ?? {})).toEqual(["lines"]);
    }
  });

  it("a paid membership renews through the test provider: its own tsub_ reference from the end of the paid month", async () => {
    const response = await charge(app, body([{ id: monthly, quantity: 1 }]));
    const { data: charged } = await read<ChargeResult>(response);
    const paidAt = (await orderRow(app.database.db, charged.orderId))?.paidAt ?? new Date();
    const until = periodEnd(paidAt, "month");
    const memberships = () =>
      app.database.db
        .select()
        .from(membershipSubscriptions)
        .where(eq(membershipSubscriptions.orderId, charged.orderId));
    expect(await memberships()).toEqual([
      expect.objectContaining({ provider: "test", reference: null, currentPeriodEnd: until }),
    ]);
    await app.server.reconcileOrders();
    await app.server.reconcileOrders();
    expect(await memberships()).toEqual([
      expect.objectContaining({
        reference: expect.stringMatching(/^tsub_/),
        customerReference: expect.stringMatching(/^tcus_/),
        state: "active",
        currentPeriodEnd: until,
      }),
    ]);
    const shown = await app.fetch(
      `/api/orders/show/${charged.orderId}?token=${encodeURIComponent(charged.accessToken ?? "")}`,
    );
    expect((await read<OrderView>(shown)).data.memberships).toEqual([
      expect.objectContaining({
        period: "month",
        amount: 2000,
        state: "active",
        renewsAt: until.toISOString(),
        atProvider: true,
      }),
    ]);
  });

  it("an order with no membership records none", async () => {
    const response = await charge(app, body([{ id: stock.zineId, quantity: 1 }]));
    const { data: charged } = await read<ChargeResult>(response);
    expect(charged.status).toBe("paid");
    expect(
      await app.database.db
        .select()
        .from(membershipSubscriptions)
        .where(eq(membershipSubscriptions.orderId, charged.orderId)),
    ).toEqual([]);
  });
});
