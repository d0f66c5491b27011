import { catalogCounts } from "../catalog/index.ts";
import { accountCounts } from "../customers/index.ts";
import type { Db } from "../db/client.ts";
import { liveDiscountCount } from "../discounts/index.ts";
import { outboxCounts } from "../mail/index.ts";

/** The back office's first screen: how much of each thing the shop holds right now. */
export type ShopOverview = {
  publishedProducts: number;
  draftProducts: number;
  bands: number;
  customers: number;
  guests: number;
  liveDiscounts: number;
  mailPending: number;
  mailFailed: number;
};

/**
 * Counts for the back office overview, one query per module that owns them (architecture.md §7.3).
 */
export async function shopOverview(db: Db, now = new Date()): Promise<ShopOverview> {
  const [catalog, accounts, liveDiscounts, outbox] = await Promise.all([
    catalogCounts(db),
    accountCounts(db),
    liveDiscountCount(db, now),
    outboxCounts(db),
  ]);
  return {
    ...catalog,
    ...accounts,
    liveDiscounts,
    mailPending: outbox.pending,
    mailFailed: outbox.failed,
  };
}
