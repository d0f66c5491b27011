import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeResult } from "../../common/checkout.ts";
import { londonDay } from "../../common/london-days.ts";
import type { OrderView } from "../../common/orders.ts";
import type {
  DispatchImportSummary,
  StaffOrderEdit,
  StaffOrderItem,
} from "../../common/orders-admin.ts";
import { send } from "../../tests/support/api.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import {
  charge,
  makeCheckoutStock,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../tests/support/checkout.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import {
  auditCount,
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { mailOutbox } from "../mail/schema.ts";
import { orderLines, orderRefundLines, orderRefunds, orderShipments, orders } from "./schema.ts";

// Issue 15: the staff side of orders — list, order view, dispatch, archive, CSV, bulk dispatch.
describe.each(databaseKinds)("staff API for orders on %s", (kind) => {
  let app: TestApp;
  let call: ReturnType<typeof staffCaller>;
  let tracked48 = 0;
  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
    tracked48 = (await ukDeliveryOptions(app))[0]?.id ?? 0;
  });
  afterAll(() => app.close());

  let shopper = 0;
  /**
   * A guest's order of a £25 tee and a £10 zine (0% VAT) with £3.95 delivery, paid unless
   * `outcome` says not.
   */
  async function placeOrder(outcome: "success" | "decline" | "authenticate" = "success") {
    const { teeId, zineId } = await makeCheckoutStock(app.database.db);
    shopper += 1;
    const response = await charge(app, {
      lines: [
        { id: teeId, quantity: 1 },
        { id: zineId, quantity: 1 },
      ],
      email: `buyer.${shopper}.${kind}@example.com`,
      shippingAddress: { ...UK_ADDRESS, fullName: `Robin Buyer${shopper}` },
      deliveryOptionId: tracked48,
      payment: { provider: "test", outcome },
    });
    expect(response.status).toBe(200);
    return (await read<ChargeResult>(response)).data;
  }
  const edit = async (id: number) =>
    (await read<StaffOrderEdit>(await call(`/orders/edit/${id}`, "staff"))).data;
  const linesOf = (orderId: number) =>
    app.database.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  const outboxFor = (email: string) =>
    app.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const dayAfter = (days: number) => {
    const date = new Date(`${londonDay()}T12:00:00Z`);
    date.setUTCDate(date.getUTCDate() + days);
    return date.toISOString().slice(0, 10);
  };

  it("lets staff in only: 401 without a token, 403 for a customer, on every route", async () => {
    const order = await placeOrder();
    const routes: Array<[string, unknown]> = [
      ["/orders", undefined],
      [`/orders/edit/${order.orderId}`, undefined],
      ["/orders/export.csv", undefined],
      [`/orders/status/dispatch/${order.orderId}`, { carrier: "dpd", trackingNumber: "X1234" }],
      ["/orders/destroy", { id: order.orderId }],
    ];
    for (const [path, body] of routes) {
      expect((await call(path, "nobody", body)).status).toBe(401);
      expect((await call(path, "customer", body)).status).toBe(403);
    }
    expect((await edit(order.orderId)).status).toBe("paid");
  });

  it("lists orders newest first, filtered by status and London days, searched by number, email or name", async () => {
    const order = await placeOrder();
    const declined = await placeOrder("decline");
    const first = await read<StaffOrderItem[]>(await call("/orders?perPage=5", "staff"));
    expect(first.data[0]).toMatchObject({
      id: declined.orderId,
      status: "cancelled",
      shipBy: null,
    });
    const mine = first.data.find((row) => row.id === order.orderId);
    expect(mine).toMatchObject({ number: order.number, status: "paid", total: order.total });
    expect(mine?.itemCount).toBe(2);
    expect(mine?.customerName).toBe(`Robin Buyer${shopper - 1}`);
    expect(mine?.shipBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    for (const q of [order.number, `buyer.${shopper - 1}.${kind}@`, `robin buyer${shopper - 1}`]) {
      const found = await read<StaffOrderItem[]>(
        await call(`/orders?q=${encodeURIComponent(q)}`, "staff"),
      );
      expect(found.data.map((row) => row.id)).toEqual([order.orderId]);
    }
    const paid = await read<StaffOrderItem[]>(
      await call("/orders?status=paid&perPage=100", "staff"),
    );
    expect(paid.data.every((row) => row.status === "paid")).toBe(true);
    expect(paid.data.map((row) => row.id)).toContain(order.orderId);
    const toDispatch = await read<StaffOrderItem[]>(
      await call("/orders?status=to_dispatch&perPage=100", "staff"),
    );
    expect(toDispatch.data.map((row) => row.id)).toContain(order.orderId);

    const today = londonDay();
    const todays = await read<StaffOrderItem[]>(
      await call(`/orders?from=${today}&to=${today}&perPage=100`, "staff"),
    );
    expect(todays.data.map((row) => row.id)).toContain(order.orderId);
    const tomorrow = dayAfter(1);
    const none = await read<StaffOrderItem[]>(await call(`/orders?from=${tomorrow}`, "staff"));
    expect(none.data).toEqual([]);

    const wrong = await call("/orders?from=24/11/2026&status=lost&sort=colour", "staff");
    expect(wrong.status).toBe(422);
    expect(Object.keys((await read(wrong)).errors ?? {}).sort()).toEqual([
      "from",
      "sort",
      "status",
    ]);
    const impossible = await call("/orders?to=2026-02-31", "staff");
    expect(impossible.status).toBe(422);
    expect((await read(impossible)).errors).toHaveProperty("to");
    const backwards = await call(`/orders?from=${tomorrow}&to=${today}`, "staff");
    expect((await read(backwards)).errors).toHaveProperty("to");
  });

  it("shows an order with its lines, VAT, payment record and timeline", async () => {
    const order = await placeOrder();
    const view = await edit(order.orderId);
    expect(view).toMatchObject({
      number: order.number,
      status: "paid",
      payment: { provider: "test", state: "succeeded", amount: order.total },
      shipments: [],
      refunds: [],
      dispatch: { ready: true, partial: false },
    });
    expect(view.lines.map((line) => [line.quantity, line.vatRate, line.refundedQuantity])).toEqual([
      [1, 20, 0],
      [1, 0, 0],
    ]);
    expect(view.totals.net + view.totals.vat).toBe(view.totals.total);
    expect(view.timeline.map((event) => event.type)).toEqual(["placed", "paid"]);
    expect((await call("/orders/edit/99999999", "staff")).status).toBe(404);
  });

  it("dispatches a paid order: parcel, lines, status, timeline, audit and the email with the tracking link", async () => {
    const order = await placeOrder();
    const bad = await call(`/orders/status/dispatch/${order.orderId}`, "staff", {
      carrier: "pigeon",
      trackingNumber: "<script>",
      paid: true,
    });
    expect(bad.status).toBe(422);
    const errors = Object.keys((await read(bad)).errors ?? {});
    expect(errors).toEqual(expect.arrayContaining(["carrier", "trackingNumber"]));
    const auditsBefore = await auditCount(app);

    const response = await call(`/orders/status/dispatch/${order.orderId}`, "staff", {
      carrier: "royal-mail",
      trackingNumber: "ab 1234 5678 9gb",
    });
    expect(response.status).toBe(200);
    const { data: view } = await read<StaffOrderEdit>(response);
    expect(view.status).toBe("dispatched");
    expect(view.dispatchedAt).not.toBeNull();
    expect(view.shipments).toHaveLength(1);
    expect(view.shipments[0]).toMatchObject({
      carrier: "Royal Mail",
      trackingNumber: "AB123456789GB",
      trackingUrl: "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    });
    const shipmentId = view.shipments[0]?.id;
    expect((await linesOf(order.orderId)).every((line) => line.shipmentId === shipmentId)).toBe(
      true,
    );
    expect(view.timeline.map((event) => event.type)).toEqual([
      "placed",
      "paid",
      "dispatched",
      "email_sent",
    ]);
    expect(view.timeline[2]).toMatchObject({
      message: "Dispatched with Royal Mail (AB123456789GB)",
      actorEmail: DEMO_ACCOUNTS.staff.email,
    });
    expect(await auditCount(app)).toBe(auditsBefore + 1);
    const [entry] = await auditOf(app, "orders", order.orderId);
    expect(entry).toMatchObject({ action: "update", label: order.number });
    expect(entry?.after).toMatchObject({ status: "dispatched" });
    // Dispatched by hand on a screen: no import behind it (issue 30).
    expect(entry).toMatchObject({ source: null, sourceFile: null });

    const [mail] = await outboxFor(`buyer.${shopper}.${kind}@example.com`.toLowerCase()).then(
      (rows) => rows.filter((row) => row.kind === "order-dispatched"),
    );
    expect(mail?.subject).toBe(`Your Encore order ${order.number} is on its way`);
    expect(mail?.text).toContain("Tracking number: AB123456789GB");
    expect(mail?.text).toContain(
      "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
    );
    expect(mail?.html).toContain(
      'href="https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB"',
    );

    // The shopper's own view of the order shows the parcel and its tracking.
    const shown = await app.fetch(
      `/api/orders/show/${order.orderId}?token=${encodeURIComponent(order.accessToken ?? "")}`,
    );
    const { data: mine } = await read<OrderView>(shown);
    expect(mine.status).toBe("dispatched");
    expect(mine.shipments[0]).toMatchObject({
      carrier: "Royal Mail",
      trackingNumber: "AB123456789GB",
    });

    // Sent is sent: a second dispatch is a 409 naming the status, and writes nothing.
    const again = await call(`/orders/status/dispatch/${order.orderId}`, "staff", {
      carrier: "dpd",
      trackingNumber: "15501234567890",
    });
    expect(again.status).toBe(409);
    expect((await read(again)).message).toContain("dispatched");
    expect(await auditCount(app)).toBe(auditsBefore + 1);
  });

  it("answers a repeated dispatch key with the first dispatch: one parcel, one email, and no key none", async () => {
    const order = await placeOrder();
    const email = `buyer.${shopper}.${kind}@example.com`;
    const body = { carrier: "royal-mail", trackingNumber: "RM123456785GB" };
    const path = `/orders/status/dispatch/${order.orderId}`;
    const bare = await send(app, "post", `/api/staff${path}`, {
      body,
      headers: (await signInEveryone(app)).staff,
    });
    expect(bare.status).toBe(422);
    expect((await read(bare)).errors).toHaveProperty("Idempotency-Key");
    const key = randomUUID();
    // A double click: both at once, then a retry after the answer was lost.
    const answers = await Promise.all([
      call(path, "staff", body, key),
      call(path, "staff", body, key),
    ]);
    const retry = await call(path, "staff", body, key);
    for (const answer of [...answers, retry]) expect([200, 409]).toContain(answer.status);
    expect(retry.status).toBe(200);
    expect((await read<StaffOrderEdit>(retry)).data.status).toBe("dispatched");
    const parcels = await app.database.db
      .select()
      .from(orderShipments)
      .where(eq(orderShipments.orderId, order.orderId));
    expect(parcels).toHaveLength(1);
    const mails = (await outboxFor(email)).filter((mail) => /on its way/.test(mail.subject));
    expect(mails).toHaveLength(1);
  });

  it("refuses to dispatch an unpaid order (409) and writes nothing", async () => {
    for (const outcome of ["decline", "authenticate"] as const) {
      const order = await placeOrder(outcome);
      const before = await auditCount(app);
      const response = await call(`/orders/status/dispatch/${order.orderId}`, "staff", {
        carrier: "evri",
        trackingNumber: "H01HYA0012345678",
      });
      expect(response.status).toBe(409);
      expect((await read(response)).message).toMatch(/only a paid order can be dispatched/);
      expect(await auditCount(app)).toBe(before);
      const parcels = await app.database.db
        .select()
        .from(orderShipments)
        .where(eq(orderShipments.orderId, order.orderId));
      expect(parcels).toEqual([]);
    }
  });

  it("holds a pre-order until its release date, and sends a split order in two parcels", async () => {
    const release = dayAfter(10);
    const together = await placeOrder();
    const [teeLine] = await linesOf(together.orderId).then((lines) =>
      lines.sort((a, b) => a.position - b.position),
    );
    await app.database.db
      .update(orderLines)
      .set({ billingModelType: "pre_order", shipsFrom: release })
      .where(eq(orderLines.id, teeLine?.id ?? 0));
    const early = await call(`/orders/status/dispatch/${together.orderId}`, "staff", {
      carrier: "dpd",
      trackingNumber: "15501234567890",
    });
    expect(early.status).toBe(409);
    expect((await read(early)).message).toMatch(/cannot be dispatched before/);
    expect((await edit(together.orderId)).dispatch.ready).toBe(false);
    const toDispatch = await read<StaffOrderItem[]>(
      await call("/orders?status=to_dispatch&perPage=100", "staff"),
    );
    expect(toDispatch.data.map((row) => row.id)).not.toContain(together.orderId);

    const split = await placeOrder();
    const lines = (await linesOf(split.orderId)).sort((a, b) => a.position - b.position);
    await app.database.db
      .update(orderLines)
      .set({ billingModelType: "pre_order", shipsFrom: release })
      .where(eq(orderLines.id, lines[0]?.id ?? 0));
    await app.database.db
      .update(orders)
      .set({ dispatchPlan: "split", shipsFrom: release })
      .where(eq(orders.id, split.orderId));
    const first = await read<StaffOrderEdit>(
      await call(`/orders/status/dispatch/${split.orderId}`, "staff", {
        carrier: "dpd",
        trackingNumber: "15501234567890",
      }),
    );
    expect(first.data.status).toBe("paid");
    expect(first.data.shipments[0]?.lineIds).toEqual([lines[1]?.id]);
    expect(first.data.shipments[0]?.trackingUrl).toBe(
      "https://track.dpd.co.uk/parcels/15501234567890",
    );
    expect(first.data.timeline.find((event) => event.type === "dispatched")?.message).toMatch(
      /^Part dispatched with DPD/,
    );
    // The rest waits for its date.
    const second = await call(`/orders/status/dispatch/${split.orderId}`, "staff", {
      carrier: "dpd",
      trackingNumber: "15501234567891",
    });
    expect(second.status).toBe(409);
    // On the release date it goes, and the order is dispatched.
    await app.database.db
      .update(orderLines)
      .set({ shipsFrom: londonDay() })
      .where(eq(orderLines.id, lines[0]?.id ?? 0));
    const last = await read<StaffOrderEdit>(
      await call(`/orders/status/dispatch/${split.orderId}`, "staff", {
        carrier: "dhl",
        trackingNumber: "JD014600003828",
        trackingUrl: "https://www.dhl.com/track?id=JD014600003828",
      }),
    );
    expect(last.data.status).toBe("dispatched");
    expect(last.data.shipments.map((parcel) => parcel.lineIds)).toEqual([
      [lines[1]?.id],
      [lines[0]?.id],
    ]);
    expect(last.data.shipments[1]?.trackingUrl).toBe("https://www.dhl.com/track?id=JD014600003828");
  });

  it("archives cancelled orders only: paid is a 409; archived ones leave the list but keep their page and audit", async () => {
    const paid = await placeOrder();
    const refused = await call("/orders/destroy", "staff", { id: paid.orderId });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toContain("cancel and refund it first");

    const cancelled = await placeOrder("decline");
    // All or none: the paid one refuses the pair.
    const pair = await call("/orders/destroy", "staff", { ids: [cancelled.orderId, paid.orderId] });
    expect(pair.status).toBe(409);
    expect((await edit(cancelled.orderId)).archivedAt).toBeNull();
    expect((await call("/orders/destroy", "staff", { ids: [] })).status).toBe(422);

    const archived = await call("/orders/destroy", "staff", { id: cancelled.orderId });
    expect(archived.status).toBe(200);
    const listed = await read<StaffOrderItem[]>(
      await call(`/orders?q=${cancelled.number}`, "staff"),
    );
    expect(listed.data).toEqual([]);
    const inArchive = await read<StaffOrderItem[]>(
      await call(`/orders?q=${cancelled.number}&archived=true`, "staff"),
    );
    expect(inArchive.data.map((row) => row.id)).toEqual([cancelled.orderId]);
    const view = await edit(cancelled.orderId);
    expect(view.archivedAt).not.toBeNull();
    expect(view.timeline.at(-1)).toMatchObject({ type: "archived" });
    const [entry] = await auditOf(app, "orders", cancelled.orderId);
    expect(entry).toMatchObject({ action: "update", actorEmail: DEMO_ACCOUNTS.staff.email });
    expect(entry?.after).toHaveProperty("archivedAt");
  });

  it("exports the accountant's CSV: rows that add up to each order's stored total, VAT and refunds", async () => {
    const order = await placeOrder();
    const refunded = await placeOrder();
    // A refund of one tee, as refunds.ts writes it: its amount and VAT from the stored line.
    const [tee] = (await linesOf(refunded.orderId)).sort((a, b) => a.position - b.position);
    if (!tee) throw new Error("no tee line");
    const amount = tee.unitPrice - Math.floor(tee.discount / tee.quantity);
    const vat = Math.round(tee.vat / tee.quantity);
    const [refund] = await app.database.db
      .insert(orderRefunds)
      .values({ orderId: refunded.orderId, amount, vat, state: "succeeded" })
      .returning();
    await app.database.db.insert(orderRefundLines).values({
      refundId: refund?.id ?? 0,
      orderLineId: tee.id,
      quantity: 1,
      amount,
      vat,
    });
    await app.database.db
      .update(orders)
      .set({ refundedTotal: sql`${orders.refundedTotal} + ${amount}` })
      .where(eq(orders.id, refunded.orderId));

    const response = await call(`/orders/export.csv?from=${londonDay()}`, "staff");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = parse(await response.text(), { bom: true }) as string[][];
    expect(header).toEqual([
      "order_number",
      "date",
      "status",
      "customer_email",
      "sku",
      "description",
      "quantity",
      "unit_price",
      "discount",
      "net",
      "vat_rate",
      "vat",
      "gross",
    ]);
    const pence = (text: string) => Math.round(Number(text) * 100);
    const sum = (number: string, column: number, only?: (row: string[]) => boolean) =>
      rows
        .filter((row) => row[0] === number && (only?.(row) ?? true))
        .reduce((total, row) => total + pence(row[column] ?? "0"), 0);
    const stored = async (id: number) =>
      (await app.database.db.select().from(orders).where(eq(orders.id, id)))[0];
    for (const id of [order.orderId, refunded.orderId]) {
      const row = await stored(id);
      if (!row) throw new Error("no order");
      const sold = (r: string[]) => r[2] !== "refund";
      expect(sum(row.number, 12, sold)).toBe(row.total);
      expect(sum(row.number, 11, sold)).toBe(row.vat);
      expect(sum(row.number, 9, sold)).toBe(row.total - row.vat);
      expect(sum(row.number, 12)).toBe(row.total - row.refundedTotal);
    }
    const orderRows = rows.filter((row) => row[0] === order.number);
    // Two lines and the delivery charge, money in pounds with two decimals.
    expect(orderRows.map((row) => [row[4]?.length ? "x" : "", row[6], row[7], row[10]])).toEqual([
      ["x", "1", "25.00", "20"],
      ["x", "1", "10.00", "0"],
      ["x", "1", "3.95", ""],
    ]);
    const refundRow = rows.find((row) => row[0] === refunded.number && row[2] === "refund");
    expect(refundRow?.[6]).toBe("-1");
    expect(refundRow?.[12]).toMatch(/^-\d+\.\d{2}$/);
    // The list's filters apply: nothing from tomorrow.
    const empty = await call(`/orders/export.csv?from=${dayAfter(1)}`, "staff");
    expect((await empty.text()).trim().split("\n")).toHaveLength(1);
    expect((await call("/orders/export.csv?status=lost", "staff")).status).toBe(422);
  });

  describe("bulk dispatch from a CSV of tracking numbers", () => {
    const upload = (text: string, dryRun: boolean, who: Who = "staff") => {
      const form = new FormData();
      form.append("file", new Blob([text], { type: "text/csv" }), "tracking.csv");
      form.append("dryRun", String(dryRun));
      return app.fetch("/api/staff/orders/dispatch-csv", {
        method: "POST",
        headers: who === "staff" ? staffHeaders : {},
        body: form,
      });
    };
    let staffHeaders: Record<string, string> = {};
    beforeAll(async () => {
      staffHeaders = (await signInEveryone(app)).staff;
    });

    it("checks the file in a dry run, writing nothing, then dispatches every row at once", async () => {
      const one = await placeOrder();
      const two = await placeOrder();
      const unpaid = await placeOrder("decline");
      const file = [
        "order_number,carrier,tracking_number,tracking_url",
        `${one.number},Royal Mail,AB000000001GB,`,
        `${two.number.toLowerCase()},dpd,15501234567890,https://track.dpd.co.uk/parcels/15501234567890`,
        `${unpaid.number},evri,H01HYA0012345678,`,
        "EN-1,pigeon,,",
      ].join("\n");
      const dry = await upload(file, true);
      expect(dry.status).toBe(200);
      const { data: checked } = await read<DispatchImportSummary>(dry);
      expect(checked).toMatchObject({ dryRun: true, rows: 4 });
      expect(checked.dispatched.map((row) => row.orderNumber)).toEqual([one.number, two.number]);
      expect(checked.errors).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ row: 4, field: "order_number" }),
          expect.objectContaining({ row: 5, field: "carrier" }),
          expect.objectContaining({ row: 5, field: "tracking_number" }),
        ]),
      );
      expect((await edit(one.orderId)).status).toBe("paid");
      const sent = await outboxFor(`buyer.${shopper - 2}.${kind}@example.com`);
      expect(sent.filter((mail) => mail.kind === "order-dispatched")).toEqual([]);

      // A real run with errors is a 422 naming the cells, and writes nothing either.
      const refused = await upload(file, false);
      expect(refused.status).toBe(422);
      expect((await read(refused)).errors).toHaveProperty("rows.4.order_number");
      expect((await edit(one.orderId)).status).toBe("paid");

      const good = file.split("\n").slice(0, 3).join("\n");
      const done = await upload(good, false);
      expect(done.status).toBe(200);
      expect((await read<DispatchImportSummary>(done)).data.dispatched).toHaveLength(2);
      const [first, second] = [await edit(one.orderId), await edit(two.orderId)];
      expect(first.status).toBe("dispatched");
      expect(first.shipments[0]).toMatchObject({
        carrier: "Royal Mail",
        trackingNumber: "AB000000001GB",
      });
      expect(second.shipments[0]?.trackingUrl).toBe(
        "https://track.dpd.co.uk/parcels/15501234567890",
      );
      // Issue 30: the audit log marks these dispatches as the file's, by its name.
      const dispatchEntry = (await auditOf(app, "orders", one.orderId)).at(-1);
      expect(dispatchEntry).toMatchObject({
        source: "dispatch-import",
        sourceFile: "tracking.csv",
      });
      const mails = await app.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, "order-dispatched")));
      expect(mails.map((mail) => mail.subject)).toEqual(
        expect.arrayContaining([
          `Your Encore order ${one.number} is on its way`,
          `Your Encore order ${two.number} is on its way`,
        ]),
      );
    });

    it("refuses a file it cannot read, and callers who are not staff", async () => {
      const wrong = await upload("number,courier\nEN-1,dpd", true);
      expect(wrong.status).toBe(422);
      expect((await read(wrong)).errors).toHaveProperty("file");
      expect((await upload("order_number,carrier,tracking_number\n", true, "nobody")).status).toBe(
        401,
      );
    });
  });
});
