import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { formatPrice } from "../../../common/money.ts";
import type { RefundableOrder, RefundResult } from "../../../common/refunds.ts";
import { isRefusal, type Refusal, refuse } from "../../../common/refusal.ts";
import type { Actor } from "../../audit/index.ts";
import { returnStock } from "../../catalog/index.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { inTransaction, inTransactionOrRefuse } from "../../db/transaction.ts";
import type { AuditTrail } from "../../http/command.ts";
import { notifyShopChanged } from "../../http/response-cache.ts";
import {
  type AbandonedKey,
  finishAbandonedKey,
  type HeldKey,
  type KeyProgress,
  NO_KEY,
} from "../../idempotency/index.ts";
import type { Logger } from "../../logger.ts";
import { queueMail } from "../../mail/index.ts";
import type {
  Payment,
  PaymentProvider,
  ProviderRefund,
  WebhookListeners,
} from "../../payments/index.ts";
import { paymentProviderFor, RefundRefusedError } from "../../payments/index.ts";
import { recordOrderEvent } from "../events.ts";
import { cancelMembershipsOfLines, sendCancellationsOf } from "../memberships/memberships.ts";
import { cancelPendingOrder, lockOrder } from "../placement/service.ts";
import { moveOrder } from "../placement/status.ts";
import {
  type OrderLineRow,
  type OrderRow,
  orderLines,
  orderRefundLines,
  orderRefunds,
  orders,
  type RefundKind,
  type RefundRestock,
} from "../schema.ts";
import { deliveryPaid, unitsPaid } from "./refund-amounts.ts";
import { orderRefundMail } from "./refund-mail.ts";
import type { CancelInput, RefundInput } from "./refund-validators.ts";
import { refundView } from "./refund-views.ts";

const NO_SUCH_ORDER = "No such order.";

/** What a refund gives back, line by line, as planned under the order's lock. */
type PlannedLine = {
  line: OrderLineRow;
  quantity: number;
  restock: number;
  amount: number;
  vat: number;
};
type Plan = {
  lines: PlannedLine[];
  delivery: number;
  deliveryVat: number;
  amount: number;
  vat: number;
};

type RefundRow = typeof orderRefunds.$inferSelect;

const orderLinesOf = (db: Db, orderId: number) =>
  db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));

