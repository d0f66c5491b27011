import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, count, eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeAccepted, ChargeResult } from "../common/checkout.ts";
import { KEY_IN_FLIGHT } from "../common/idempotency.ts";
import type { OrderView } from "../common/orders.ts";
import type { RefundResult } from "../common/refunds.ts";
import { idempotencyKeys } from "../server/idempotency/schema.ts";
import { mailOutbox } from "../server/mail/schema.ts";
import { orderRefunds, orders } from "../server/orders/schema.ts";
import { payments, testPaymentIntents, testPaymentRefunds } from "../server/payments/schema.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import {
  charge,
  makeCheckoutStock,
  orderRow,
  stockLeft,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "./support/checkout.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "./support/databases.ts";
import { passesWithin } from "./support/eventually.ts";
import { dropConnectionAt, slowDownAt } from "./support/faults.ts";
import { start } from "./support/processes.ts";
import { signInEveryone } from "./support/staff-api.ts";

// docs/security.md #25, decision 0036: a fault in the middle of a money call, then a retry with
// the same key, charges nobody twice and loses nothing. Each fault is made inside PostgreSQL at
// an exact step (tests/support/faults.ts), and every result is checked in SQL.
describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "money calls that fail half way, on %s",
  (kind) => {
    let app: TestApp;
    let delivery: number;
    beforeAll(async () => {
      app = await startTestApp(kind);
      delivery = (await ukDeliveryOptions(app))[0]?.id ?? 0;
    });
    afterAll(() => app.close());
    const db = () => app.database.db;

    const body = (variantId: number, email: string) => ({
      lines: [{ id: variantId, quantity: 1 }],
      email,
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: delivery,
      payment: { provider: "test", outcome: "success" },
    });
    const ordersOf = (email: string) => db().select().from(orders).where(eq(orders.email, email));
    const succeededPayments = async (orderId: number) =>
      (
        await db()
          .select({ n: count() })
          .from(payments)
          .where(and(eq(payments.orderId, orderId), eq(payments.state, "succeeded")))
      )[0]?.n;
    const intentsOf = async (orderId: number) =>
      (
        await db()
          .select({ n: count() })
          .from(testPaymentIntents)
          .where(eq(testPaymentIntents.orderId, orderId))
      )[0]?.n;
    const keyRow = async (key: string) =>
      (await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))[0];

    it("a connection lost during the provider call: the retry pays the order it wrote, once", async () => {
      const { teeId } = await makeCheckoutStock(db(), 10);
      const email = `drop-provider-${randomUUID()}@example.com`;
      const key = { "Idempotency-Key": randomUUID() };
      const heal = await dropConnectionAt(db(), { table: "test_payment_intents", on: "insert" });
      const first = await charge(app, body(teeId, email), key);
      await heal();
      expect(first.status).toBe(503);
      const [written] = await ordersOf(email);
      expect(written?.status).toBe("pending_payment");
      expect(await keyRow(key["Idempotency-Key"])).toMatchObject({
        state: "in_flight",
        recoveryPoint: "order_written",
        resourceId: written?.id,
      });

      const retry = await charge(app, body(teeId, email), key);
      expect(retry.status).toBe(200);
      const { data } = (await retry.json()) as { data: ChargeResult };
      expect(data).toMatchObject({ orderId: written?.id, status: "paid" });
      expect(data.accessToken).toEqual(expect.any(String));
      const after = await ordersOf(email);
      expect(after.map((order) => order.status)).toEqual(["paid"]);
      expect(await succeededPayments(data.orderId)).toBe(1);
      expect(await intentsOf(data.orderId)).toBe(1);
      expect(await stockLeft(db(), teeId)).toBe(9);
      expect(await keyRow(key["Idempotency-Key"])).toMatchObject({
        state: "done",
        recoveryPoint: "finished",
      });
      // The guest's token the retry gave opens the order.
      const opened = await app.fetch(
        `/api/orders/show/${data.orderId}?token=${encodeURIComponent(data.accessToken ?? "")}`,
      );
      expect(opened.status).toBe(200);
    });

    it("a connection lost before the provider's answer was recorded: the reconciler finds the payment, never 'not charged'", async () => {
      const { teeId } = await makeCheckoutStock(db(), 10);
      const email = `drop-record-${randomUUID()}@example.com`;
      const key = { "Idempotency-Key": randomUUID() };
      const heal = await dropConnectionAt(db(), { table: "payments", on: "insert" });
      const first = await charge(app, body(teeId, email), key);
      await heal();
      expect(first.status).toBe(503);
      const [written] = await ordersOf(email);
      if (!written) throw new Error("the order was not written");
      // The provider took the money; our record of it was lost with the connection.
      expect(written).toMatchObject({ status: "pending_payment", paymentReference: null });
      expect(await intentsOf(written.id)).toBe(1);

      // The shopper never comes back; the reservation runs out and the sweeper settles it.
      await db()
        .update(orders)
        .set({ reservedUntil: sql`now() - interval '1 minute'` })
        .where(eq(orders.id, written.id));
      await app.server.sweepReservations();
      expect(await orderRow(db(), written.id)).toMatchObject({
        status: "paid",
        stockState: "sold",
        cancelReason: null,
      });
      expect(await succeededPayments(written.id)).toBe(1);
      const mails = await db()
        .select({ subject: mailOutbox.subject, text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, email));
      expect(mails.map((mail) => mail.text).join("\n")).not.toMatch(/not charged/);
      expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/order/i)]);
      // The key the request left is finished by the same run: the shopper's retry is answered.
      expect(await keyRow(key["Idempotency-Key"])).toMatchObject({ state: "done" });
      const retry = await charge(app, body(teeId, email), key);
      expect(retry.status).toBe(200);
      expect(((await retry.json()) as { data: ChargeResult }).data).toMatchObject({
        orderId: written.id,
        status: "paid",
        accessToken: expect.any(String),
      });
      expect(await ordersOf(email)).toHaveLength(1);
    });

    it("an outcome that could not be written leaves the key resumable at once, not stuck in flight", async () => {
      const { teeId } = await makeCheckoutStock(db(), 10);
      const email = `drop-finish-${randomUUID()}@example.com`;
      const key = { "Idempotency-Key": randomUUID() };
      // Every attempt to write the outcome fails (the helper tries three times).
      const heal = await dropConnectionAt(
        db(),
        { table: "idempotency_keys", on: "update", when: "new.state = 'done'" },
        3,
      );
      const first = await charge(app, body(teeId, email), key);
      await heal();
      expect(first.status).toBe(503);
      const [paid] = await ordersOf(email);
      expect(paid?.status).toBe("paid");
      const kept = await keyRow(key["Idempotency-Key"]);
      expect(kept).toMatchObject({ state: "in_flight", recoveryPoint: "order_written" });
      // Its lease was ended with the failure: the retry is not told "in flight".
      const retry = await charge(app, body(teeId, email), key);
      expect(retry.status).toBe(200);
      const { data } = (await retry.json()) as { data: ChargeResult };
      expect(data).toMatchObject({ orderId: paid?.id, status: "paid" });
      expect(data.accessToken).toEqual(expect.any(String));
      expect(await ordersOf(email)).toHaveLength(1);
      expect(await succeededPayments(data.orderId)).toBe(1);
    });

    it("refunds: an outcome that could not be written is resumed by the retry, and the money goes back once", async () => {
      const headers = await signInEveryone(app);
      const { teeId } = await makeCheckoutStock(db(), 10);
      const email = `refund-finish-${randomUUID()}@example.com`;
      const placed = await charge(app, {
        ...body(teeId, email),
        lines: [{ id: teeId, quantity: 2 }],
      });
      const { data: order } = (await placed.json()) as { data: ChargeResult };
      const refund = (key: string) =>
        app.fetch(`/api/staff/orders/refund/${order.orderId}`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": key, ...headers.staff },
          body: JSON.stringify({ full: true }),
        });
      const key = randomUUID();
      const heal = await dropConnectionAt(
        db(),
        { table: "idempotency_keys", on: "update", when: "new.state = 'done'" },
        3,
      );
      const first = await refund(key);
      await heal();
      expect(first.status).toBe(503);
      expect(await keyRow(key)).toMatchObject({ recoveryPoint: "refund_written" });
      const retry = await refund(key);
      expect(retry.status).toBe(200);
      const { data } = (await retry.json()) as { data: RefundResult };
      expect(data.refund?.state).toBe("succeeded");
      const refunds = await db()
        .select()
        .from(orderRefunds)
        .where(eq(orderRefunds.orderId, order.orderId));
      expect(refunds).toHaveLength(1);
      const given = await db()
        .select()
        .from(testPaymentRefunds)
        .where(eq(testPaymentRefunds.paymentReference, order.paymentReference));
      expect(given.map((each) => each.amount)).toEqual([order.total]);
    });
  },
);

