import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";

/**
 * Recomputes each product's variant summary (price range, the cheapest variant's compare-at price,
 * total stock, attribute ids) and its search documents: the whole (title and band weigh most, then
 * type and tags, then the description's text) and the name alone (title and band). Call it in the same transaction as any variant or product
 * change; `ids` omitted means every product. `stamp: false` leaves `updated_at` alone, for rows
 * just created with their own.
 */
export async function refreshProductSummaries(
  db: Db,
  ids?: number[],
  { stamp = true }: { stamp?: boolean } = {},
): Promise<void> {
  if (ids && ids.length === 0) return;
  const only = ids ? sql`where p.id = any(${sql.param(ids)}::int[])` : sql``;
  await db.execute(sql`
    with summary as (
      select p.id,
        coalesce(min(pv.price), 0) as min_price,
        coalesce(max(pv.price), 0) as max_price,
        coalesce(sum(pv.stock_on_hand), 0)::int as stock,
        (array_agg(pv.compare_at_price order by pv.price, pv.id))[1] as cheapest_compare_at
      from products p left join product_variants pv on pv.product_id = p.id
      ${only}
      group by p.id
    ),
    options as (
      select pv.product_id as id, array_agg(distinct va.attribute_id order by va.attribute_id) as ids
      from product_variants pv join variant_attributes va on va.variant_id = pv.id
      where pv.product_id in (select id from summary)
      group by pv.product_id
    )
    update products p set
      price_from = s.min_price,
      price_to = s.max_price,
      compare_at_from = s.cheapest_compare_at,
      stock_total = s.stock,
      attribute_ids = coalesce(o.ids, '{}'),
      search_document =
        setweight(to_tsvector('english', p.title), 'A') ||
        setweight(to_tsvector('english', b.title), 'A') ||
        setweight(to_tsvector('english', p.product_type), 'B') ||
        setweight(to_tsvector('english', translate(array_to_string(p.tags, ' '), '-', ' ')), 'B') ||
        setweight(to_tsvector('english', regexp_replace(p.description, '<[^>]*>', ' ', 'g')), 'C'),
      search_name = to_tsvector('english', p.title) || to_tsvector('english', b.title),
      updated_at = ${stamp ? sql`now()` : sql`p.updated_at`}
    from summary s left join options o on o.id = s.id, brands b
    where p.id = s.id and b.id = p.brand_id
  `);
  await addSearchTerms(db, ids);
}

/**
 * Adds the words of these products (their title, band, type, tags and description), as typed, to
 * the words a misspelt search is corrected to (`search_terms`); `ids` omitted means every product.
 */
export async function addSearchTerms(db: Db, ids?: number[]): Promise<void> {
  const only = ids ? sql`where p.id = any(${sql.param(ids)}::int[])` : sql``;
  await db.execute(sql`
    insert into search_terms (term)
    select distinct word from (
      select unnest(tsvector_to_array(to_tsvector('simple',
        p.title || ' ' || b.title || ' ' || p.product_type || ' ' ||
        translate(array_to_string(p.tags, ' '), '-', ' ') || ' ' ||
        regexp_replace(p.description, '<[^>]*>', ' ', 'g')))) as word
      from products p join brands b on b.id = p.brand_id
      ${only}
    ) words
    where length(word) between 2 and 40
    on conflict do nothing
  `);
}
