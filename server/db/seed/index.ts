import { sql } from "drizzle-orm";
import { installDefaultContent } from "../../content/defaults.ts";
import type { FileStore } from "../../media/storage.ts";
import { claimSetting } from "../../platform/settings.ts";
import type { Db } from "../client.ts";
import { inTransaction } from "../transaction.ts";
import { seedDemoAccounts } from "./accounts.ts";
import { seedDemoBilling } from "./billing.ts";
import { seedDemoCatalog } from "./catalog/index.ts";
import { seedDemoContent } from "./content/index.ts";
import { seedDemoDelivery } from "./delivery.ts";
import { seedDemoDiscounts } from "./discounts.ts";
import { seedDemoOrders } from "./orders.ts";
import { seedDemoSegments } from "./segments.ts";
import { seedDemoVenues } from "./venues.ts";

const SEED_MARK = "demo_seeded_at";

export type Seeder = (db: Db, files: FileStore) => Promise<void>;

// Each area's demo seeder, run in this order inside one transaction.
const seeders: Seeder[] = [
  seedDemoCatalog,
  seedDemoBilling,
  seedDemoDiscounts,
  seedDemoDelivery,
  seedDemoAccounts,
  // After the catalogue, codes, delivery and accounts it buys, counts, sends and belongs to.
  seedDemoOrders,
  seedDemoContent,
  seedDemoSegments,
  seedDemoVenues,
];

/**
 * What every shop needs whether or not it has demo data (the legal pages), installed at each
 * start when missing; nothing already there is changed.
 */
export async function installDefaults(db: Db): Promise<void> {
  await installDefaultContent(db);
}

/**
 * Seeds the deterministic demo shop once per database: the mark and the data are written in one
 * transaction, so a second start (or a second process) seeds nothing and a failure leaves no half.
 * Returns true when this call seeded.
 */
export async function seedDemoData(db: Db, files: FileStore): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    if (!(await claimSetting(tx, SEED_MARK, new Date().toISOString()))) return false;
    for (const seed of seeders) await seed(tx, files);
    // Fresh statistics, so the planner uses the listing indexes from the first request.
    await tx.execute(sql`analyze`);
    return true;
  });
}