// Issue 28's "paid, then told busy": a charge whose order is written but whose payment outlasts
// the request is answered 202 with the order, and one that has written nothing by then writes
// nothing at all, so a 503 always means "nothing happened, try again".
describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "money calls near their deadline, on %s",
  (kind) => {
    let app: TestApp;
    let delivery: number;
    beforeAll(async () => {
      // 2 s to answer; a keyed call that has written its order answers early, at 1.2 s.
      app = await startTestApp(kind, { env: { REQUEST_DEADLINE_MS: "2000" } });
      delivery = (await ukDeliveryOptions(app))[0]?.id ?? 0;
    });
    afterAll(() => app.close());
    const db = () => app.database.db;
    const body = (variantId: number, email: string) => ({
      lines: [{ id: variantId, quantity: 1 }],
      email,
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: delivery,
      payment: { provider: "test", outcome: "success" },
    });

    it("answers 202 with the order and where to follow it while a slow provider confirms", async () => {
      const { teeId } = await makeCheckoutStock(db(), 5);
      const email = `slow-provider-${randomUUID()}@example.com`;
      const key = { "Idempotency-Key": randomUUID() };
      const heal = await slowDownAt(db(), { table: "test_payment_intents", on: "insert" }, 3);
      const first = await charge(app, body(teeId, email), key);
      expect(first.status).toBe(202);
      const { data: accepted } = (await first.json()) as { data: ChargeAccepted };
      expect(accepted).toMatchObject({ status: "processing", accessToken: expect.any(String) });
      const location = first.headers.get("location") ?? "";
      expect(location).toBe(
        `/api/orders/show/${accepted.orderId}?token=${encodeURIComponent(accepted.accessToken ?? "")}`,
      );
      const followed = await passesWithin(async () => {
        const order = ((await (await app.fetch(location)).json()) as { data: OrderView }).data;
        expect(order.status).toBe("paid");
        return order;
      }, 10_000);
      await heal();
      expect(followed.number).toBe(accepted.number);
      // The same key now answers the outcome the work went on to record.
      const again = await charge(app, body(teeId, email), key);
      expect(again.status).toBe(200);
      expect(((await again.json()) as { data: ChargeResult }).data).toMatchObject({
        orderId: accepted.orderId,
        status: "paid",
      });
      const written = await db().select().from(orders).where(eq(orders.email, email));
      expect(written).toHaveLength(1);
    });

    it("writes nothing when the request's time ran out before its order, so the 503 was true", async () => {
      const { teeId } = await makeCheckoutStock(db(), 5);
      const email = `queued-${randomUUID()}@example.com`;
      const key = { "Idempotency-Key": randomUUID() };
      // Another buyer's transaction holds the variant's row: this charge waits behind it.
      const url = app.database.url ?? "";
      const blocker = new pg.Client({ connectionString: url });
      await blocker.connect();
      await blocker.query("begin");
      await blocker.query("select id from product_variants where id = $1 for update", [teeId]);
      const answered = charge(app, body(teeId, email), key);
      const first = await answered;
      expect(first.status).toBe(503);
      expect(first.headers.get("retry-after")).toBe("5");
      await blocker.query("rollback");
      await blocker.end();
      // The charge went on once the row was free, and stopped before writing its order.
      await passesWithin(async () => {
        const kept = await db()
          .select()
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.key, key["Idempotency-Key"]));
        expect(kept).toEqual([]);
      }, 10_000);
      expect(await db().select().from(orders).where(eq(orders.email, email))).toEqual([]);
      expect(await stockLeft(db(), teeId)).toBe(5);
      // The shopper's retry with the same key pays once.
      const retry = await charge(app, body(teeId, email), key);
      expect(retry.status).toBe(200);
      expect(await db().select().from(orders).where(eq(orders.email, email))).toHaveLength(1);
      expect(await stockLeft(db(), teeId)).toBe(4);
    });
  },
);

