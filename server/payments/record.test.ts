import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { newOrderId, paymentRecords } from "../../tests/support/payments.ts";
import type { Db } from "../db/client.ts";
import type { Payment, PaymentState } from "./provider.ts";
import { recordPayment } from "./record.ts";

describe.each(databaseKinds)("our payment record on %s", (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = database.db;
  });
  afterAll(() => database.drop());

  /** Reports the states in turn for one new payment; answers what the record holds after each. */
  async function report(...states: PaymentState[]) {
    const orderId = await newOrderId(db);
    const payment: Payment = {
      provider: "stripe",
      reference: `pi_record_${orderId}`,
      orderId,
      amount: 3200,
      currency: "gbp",
      state: "requires_action",
    };
    const held: PaymentState[] = [];
    for (const state of states) {
      const declineMessage = state === "declined" ? "Your card was declined." : undefined;
      held.push((await recordPayment(db, { ...payment, state, declineMessage })).state);
    }
    return { held, rows: await paymentRecords(db, orderId) };
  }

  it("keeps one row per payment, moving through the states a retry passes", async () => {
    const { held, rows } = await report("requires_action", "declined", "processing", "succeeded");
    expect(held).toEqual(["requires_action", "declined", "processing", "succeeded"]);
    expect(rows).toEqual([
      {
        provider: "stripe",
        reference: expect.stringMatching(/^pi_record_/),
        amount: 3200,
        currency: "gbp",
        state: "succeeded",
        declineMessage: null,
      },
    ]);
  });

  it("never moves a succeeded payment back", async () => {
    const { held } = await report("succeeded", "processing", "declined", "requires_action");
    expect(held).toEqual(["succeeded", "succeeded", "succeeded", "succeeded"]);
  });

  it("never revives a cancelled payment", async () => {
    const { held } = await report("cancelled", "succeeded", "requires_action");
    expect(held).toEqual(["cancelled", "cancelled", "cancelled"]);
  });

  it("keeps the decline's words while declined, and drops them when it moves on", async () => {
    const declined = await report("declined");
    expect(declined.rows).toMatchObject([{ declineMessage: "Your card was declined." }]);
    const retried = await report("declined", "requires_action");
    expect(retried.rows).toMatchObject([{ state: "requires_action", declineMessage: null }]);
  });
});
