import { and, asc, eq, sql } from "drizzle-orm";
import { billingModels } from "../../billing/schema.ts";
import { brands, products } from "../../catalog/schema.ts";
import { createProducts } from "../../catalog/service/writes.ts";
import type { Db } from "../client.ts";

// The demo shop's billing models (issue 15, decision 0016): every demo pre-order sold on the
// "Pre-order" model, the first of them released on 14 March 2027, and a fan-club membership.

/** The release date of the demo's headline pre-order, as the storefront shows it. */
export const DEMO_PRE_ORDER_RELEASE = "2027-03-14";
/** The demo's fan-club membership product. */
export const DEMO_MEMBERSHIP_SLUG = "static-gulls-fan-club-membership";

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

  const [band] = await db
    .select({ id: brands.id, createdAt: brands.createdAt })
    .from(brands)
    .where(eq(brands.slug, "static-gulls"));
  if (!band) return;
  await createProducts(db, [
    {
      slug: DEMO_MEMBERSHIP_SLUG,
      title: "Static Gulls Fan Club Membership",
      description:
        "<p>A year in the Static Gulls fan club: first pick of tour tickets, a members' newsletter from the band, and a signed card each Christmas.</p>",
      brandId: band.id,
      productType: "Bundle",
      vatRate: 20,
      status: "published",
      tags: ["fan-club"],
      billingModelId: idOf("Fan club (yearly)"),
      seoTitle: "Static Gulls Fan Club Membership | official",
      seoDescription: "Join the official Static Gulls fan club: renews yearly, cancel any time.",
      publishedAt: band.createdAt,
      variants: [{ sku: "SGL-FAN-CLUB-YEAR", price: 2500, stockOnHand: 10_000 }],
    },
  ]);
}