/** Whether a refund already took the delivery charge (a pending one counts: its guard is up). */
async function deliveryTaken(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orderRefunds.id })
    .from(orderRefunds)
    .where(
      and(
        eq(orderRefunds.orderId, orderId),
        inArray(orderRefunds.state, ["pending", "succeeded"]),
        sql`${orderRefunds.delivery} > 0`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

async function succeededTotal(db: Db, orderId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${orderRefunds.amount}), 0)::int` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, orderId), eq(orderRefunds.state, "succeeded")));
  return row?.total ?? 0;
}

const unitsLeft = (line: OrderLineRow) => line.quantity - line.refundedQuantity;

/**
 * The refund `input` asks for, its money from the stored figures: a line it does not name is a
 * 422, more units than are left a 409. `full` takes every unit left and the delivery if it is
 * still there.
 */
async function planRefund(
  tx: Db,
  order: OrderRow,
  lines: OrderLineRow[],
  input: Pick<RefundInput, "lines" | "full" | "delivery" | "restock">,
): Promise<Plan | Refusal> {
  const asked = input.full
    ? lines
        .filter((line) => unitsLeft(line) > 0)
        .map((line) => ({ lineId: line.id, quantity: unitsLeft(line) }))
    : input.lines;
  const planned: PlannedLine[] = [];
  for (const [index, wanted] of asked.entries()) {
    const line = lines.find((candidate) => candidate.id === wanted.lineId);
    if (!line) return refuse("invalid", "This order has no such line.", `lines.${index}.lineId`);
    if (wanted.quantity > unitsLeft(line)) {
      return refuse(
        "conflict",
        unitsLeft(line) === 0
          ? `${line.title} has been refunded in full already.`
          : `Only ${unitsLeft(line)} of ${line.title} can still be refunded.`,
        `lines.${index}.quantity`,
      );
    }
    const money = unitsPaid(order, line, wanted.quantity);
    planned.push({
      line,
      quantity: wanted.quantity,
      restock: input.restock ? wanted.quantity : 0,
      ...money,
    });
  }
  const taken = await deliveryTaken(tx, order.id);
  const wantsDelivery = input.full ? !taken && order.delivery > 0 : input.delivery;
  if (wantsDelivery && taken) {
    return refuse("conflict", "The delivery charge has been refunded already.", "delivery");
  }
  const delivery = wantsDelivery ? deliveryPaid(order, lines) : { amount: 0, vat: 0 };
  const amount = planned.reduce((sum, line) => sum + line.amount, delivery.amount);
  const vat = planned.reduce((sum, line) => sum + line.vat, delivery.vat);
  if (amount <= 0) {
    return refuse(
      "conflict",
      "Nothing is left to refund on this order.",
      input.full ? undefined : "lines",
    );
  }
  return { lines: planned, delivery: delivery.amount, deliveryVat: delivery.vat, amount, vat };
}

const describeUnits = (plan: Pick<Plan, "lines" | "delivery">) =>
  [
    ...plan.lines.map((planned) => `${planned.quantity} × ${planned.line.title}`),
    ...(plan.delivery > 0 ? ["delivery"] : []),
  ].join(", ");

/** Why an order cannot be refunded now, or undefined when it can. */
function refundRefusal(order: OrderRow): Refusal | undefined {
  switch (order.status) {
    case "paid":
    case "dispatched":
      return order.refundedTotal >= order.total
        ? refuse("conflict", "This order has been refunded in full already.")
        : undefined;
    case "pending_payment":
      return refuse("conflict", "This order has not been paid: cancel it instead.");
    case "cancelled":
      return refuse("conflict", "This order is cancelled: there is nothing to refund.");
    case "refunded":
      return refuse("conflict", "This order has been refunded in full already.");
  }
}

type Started = { refund: RefundRow; plan: Plan; order: OrderRow };
/** What the sweeper needs to send or settle a refund later, as its row keeps it. */
type RefundRecord = {
  kind: RefundKind;
  idempotencyKey: string;
  paymentReference: string;
  restock: RefundRestock;
};

/**
 * Transaction 1: the guards go up (`refundedTotal`, each line's `refundedQuantity`, by guarded
 * UPDATEs that can never pass what was paid), the refund is written `pending` with its lines,
 * and the timeline and audit log say so. The order is locked, so refunds of one order take turns.
 */
async function startRefund(
  tx: Db,
  order: OrderRow,
  plan: Plan,
  meta: {
    reason: string;
    restock: boolean;
    /** The staff member's trail; none for the shop's own refunds (a late payment). */
    audit?: AuditTrail;
    kind: RefundKind;
    /** A late payment's own key; otherwise the refund's. */
    idempotencyKey?: string;
    paymentReference: string;
    /** The units going back to stock, when not the plan's (a cancel returns every unit). */
    restockLines?: PlannedLine[];
  },
): Promise<Started | Refusal> {
  const [raised] = await tx
    .update(orders)
    .set({ refundedTotal: sql`${orders.refundedTotal} + ${plan.amount}`, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, order.id),
        sql`${orders.refundedTotal} + ${plan.amount} <= ${orders.total}`,
      ),
    )
    .returning();
  if (!raised) return refuse("conflict", "That is more than is left to refund on this order.");
  for (const planned of plan.lines) {
    const [line] = await tx
      .update(orderLines)
      .set({
        refundedQuantity: sql`${orderLines.refundedQuantity} + ${planned.quantity}`,
        restockedQuantity: sql`${orderLines.restockedQuantity} + ${planned.restock}`,
      })
      .where(
        and(
          eq(orderLines.id, planned.line.id),
          sql`${orderLines.refundedQuantity} + ${planned.quantity} <= ${orderLines.quantity}`,
        ),
      )
      .returning({ id: orderLines.id });
    if (!line)
      return refuse(
        "conflict",
        `Only ${unitsLeft(planned.line)} of ${planned.line.title} can still be refunded.`,
      );
  }
  const [refund] = await tx
    .insert(orderRefunds)
    .values({
      orderId: order.id,
      amount: plan.amount,
      vat: plan.vat,
      delivery: plan.delivery,
      reason: meta.reason,
      restocked: plan.lines.some((line) => line.restock > 0),
      kind: meta.kind,
      idempotencyKey: meta.idempotencyKey ?? null,
      paymentReference: meta.paymentReference,
      restock: (meta.restockLines ?? plan.lines)
        .filter((planned) => planned.restock > 0)
        .map((planned) => ({ orderLineId: planned.line.id, quantity: planned.restock })),
      actorId: meta.audit?.actor.id ?? null,
    })
    .returning();
  if (!refund) throw new Error("The refund was not written");
  if (plan.lines.length > 0) {
    await tx.insert(orderRefundLines).values(
      plan.lines.map((planned) => ({
        refundId: refund.id,
        orderLineId: planned.line.id,
        quantity: planned.quantity,
        amount: planned.amount,
        vat: planned.vat,
      })),
    );
  }
  const what = describeUnits(plan);
  const lead =
    meta.kind === "late"
      ? `Paid after it was cancelled: refunding ${formatPrice(plan.amount)} in full`
      : meta.kind === "cancel"
        ? `Cancelled: refunding ${formatPrice(plan.amount)} in full`
        : `Refunding ${formatPrice(plan.amount)}`;
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: "refunded",
    message: `${lead} (${what})${meta.reason ? `: ${meta.reason}` : ""}`,
    detail: {
      amount: plan.amount,
      vat: plan.vat,
      delivery: plan.delivery,
      refundId: refund.id,
    },
    actor: meta.audit?.actor,
  });
  if (meta.audit) {
    await meta.audit.record(tx, {
      action: "update",
      resource: "orders",
      resourceId: order.id,
      label: order.number,
      before: { refundedTotal: order.refundedTotal },
      after: {
        refundedTotal: raised.refundedTotal,
        refund: {
          id: refund.id,
          amount: plan.amount,
          vat: plan.vat,
          lines: what,
          reason: meta.reason,
          restock: meta.restock,
        },
      },
    });
  }
  return { refund, plan, order: raised };
}

/** Transaction 2 after a provider's "no": the guards come down, the timeline says why. */
async function failRefund(db: Db, started: Started, message: string, actor?: Actor) {
  await inTransaction(db, async (tx) => {
    const [failed] = await tx
      .update(orderRefunds)
      .set({ state: "failed", failureMessage: message, updatedAt: new Date() })
      .where(and(eq(orderRefunds.id, started.refund.id), eq(orderRefunds.state, "pending")))
      .returning({ id: orderRefunds.id });
    if (!failed) return;
    await tx
      .update(orders)
      .set({
        refundedTotal: sql`${orders.refundedTotal} - ${started.plan.amount}`,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, started.order.id));
    for (const planned of started.plan.lines) {
      await tx
        .update(orderLines)
        .set({
          refundedQuantity: sql`${orderLines.refundedQuantity} - ${planned.quantity}`,
          restockedQuantity: sql`${orderLines.restockedQuantity} - ${planned.restock}`,
        })
        .where(eq(orderLines.id, planned.line.id));
    }
    await recordOrderEvent(tx, {
      orderId: started.order.id,
      type: "refund_failed",
      message: `The refund of ${formatPrice(started.plan.amount)} failed: ${message}`,
      detail: { refundId: started.refund.id },
      actor,
    });
  });
}

/**
 * Transaction 2 after the provider's yes: the refund has succeeded; units that came back return
 * to stock; the order moves on (`refunded` once all is given back, `cancelled` for a cancel);
 * the shopper's email is queued.
 */
async function finishRefund(
  db: Db,
  config: Config,
  started: Started,
  providerReference: string,
  kind: RefundKind,
  actor?: Actor,
) {
  const restock = started.plan.lines.filter((planned) => planned.restock > 0);
  const finished = await inTransaction(db, async (tx) => {
    const order = await lockOrder(tx, started.order.id);
    if (!order) throw new Error(`Order ${started.order.id} vanished`);
    // Settled once: the sweeper and a webhook may both hear the provider's yes.
    const [settled] = await tx
      .update(orderRefunds)
      .set({ state: "succeeded", providerReference, updatedAt: new Date() })
      .where(and(eq(orderRefunds.id, started.refund.id), eq(orderRefunds.state, "pending")))
      .returning({ id: orderRefunds.id });
    if (!settled) return false;
    if (restock.length > 0) {
      await returnStock(
        tx,
        restock.flatMap((planned) =>
          planned.line.variantId
            ? [{ variantId: planned.line.variantId, quantity: planned.restock }]
            : [],
        ),
      );
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: "restocked",
        message: `Back in stock: ${restock.map((planned) => `${planned.restock} × ${planned.line.title}`).join(", ")}`,
        actor,
      });
    }
    if (kind === "cancel" && order.status === "paid") {
      await moveOrder(tx, order.id, "paid", "cancelled", {
        stockState: "released",
        cancelReason: "We cancelled this order and refunded your payment in full.",
      });
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: "cancelled",
        message: "Cancelled by staff",
        actor,
      });
    } else if (
      (order.status === "paid" || order.status === "dispatched") &&
      (await succeededTotal(tx, order.id)) >= order.total
    ) {
      // Given back in full, and not merely promised: another refund may still be pending.
      await moveOrder(tx, order.id, order.status, "refunded");
    }
    await queueMail(
      tx,
      orderRefundMail(
        {
          order,
          lines: started.plan.lines.filter((planned) => planned.quantity > 0),
          amount: started.plan.amount,
          delivery: started.plan.delivery,
        },
        // No link: a guest's order opens only with its token, which the confirmation email has.
        { supportEmail: config.supportEmail, late: kind === "late" },
      ),
    );
    const membershipLines = started.plan.lines.filter(
      (planned) => planned.quantity > 0 && planned.line.billingModelType === "membership",
    );
    await cancelMembershipsOfLines(
      tx,
      order.id,
      membershipLines.map((planned) => planned.line.id),
    );
    return true;
  });
  if (finished && restock.length > 0) await notifyShopChanged(db);
}

/**
 * Settles a refund from the provider's answer: given back (`finishRefund`); pending, with the
 * provider's reference kept so its webhook or the sweeper settles it; refused (`failRefund`,
 * answered as a 409 in the provider's words).
 */
async function settleRefund(
  db: Db,
  config: Config,
  started: Started,
  answer: () => Promise<ProviderRefund>,
  kind: RefundKind,
  actor?: Actor,
): Promise<undefined | Refusal> {
  let given: ProviderRefund;
  try {
    given = await answer();
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) throw error;
    await failRefund(db, started, error.message, actor);
    return refuse("conflict", `The payment provider refused the refund: ${error.message}`);
  }
  if (given.state === "succeeded") {
    await finishRefund(db, config, started, given.reference, kind, actor);
  } else {
    await db
      .update(orderRefunds)
      .set({ providerReference: given.reference, updatedAt: new Date() })
      .where(and(eq(orderRefunds.id, started.refund.id), eq(orderRefunds.state, "pending")));
  }
  return undefined;
}

/**
 * Gives the money back through the order's provider, outside any transaction, with the refund's
 * own key (so a retry never gives twice), then settles the refund. A provider that could not be
 * asked (no answer, a 5xx) leaves the refund pending, its guards up: the sweeper asks again
 * with the same key until the provider answers.
 */
async function sendRefund(
  db: Db,
  config: Config,
  provider: PaymentProvider,
  started: Started,
  options: { kind: RefundKind; idempotencyKey: string; actor?: Actor },
): Promise<undefined | Refusal> {
  const ask = () =>
    provider.refund(db, {
      reference: started.order.paymentReference ?? "",
      amount: started.plan.amount,
      idempotencyKey: options.idempotencyKey,
    });
  // Not asked, or its answer not written: the refund stays pending, shown as waiting for the
  // provider, and the sweeper asks again (and logs what stops it).
  const settled = await settleRefund(db, config, started, ask, options.kind, options.actor).catch(
    () => undefined,
  );
  await sendCancellationsOf(db, config, started.order.id);
  return settled;
}

async function resultOf(
  db: Db,
  orderId: number,
  refundId: number | undefined,
): Promise<RefundResult> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} vanished`);
  const [refund] = refundId
    ? await db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId))
    : [];
  return {
    refund: refund ? await refundView(db, refund) : null,
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      total: order.total,
      refundedTotal: order.refundedTotal,
    },
  };
}

