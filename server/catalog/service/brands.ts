import { type AnyColumn, and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { BrandView } from "../../../common/catalog.ts";
import type { Page } from "../../../common/pagination.ts";
import type { Db } from "../../db/client.ts";
import { pageMeta, pageOffset } from "../../db/pagination.ts";
import { imageRefOf } from "../../media/index.ts";
import { sanitizeRichText } from "../../platform/index.ts";
import { brands, products } from "../schema.ts";

// Correlated subqueries name the outer columns in full: Drizzle leaves columns unqualified when a
// query reads one table, and an unqualified "id" would bind to the inner table instead.
const imageOf = (column: "logo_file_id" | "hero_file_id") =>
  imageRefOf(sql.raw(`"brands"."${column}"`), sql.raw(`"brands"."title"`));

const storyOrNothing = (html: string) =>
  /[^\s\u00a0]/.test(html.replace(/<[^>]*>/g, "").replace(/&nbsp;|&#160;/g, " ")) ? html : "";

// security.md #22: staff text is made safe when read, whatever was stored: an allow-listed story,
// and links only to web addresses (never javascript:).
// A story with no words in it (empty paragraphs) is no story: the band page then prints no heading.
const withSafeStory = (brand: BrandView): BrandView => ({
  ...brand,
  story: storyOrNothing(sanitizeRichText(brand.story)),
  links: Object.fromEntries(
    Object.entries(brand.links).filter(
      ([, href]) => typeof href === "string" && /^https?:\/\//.test(href),
    ),
  ),
});

/**
 * Issue 29: the one order of band names, wherever bands are listed (the A–Z page, the band filter,
 * the API): case ignored, and a leading "The " too, so "The Bramble Saints" sorts under B.
 */
export const bandSortKey = sql<string>`regexp_replace(lower(${brands.title}), '^the[[:space:]]+', '')`;

/** Bands with something published to sell: the only ones the shop lists. */
const hasPublishedProducts = sql`exists (select 1 from ${products} p where p.brand_id = "brands"."id" and p.status = 'published')`;

const brandColumns = {
  id: brands.id,
  slug: brands.slug,
  title: brands.title,
  story: brands.story,
  genre: brands.genre,
  origin: brands.origin,
  links: brands.links,
  featured: brands.featured,
  seoDescription: brands.seoDescription,
  logo: imageOf("logo_file_id"),
  hero: imageOf("hero_file_id"),
  productCount: sql<number>`(select count(*)::int from ${products} p where p.brand_id = "brands"."id" and p.status = 'published')`,
};

/**
 * Bands A–Z by `bandSortKey` (or only the featured ones), a page at a time. Issue 29: a band with
 * no published product is not listed (its page stays, saying its merch is coming soon): a list of
 * bands is a way to their merchandise.
 */
export async function listBrands(
  db: Db,
  query: { page: number; perPage: number; featured?: boolean },
): Promise<Page<BrandView>> {
  const where = and(
    hasPublishedProducts,
    query.featured === undefined ? undefined : eq(brands.featured, query.featured),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(brandColumns)
      .from(brands)
      .where(where)
      .orderBy(bandSortKey, asc(brands.id))
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(brands).where(where),
  ]);
  return {
    data: rows.map(withSafeStory),
    meta: pageMeta(query.page, query.perPage, count?.total ?? 0),
  };
}

/**
 * The band `brandId` names as `{ id, slug, title }`, null when it names none: a scalar subquery
 * for another module's select (an article's band). `brandId` must name its table in full.
 */
export function bandRefOf(
  brandId: SQL | AnyColumn,
): SQL<{ id: number; slug: string; title: string } | null> {
  return sql`(
  select json_build_object('id', b.id, 'slug', b.slug, 'title', b.title)
  from ${brands} b where b.id = ${brandId}
)`;
}

/** One band by id or slug, or undefined. */
export async function getBrand(db: Db, idOrSlug: number | string): Promise<BrandView | undefined> {
  const [row] = await db
    .select(brandColumns)
    .from(brands)
    .where(and(typeof idOrSlug === "number" ? eq(brands.id, idOrSlug) : eq(brands.slug, idOrSlug)));
  return row && withSafeStory(row);
}

/** Words too common in band names to pick a band by ("the", "and"). */
const COMMON_NAME_WORDS = new Set(["the", "and", "of"]);

/**
 * The bands (with products on sale) whose name has a word starting with one of `words`, those
 * with the most words matched first: a search for "static gulls hoodie" names Static Gulls.
 */
export async function bandsNamed(db: Db, words: string[], limit = 3): Promise<BrandView[]> {
  const wanted = words.filter((word) => word.length >= 3 && !COMMON_NAME_WORDS.has(word));
  if (wanted.length === 0) return [];
  const name = sql`to_tsvector('simple', ${brands.title})`;
  const matched = sql.join(
    wanted.map((word) => sql`(${name} @@ to_tsquery('simple', ${`${word}:*`}))::int`),
    sql` + `,
  );
  const rows = await db
    .select({ ...brandColumns, matched: sql<number>`${matched}` })
    .from(brands)
    .where(
      and(
        sql`${name} @@ to_tsquery('simple', ${wanted.map((word) => `${word}:*`).join(" | ")})`,
        sql`exists (select 1 from ${products} p where p.brand_id = "brands"."id" and p.status = 'published')`,
      ),
    )
    .orderBy(sql`${matched} desc`, sql`lower(${brands.title})`, asc(brands.id))
    .limit(limit);
  return rows.map(({ matched: _, ...band }) => withSafeStory(band));
}
