import { and, desc, gt, isNull, lte, or } from "drizzle-orm";
import type { BrandView, ProductCard } from "../../../common/catalog.ts";
import type { Db } from "../../db/client.ts";
import { sanitizeRichText } from "../../platform/index.ts";
import { spotlights } from "../schema.ts";
import { getBrand } from "./brands.ts";
import { findCollection, listProducts } from "./products.ts";

export type SpotlightView = {
  headline: string;
  /** Sanitised HTML (security.md #22), as the team wrote it. */
  body: string;
  brand: BrandView | null;
  collection: { id: number; slug: string; title: string; description: string } | null;
  products: ProductCard[];
};

/** The spotlight running now (the latest started, not yet ended) with up to 12 of its products. */
export async function getActiveSpotlight(
  db: Db,
  now = new Date(),
): Promise<SpotlightView | undefined> {
  const [spotlight] = await db
    .select()
    .from(spotlights)
    .where(
      and(lte(spotlights.startsAt, now), or(isNull(spotlights.endsAt), gt(spotlights.endsAt, now))),
    )
    .orderBy(desc(spotlights.startsAt), desc(spotlights.id))
    .limit(1);
  if (!spotlight) return undefined;
  const query = { page: 1, perPage: 12, sort: "featured" as const };
  if (spotlight.brandId) {
    const brand = await getBrand(db, spotlight.brandId);
    if (!brand) return undefined;
    const page = await listProducts(db, { ...query, brand: [brand.id] });
    return {
      headline: spotlight.headline,
      body: sanitizeRichText(spotlight.body),
      brand,
      collection: null,
      products: page.data,
    };
  }
  const collection = spotlight.collectionId
    ? await findCollection(db, spotlight.collectionId)
    : undefined;
  if (!collection) return undefined;
  const page = await listProducts(db, { ...query, collection: collection.id });
  return {
    headline: spotlight.headline,
    body: sanitizeRichText(spotlight.body),
    brand: null,
    collection: {
      id: collection.id,
      slug: collection.slug,
      title: collection.title,
      description: sanitizeRichText(collection.description),
    },
    products: page.data,
  };
}