// A process killed while it holds a key: the key's lease runs out in seconds (not the key's day),
// and the retry that takes it over carries on from where the dead process got.
describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "a process killed holding a key, on %s",
  (kind) => {
    let database: TestDatabase;
    afterAll(() => database?.drop());

    it("is taken over after its lease by the retry, which pays the order it wrote, once", async () => {
      database = await createTestDatabase(kind);
      const env = {
        DATABASE_URL: database.url ?? "",
        DEMO_DATA: "false",
        DATA_DIR: mkdtempSync(join(tmpdir(), "encore-lease-")),
      };
      const { teeId } = await makeCheckoutStock(database.db, 5);
      // Two processes on one database, as a cluster or two machines run: one will die.
      const [first, second] = await Promise.all([start(env), start(env)]);
      const options = (await (
        await fetch(`${first.url}/api/delivery/option-groups/determined-delivery-option-group`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ country: "GB", lines: [] }),
        })
      ).json()) as { data: { options: Array<{ id: number }> } };
      const email = `killed-${randomUUID()}@example.com`;
      const payload = JSON.stringify({
        lines: [{ id: teeId, quantity: 1 }],
        email,
        shippingAddress: UK_ADDRESS,
        deliveryOptionId: options.data.options[0]?.id,
        payment: { provider: "test", outcome: "success" },
      });
      const key = randomUUID();
      const send = (url: string) =>
        fetch(`${url}/api/checkout/charge`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": key },
          body: payload,
        });
      // The provider call hangs; the process dies in it, after its order was written.
      const heal = await slowDownAt(
        database.db,
        { table: "test_payment_intents", on: "insert" },
        2,
      );
      const lost = send(first.url).catch(() => undefined);
      await passesWithin(async () => {
        expect(await database.db.select().from(orders).where(eq(orders.email, email))).toHaveLength(
          1,
        );
      }, 10_000);
      first.child.kill("SIGKILL");
      await lost;
      await heal();

      try {
        // Within the lease, the retry is told the first is still in flight.
        const early = await send(second.url);
        expect(early.status).toBe(409);
        expect(((await early.json()) as { message: string }).message).toBe(KEY_IN_FLIGHT);
        // Seconds later (15 s lease), it is taken over and finished.
        const answered = await passesWithin(
          async () => {
            const retry = await send(second.url);
            expect(retry.status).toBe(200);
            return ((await retry.json()) as { data: ChargeResult }).data;
          },
          30_000,
          1_000,
        );
        expect(answered.status).toBe("paid");
        const written = await database.db.select().from(orders).where(eq(orders.email, email));
        expect(written.map((order) => order.status)).toEqual(["paid"]);
        expect(
          await database.db
            .select()
            .from(testPaymentIntents)
            .where(eq(testPaymentIntents.orderId, answered.orderId)),
        ).toHaveLength(1);
        expect(await stockLeft(database.db, teeId)).toBe(4);
      } finally {
        second.child.kill("SIGTERM");
      }
    }, 90_000);
  },
);