function providerOf(config: Config, order: OrderRow): PaymentProvider | Refusal {
  const provider = paymentProviderFor(config, order.paymentProvider as Payment["provider"]);
  if (!provider || !order.paymentReference) {
    return refuse(
      "conflict",
      "This order's payment provider is not enabled in this shop, so it cannot be refunded here.",
    );
  }
  return provider;
}

const refundKey = (refund: RefundRow) => `encore-refund-${refund.id}`;
const latePaymentKey = (paymentReference: string) => `encore-late-payment-${paymentReference}`;

/**
 * POST /api/staff/orders/refund/{id}: gives back units of lines and, if asked, the delivery
 * charge, through the order's payment provider; the amount and its VAT come from the stored
 * figures. Only a paid or dispatched order, never more than was paid (409); the goods that came
 * back return to stock once the provider has said yes.
 */
export async function refundOrder(
  db: Db,
  config: Config,
  orderId: number,
  input: RefundInput,
  audit: AuditTrail,
  key: HeldKey = NO_KEY,
): Promise<RefundResult | Refusal> {
  const { actor } = audit;
  const resumed = await resumeKeyedRefund(db, config, key);
  if (resumed) return resumed;
  const started = await key.write(db, "refund_written", async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || order.archivedAt) return refuse("not-found", NO_SUCH_ORDER);
    const refused = refundRefusal(order);
    if (refused) return refused;
    const provider = providerOf(config, order);
    if (isRefusal(provider)) return provider;
    const plan = await planRefund(tx, order, await orderLinesOf(tx, order.id), input);
    if (isRefusal(plan)) return plan;
    const begun = await startRefund(tx, order, plan, {
      reason: input.reason,
      restock: input.restock,
      audit,
      kind: "refund",
      paymentReference: order.paymentReference ?? "",
    });
    // The request's key is bound to the refund with it: a retry sends this refund, never another.
    return isRefusal(begun)
      ? begun
      : { resourceId: begun.refund.id, value: { ...begun, provider } };
  });
  if (isRefusal(started)) return started;
  const sent = await sendRefund(db, config, started.provider, started, {
    kind: "refund",
    idempotencyKey: refundKey(started.refund),
    actor,
  });
  return sent ?? resultOf(db, orderId, started.refund.id);
}

