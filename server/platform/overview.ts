import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";

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

/** Counts for the back office overview, in one round trip. */
export async function shopOverview(db: Db, now = new Date()): Promise<ShopOverview> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select
      (select count(*)::int from products where status = 'published') as "publishedProducts",
      (select count(*)::int from products where status = 'draft') as "draftProducts",
      (select count(*)::int from brands) as "bands",
      (select count(*)::int from users where role = 'customer' and not is_guest) as "customers",
      (select count(*)::int from users where is_guest) as "guests",
      (select count(*)::int from discounts
        where starts_at <= ${at}::timestamptz and (ends_at is null or ends_at > ${at}::timestamptz)) as "liveDiscounts",
      (select count(*)::int from mail_outbox where status = 'pending') as "mailPending",
      (select count(*)::int from mail_outbox where status = 'failed') as "mailFailed"
  `);
  const [row] = (result as unknown as { rows: ShopOverview[] }).rows;
  if (!row) throw new Error("The overview query returned nothing");
  return row;
}
