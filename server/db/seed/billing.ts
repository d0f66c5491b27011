import { and, asc, eq, sql } from "drizzle-orm";
import { billingModels } from "../../billing/schema.ts";
import { products } from "../../catalog/schema.ts";
import type { Db } from "../client.ts";

// The demo shop's billing models (issue 15, decision 0016): every demo pre-order sold on the
// "Pre-order" model, the first of them released on 14 March 2027. The fan-club models are there
// for staff to assign: the demo catalogue's 300 products are all goods that ship.

/** The release date of the demo's headline pre-order, as the storefront shows it. */
export const DEMO_PRE_ORDER_RELEASE = "2027-03-14";

export async function seedDemoBilling(db: Db): Promise<void> {
  const models = await db
    .insert(billingModels)
    .values([
      { title: "Pre-order", type: "pre_order", period: null },
      { title: "Fan club (monthly)", type: "membership", period: "month" },
      { title: "Fan club (yearly)", type: "membership", period: "year" },
    ])
    .returning({ id: billingModels.id, title: billingModels.title });
  const idOf = (title: string) => models.find((model) => model.title === title)?.id as number;

  // The catalogue's pre-orders are sold on the pre-order model, as the product service keeps them.
  await db
    .update(products)
    .set({ billingModelId: idOf("Pre-order") })
    .where(eq(products.preOrder, true));
  const [headline] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.preOrder, true), eq(products.status, "published")))
    .orderBy(asc(products.id))
    .limit(1);
  if (headline)
    await db
      .update(products)
      .set({
        releaseDate: DEMO_PRE_ORDER_RELEASE,
        seoDescription: sql`regexp_replace(${products.seoDescription}, 'released .*$', 'released 14 March 2027.')`,
      })
      .where(eq(products.id, headline.id));
}