/**
 * POST /api/staff/orders/refund/preview/{id}: what `refundOrder` would give back for `input`,
 * worked out the same way, and nothing written.
 */
export async function previewRefund(db: Db, orderId: number, input: RefundInput) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.archivedAt) return refuse("not-found", NO_SUCH_ORDER);
  const refused = refundRefusal(order);
  if (refused) return refused;
  const plan = await planRefund(db, order, await orderLinesOf(db, order.id), input);
  if (isRefusal(plan)) return plan;
  return {
    amount: plan.amount,
    vat: plan.vat,
    delivery: plan.delivery,
    lines: plan.lines.map((planned) => ({
      orderLineId: planned.line.id,
      title: planned.line.title,
      quantity: planned.quantity,
      amount: planned.amount,
      vat: planned.vat,
    })),
  };
}

/**
 * POST /api/staff/orders/cancel/{id}: an unpaid order is cancelled and its reservation released;
 * a paid one not yet dispatched is refunded in full, its stock returned (the goods never left),
 * and cancelled. A dispatched one is a 409: refund it instead.
 */
export async function cancelOrder(
  db: Db,
  config: Config,
  orderId: number,
  input: CancelInput,
  audit: AuditTrail,
  key: HeldKey = NO_KEY,
): Promise<RefundResult | Refusal> {
  const { actor } = audit;
  const resumed = await resumeKeyedRefund(db, config, key);
  if (resumed) return resumed;
  const started = await key.write<{ unpaid: true } | (Started & { provider: PaymentProvider })>(
    db,
    "refund_written",
    async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order || order.archivedAt) return refuse("not-found", NO_SUCH_ORDER);
      if (order.status === "dispatched") {
        return refuse(
          "conflict",
          "This order has been dispatched, so it cannot be cancelled: refund it instead.",
        );
      }
      if (order.status === "cancelled" || order.status === "refunded") {
        return refuse("conflict", `This order is ${order.status} already.`);
      }
      if (order.status === "pending_payment") {
        await cancelPendingOrder(
          tx,
          order.id,
          "We cancelled this order before it was paid. Your card was not charged.",
        );
        await recordOrderEvent(tx, {
          orderId: order.id,
          type: "cancelled",
          message: `Cancelled by staff before payment${input.reason ? `: ${input.reason}` : ""}`,
          actor,
        });
        await audit.record(tx, {
          action: "update",
          resource: "orders",
          resourceId: order.id,
          label: order.number,
          before: { status: order.status },
          after: { status: "cancelled", reason: input.reason },
        });
        // Nothing left the shop and nothing is asked of the provider: a retry is told it is done.
        return { value: { unpaid: true as const } };
      }
      const provider = providerOf(config, order);
      if (isRefusal(provider)) return provider;
      const lines = await orderLinesOf(tx, order.id);
      const plan = await planRefund(tx, order, lines, {
        lines: [],
        full: true,
        delivery: false,
        restock: false,
      });
      if (isRefusal(plan)) return plan;
      // The goods never left: every unit not yet back in stock goes back, refunded before or now.
      const everyLine = lines.map((line) => {
        const planned = plan.lines.find((candidate) => candidate.line.id === line.id);
        const restock = line.quantity - line.restockedQuantity;
        return { line, quantity: 0, amount: 0, vat: 0, ...planned, restock };
      });
      const begun = await startRefund(tx, order, plan, {
        reason: input.reason,
        restock: true,
        audit,
        kind: "cancel",
        paymentReference: order.paymentReference ?? "",
        restockLines: everyLine,
      });
      if (isRefusal(begun)) return begun;
      await tx
        .update(orderLines)
        .set({ restockedQuantity: orderLines.quantity })
        .where(eq(orderLines.orderId, order.id));
      return {
        resourceId: begun.refund.id,
        value: { ...begun, plan: { ...begun.plan, lines: everyLine }, provider },
      };
    },
  );
  if (isRefusal(started)) return started;
  if ("unpaid" in started) {
    await notifyShopChanged(db);
    return resultOf(db, orderId, undefined);
  }
  const sent = await sendRefund(db, config, started.provider, started, {
    kind: "cancel",
    idempotencyKey: refundKey(started.refund),
    actor,
  });
  return sent ?? resultOf(db, orderId, started.refund.id);
}

