import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands } from "../schema.ts";
import { findCollection } from "./products.ts";

/**
 * Where an old shop's `/collections/...` link lands now, in one permanent redirect (behaviour.md §2
 * sends `/collections/...` to `/bands/...`; fans' links also name the shop's collections and
 * products, the way other shop software writes them):
 * - `/collections` → `/bands`; `/collections/all` → `/products`;
 * - `/collections/{any}/products/{slug}` → `/products/{slug}`;
 * - `/collections/{slug}`: the band of that slug (`/bands/{slug}`), else the collection of that
 *   slug (`/products?collection={slug}`), else `/bands/{slug}` as behaviour.md §2 has it, whose
 * page says
 *   it was not found and offers search and the bands.
 *
 * An onward redirect rather than a band page that also shows collections: one address per thing,
 * so search engines move the old link's standing to the page that now holds it. The query is kept.
 */
export async function oldCollectionLinkTarget(db: Db, url: URL): Promise<string> {
  // Segments stay as the address wrote them (percent-encoded); each target starts "/bands/" or
  // "/products", so none can lead off the shop.
  const parts = url.pathname.split("/").filter(Boolean).slice(1);
  const [first, second, third] = parts;
  const target = await (async () => {
    if (first === undefined) return "/bands";
    if (second === "products" && third !== undefined && parts.length === 3) {
      return `/products/${third}`;
    }
    if (parts.length > 1) return `/bands/${parts.join("/")}`;
    if (first === "all") return "/products";
    const slug = safeSlug(first);
    if (slug === undefined) return `/bands/${first}`;
    const [band] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, slug));
    if (band) return `/bands/${slug}`;
    const collection = await findCollection(db, slug);
    if (collection) return `/products?collection=${encodeURIComponent(collection.slug)}`;
    return `/bands/${first}`;
  })();
  if (!url.search) return target;
  return target.includes("?") ? `${target}&${url.search.slice(1)}` : `${target}${url.search}`;
}

/** A slug as the shop writes them (lower case, digits and hyphens), or undefined. */
function safeSlug(segment: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return /^[a-z0-9][a-z0-9-]{0,199}$/.test(decoded) ? decoded : undefined;
}
