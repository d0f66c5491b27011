import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { BillingModelType, BillingPeriod } from "../../common/billing.ts";
import type { BillingModelEdit } from "../../common/billing-admin.ts";
import type { BillingTerms } from "../../common/billing-notes.ts";
import { londonDay } from "../../common/london-days.ts";
import type { Refusal } from "../../common/refusal.ts";
import { refuse } from "../../common/refusal.ts";
import type { Db } from "../db/client.ts";
import { containing, orderings } from "../db/staff-lists.ts";
import { billingModels } from "./schema.ts";
import type { StaffBillingModelListQuery } from "./validators.ts";

// Billing models (issue 15, decision 0016): how a product is paid for and sent. Other modules
// read them here: the catalogue when staff assign one to a product, the storefront and checkout
// when they say how a product is sold.

/** A billing model as other modules need it. */
export type BillingModel = {
  id: number;
  title: string;
  type: BillingModelType;
  period: BillingPeriod | null;
};

const COLUMNS = {
  id: billingModels.id,
  title: billingModels.title,
  type: billingModels.type,
  period: billingModels.period,
};

/** The billing model `id`, or undefined when there is none. */
export async function billingModelOf(db: Db, id: number): Promise<BillingModel | undefined> {
  const [row] = await db.select(COLUMNS).from(billingModels).where(eq(billingModels.id, id));
  return row;
}

/** The billing models of `ids`, by id (for the storefront's product and basket views). */
export async function billingModelsByIds(
  db: Db,
  ids: number[],
): Promise<Map<number, BillingModel>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select(COLUMNS)
    .from(billingModels)
    .where(inArray(billingModels.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Every billing model, A to Z: the product form's choices. */
export function allBillingModels(db: Db): Promise<BillingModel[]> {
  return db
    .select(COLUMNS)
    .from(billingModels)
    .orderBy(asc(sql`lower(${billingModels.title})`), asc(billingModels.id));
}

/**
 * How each product is sold, for the storefront, the basket and checkout: a membership with its
 * period, a pre-order with its release date while that is still to come, or null for a one-off
 * sale (a pre-order released already ships at once, so it is sold as one).
 */
export async function billingTermsOf<
  T extends { billingModelId: number | null; releaseDate: string | null },
>(db: Db, rows: T[], now = new Date()): Promise<Array<BillingTerms | null>> {
  const models = await billingModelsByIds(
    db,
    rows.flatMap((row) => (row.billingModelId === null ? [] : [row.billingModelId])),
  );
  // A pre-order released by today (in London) ships like anything else.
  const today = londonDay(now);
  return rows.map((row) => {
    const model = row.billingModelId === null ? undefined : models.get(row.billingModelId);
    if (model?.type === "membership")
      return { type: "membership", period: model.period, shipsFrom: null };
    if (model?.type === "pre_order" && row.releaseDate && row.releaseDate > today)
      return { type: "pre_order", period: null, shipsFrom: row.releaseDate };
    return null;
  });
}

/**
 * A product's billing model, checked for the product's form: the model must exist, and a
 * pre-order needs the product's release date (it ships from then).
 */
export async function billingModelRefusal(
  db: Db,
  product: { billingModelId: number | null; releaseDate: string | null },
): Promise<{ model: BillingModel | null } | Refusal> {
  if (product.billingModelId === null) return { model: null };
  const model = await billingModelOf(db, product.billingModelId);
  if (!model) return refuse("invalid", "Choose a billing model that exists.", "billingModelId");
  if (model.type === "pre_order" && !product.releaseDate)
    return refuse(
      "invalid",
      "A pre-order needs its release date: it ships from then.",
      "releaseDate",
    );
  return { model };
}

// The staff resource's reads (its writes are in admin.ts, with the catalogue's usage check).

export const BILLING_MODEL_ORDER = orderings(
  {
    title: sql`lower(${billingModels.title})`,
    type: { by: billingModels.type, ties: [sql`lower(${billingModels.title})`] },
    updated: billingModels.updatedAt,
  },
  billingModels.id,
) satisfies Record<StaffBillingModelListQuery["sort"], unknown>;

export function billingModelFilter(query: StaffBillingModelListQuery): SQL | undefined {
  return and(
    containing(query.q, billingModels.title),
    query.type ? eq(billingModels.type, query.type) : undefined,
  );
}

/** One billing model as its form shows it. */
export async function billingModelEdit(db: Db, id: number): Promise<BillingModelEdit | undefined> {
  const [row] = await db
    .select({ ...COLUMNS, updatedAt: billingModels.updatedAt })
    .from(billingModels)
    .where(eq(billingModels.id, id));
  return row && { ...row, updatedAt: row.updatedAt.toISOString() };
}