/**
 * Issue 13's loose end: a payment that succeeded after its order was cancelled (the reservation
 * ran out and the stock went back) is refunded in full, at once. Its key is the payment's, not
 * the refund's: this may run inside a webhook's transaction, and a redelivery after a rollback
 * must find the same refund at the provider. Runs once per order: a second report finds the
 * money given back.
 */
export async function refundLatePayment(db: Db, config: Config, payment: Payment): Promise<void> {
  const provider = paymentProviderFor(config, payment.provider);
  if (!provider) return;
  const started = await inTransactionOrRefuse(db, async (tx) => {
    const order = await lockOrder(tx, payment.orderId);
    if (order?.status !== "cancelled" || order.refundedTotal > 0) {
      return refuse("conflict", "Nothing to refund");
    }
    if (payment.state !== "succeeded" || payment.amount !== order.total) {
      return refuse("conflict", "Not this order's payment");
    }
    const lines = await orderLinesOf(tx, order.id);
    const plan = await planRefund(tx, order, lines, {
      lines: [],
      full: true,
      delivery: false,
      // Its stock went back when it was cancelled.
      restock: false,
    });
    if (isRefusal(plan)) return plan;
    const begun = await startRefund(tx, order, plan, {
      reason: "The payment arrived after the order was cancelled.",
      restock: false,
      kind: "late",
      idempotencyKey: latePaymentKey(payment.reference),
      paymentReference: payment.reference,
    });
    return isRefusal(begun)
      ? begun
      : { ...begun, order: { ...begun.order, paymentReference: payment.reference } };
  });
  if (isRefusal(started)) return;
  await sendRefund(db, config, provider, started, {
    kind: "late",
    idempotencyKey: latePaymentKey(payment.reference),
  });
}

