import type { Config } from "../config.ts";
import type { Database } from "../db/client.ts";
import { runSingleton } from "../db/singleton-job.ts";
import { abandonedKeys, forgetOldKeys } from "../idempotency/index.ts";
import type { Logger } from "../logger.ts";
import {
  expiredReservations,
  finishAbandonedRefund,
  pendingOrders,
  retryPendingRefunds,
  syncMemberships,
} from "../orders/index.ts";
import { finishAbandonedCharge, settleOrder } from "./service.ts";

/** Expired reservations are released this often; a minute past 15 is close enough. */
const SWEEP_MS = 60_000;
const RECONCILE_JOB = "checkout:reconcile";

/**
 * security.md #12: settles orders nobody is waiting on. At start, every pending order (a process
 * killed between charging and placing left it so) is brought in line with its provider; then,
 * each minute, reservations past their time are settled (paid if the payment went through
 * meanwhile, otherwise the payment is stopped and the stock goes back), refunds and membership
 * subscriptions the provider has not answered are asked again, keys whose request died holding
 * them are finished, and idempotency keys past their lifetime are forgotten. One process at a
 * time runs it (`runSingleton`); every step is guarded too, so a second run (a lock lost with its
 * connection) changes nothing twice.
 */
export function startOrderReconciler(database: Database, config: Config, logger: Logger) {
  let stopped = false;
  let running: Promise<void> | undefined;

  const settleAll = async (orders: Awaited<ReturnType<typeof pendingOrders>>) => {
    let settled = 0;
    for (const order of orders) {
      if (stopped) return settled;
      try {
        const after = await settleOrder(database.db, config, order);
        if (after.status !== order.status) settled += 1;
      } catch (error) {
        logger.error({ err: error, orderId: order.id }, "order settlement failed");
      }
    }
    return settled;
  };

  /**
   * Keys whose request died holding them (docs/security.md #25): one that wrote nothing is let go;
   * one that wrote its order or refund is finished from its recovery point, as a retry would.
   */
  const finishAbandonedKeys = async () => {
    for (const key of await abandonedKeys(database.db)) {
      if (stopped) return;
      try {
        if (key.recoveryPoint === "refund_written") {
          await finishAbandonedRefund(database.db, config, key);
        } else {
          await finishAbandonedCharge(database.db, config, key);
        }
      } catch (error) {
        logger.error({ err: error, scope: key.scope }, "abandoned idempotency key not finished");
      }
    }
  };

  const run = (orders: () => ReturnType<typeof pendingOrders>) => {
    running ??= (async () => {
      try {
        // Once per tick across every process on the database: the others skip this one.
        await runSingleton(database, RECONCILE_JOB, async () => {
          const settled = await settleAll(await orders());
          if (settled) logger.info({ settled }, "orders settled");
          // The provider calls a crash, an outage or a timeout left undone, with their own keys.
          await retryPendingRefunds(database.db, config, logger);
          await finishAbandonedKeys();
          await syncMemberships(database.db, config, logger);
          await forgetOldKeys(database.db);
        });
      } catch (error) {
        logger.warn({ err: error }, "order reconciliation skipped");
      }
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  void run(() => pendingOrders(database.db));
  const timer = setInterval(
    () => void run(() => expiredReservations(database.db, new Date())),
    SWEEP_MS,
  );
  timer.unref();

  return {
    /** Settles every pending order now (tests, and a restart's first run). */
    reconcileNow: () => run(() => pendingOrders(database.db)),
    /** Settles the reservations that have run out. */
    sweepNow: () => run(() => expiredReservations(database.db, new Date())),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