/**
 * A staff refund or cancel whose first attempt wrote its refund (docs/security.md #25): the retry
 * carries on with that refund (sent again with the refund's own provider key if it is still
 * pending) and answers as it stands; it never starts a second one. Undefined for a key that wrote
 * nothing yet.
 */
async function resumeKeyedRefund(
  db: Db,
  config: Config,
  key: HeldKey,
): Promise<RefundResult | Refusal | undefined> {
  if (key.recoveryPoint !== "refund_written" || key.resourceId === null) return undefined;
  return refundAsItStands(db, config, key.resourceId, true);
}

/**
 * A refund's answer as it stands: still pending (asked of its provider again when `send`), given
 * back, or refused by the provider (the 409 the first attempt answered).
 */
async function refundAsItStands(
  db: Db,
  config: Config,
  refundId: number,
  send: boolean,
): Promise<RefundResult | Refusal> {
  const [refund] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (!refund) throw new Error(`Refund ${refundId} of an idempotency key is missing`);
  if (send && refund.state === "pending") {
    const resumed = await startedRefund(db, refund);
    const provider = resumed && providerOf(config, resumed.started.order);
    if (resumed && provider && !isRefusal(provider)) {
      const { started, record } = resumed;
      const ask = () =>
        refund.providerReference
          ? provider.retrieveRefund(db, refund.providerReference)
          : provider.refund(db, {
              reference: record.paymentReference,
              amount: refund.amount,
              idempotencyKey: record.idempotencyKey,
            });
      // Not answered: still pending, as the first attempt would have said; the sweeper goes on.
      await settleRefund(db, config, started, ask, record.kind).catch(() => undefined);
    }
  }
  const [now] = await db.select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
  if (now?.state === "failed") {
    return refuse(
      "conflict",
      `The payment provider refused the refund: ${now.failureMessage ?? "no reason given"}`,
    );
  }
  return resultOf(db, refund.orderId, refundId);
}

/**
 * A refund or cancel that has written its refund but not heard from the provider as its request's
 * time runs out: answered with the refund pending, as when the provider leaves it so (the sweeper
 * or its webhook settles it, and the same key then answers how it ended).
 */
export async function refundStartedSoFar(
  db: Db,
  config: Config,
  progress: KeyProgress,
): Promise<RefundResult | Refusal> {
  if (progress.resourceId === null) throw new Error("An early refund answer has its refund");
  return refundAsItStands(db, config, progress.resourceId, false);
}

/**
 * The reconciler's end of a refund or cancel whose request died after writing its refund: the key
 * is finished with the refund as it stands (the sweeper has just asked the provider about any
 * still pending), or let go when it wrote nothing.
 */
export async function finishAbandonedRefund(db: Db, config: Config, key: AbandonedKey) {
  if (key.recoveryPoint !== "refund_written" || key.resourceId === null) {
    return finishAbandonedKey(db, key, undefined);
  }
  await finishAbandonedKey(db, key, await refundAsItStands(db, config, key.resourceId, false));
}

/** A pending refund as it was started, rebuilt from its rows. */
async function startedRefund(
  db: Db,
  refund: RefundRow,
): Promise<{ started: Started; record: RefundRecord } | undefined> {
  // Started before refunds kept what resuming needs: staff settle it by hand.
  if (!refund.kind || !refund.paymentReference) return undefined;
  const record: RefundRecord = {
    kind: refund.kind,
    idempotencyKey: refund.idempotencyKey ?? refundKey(refund),
    paymentReference: refund.paymentReference,
    restock: refund.restock ?? [],
  };
  const [order] = await db.select().from(orders).where(eq(orders.id, refund.orderId));
  if (!order) return undefined;
  const refunded = await db
    .select()
    .from(orderRefundLines)
    .where(eq(orderRefundLines.refundId, refund.id));
  const lines = (await orderLinesOf(db, order.id)).flatMap((line) => {
    const given = refunded.find((candidate) => candidate.orderLineId === line.id);
    const restock =
      record.restock.find((candidate) => candidate.orderLineId === line.id)?.quantity ?? 0;
    if (!given && restock === 0) return [];
    return [
      {
        line,
        quantity: given?.quantity ?? 0,
        amount: given?.amount ?? 0,
        vat: given?.vat ?? 0,
        restock,
      },
    ];
  });
  const linesVat = lines.reduce((sum, line) => sum + line.vat, 0);
  const plan: Plan = {
    lines,
    delivery: refund.delivery,
    deliveryVat: refund.vat - linesVat,
    amount: refund.amount,
    vat: refund.vat,
  };
  return {
    started: { refund, plan, order: { ...order, paymentReference: record.paymentReference } },
    record,
  };
}

/**
 * The webhook's refund listener: a refund the provider had left pending, settled by its
 * reference (given back, or failed and its amount back on the order), once: a replay or a late
 * report finds it settled. False when the shop holds no refund under that reference.
 */
export function settleRefundFromProvider(config: Config): WebhookListeners["refund"] {
  return async (tx, settlement) => {
    const [refund] = await tx
      .select()
      .from(orderRefunds)
      .where(eq(orderRefunds.providerReference, settlement.reference));
    if (!refund) return false;
    if (refund.state !== "pending") return true;
    const resumed = await startedRefund(tx, refund);
    if (!resumed) return true;
    const answer = async (): Promise<ProviderRefund> => {
      if (settlement.state === "failed") {
        throw new RefundRefusedError(settlement.failureMessage ?? "The refund failed.");
      }
      return { reference: settlement.reference, amount: refund.amount, state: "succeeded" };
    };
    await settleRefund(tx, config, resumed.started, answer, resumed.record.kind);
    return true;
  };
}

/**
 * The sweeper's step for refunds still pending: one the provider never answered is asked again
 * with its own key (the provider answers the first refund if it made one: never twice); one it
 * left pending is looked up. Each that fails is logged and tried next time.
 */
export async function retryPendingRefunds(db: Db, config: Config, logger: Logger): Promise<void> {
  const pending = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.state, "pending"))
    .orderBy(asc(orderRefunds.id))
    .limit(100);
  for (const refund of pending) {
    const resumed = await startedRefund(db, refund);
    if (!resumed) continue;
    const { started, record } = resumed;
    const provider = providerOf(config, started.order);
    if (isRefusal(provider)) continue;
    const ask = () =>
      refund.providerReference
        ? provider.retrieveRefund(db, refund.providerReference)
        : provider.refund(db, {
            reference: record.paymentReference,
            amount: refund.amount,
            idempotencyKey: record.idempotencyKey,
          });
    await settleRefund(db, config, started, ask, record.kind).catch((error: unknown) =>
      logger.warn({ err: error, orderId: refund.orderId }, "refund still waiting for the provider"),
    );
  }
}

/** GET /api/staff/orders/refund/{id}: the order as its refund screen shows it. */
export async function refundableOrder(
  db: Db,
  orderId: number,
): Promise<RefundableOrder | undefined> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order || order.archivedAt) return undefined;
  const lines = await orderLinesOf(db, order.id);
  const refunds = await db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, order.id))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    email: order.email,
    paymentProvider: order.paymentProvider,
    total: order.total,
    refundedTotal: order.refundedTotal,
    delivery: order.delivery,
    deliveryRefunded: await deliveryTaken(db, order.id),
    lines: lines.map((line) => ({
      id: line.id,
      title: line.title,
      band: line.band,
      attributes: line.attributes,
      quantity: line.quantity,
      refundedQuantity: line.refundedQuantity,
      restockedQuantity: line.restockedQuantity,
      lineTotal: line.lineTotal,
      discount: line.discount,
      vat: line.vat,
    })),
    refunds: await Promise.all(refunds.map((refund) => refundView(db, refund))),
    canRefund: refundRefusal(order) === undefined,
    canCancel: order.status === "pending_payment" || order.status === "paid",
  };
}
