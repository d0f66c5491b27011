import type { BrandView, ProductCard, SearchSuggestions } from "../../../common/catalog.ts";
import type { CappedPage } from "../../../common/pagination.ts";
import type { ProductListQuery } from "../../../common/product-list-query.ts";
import type { Db } from "../../db/client.ts";
import { bandsNamed } from "./brands.ts";
import { listProducts } from "./products.ts";
import { correctSpelling, searchWords } from "./search.ts";

/** What a search found: a page of products, the bands it names, and how it was understood. */
export type CatalogueSearch = {
  page: CappedPage<ProductCard>;
  /** The query as searched: `q` is the corrected text when a word was misspelt. */
  query: ProductListQuery;
  /** What the shopper typed, when the search was corrected (and the correction found something). */
  correctedFrom?: string;
  bands: BrandView[];
};

/**
 * A listing query with a search, as the shopper meant it: a misspelt word is replaced by the
 * catalogue word it is nearest to, and the result says so (`correctedFrom`); the bands the words
 * name come beside the products. A correction that finds nothing is not used: the page then says
 * nothing matched what was typed.
 */
export async function searchCatalogue(
  db: Db,
  query: ProductListQuery & { q: string },
  { bandLimit = 3 }: { bandLimit?: number } = {},
): Promise<CatalogueSearch> {
  const spelling = await correctSpelling(db, query.q);
  const searched = spelling.correctedFrom ? { ...query, q: spelling.text } : query;
  const [page, bands] = await Promise.all([
    listProducts(db, searched),
    bandsNamed(db, searchWords(spelling.text), bandLimit),
  ]);
  if (spelling.correctedFrom && page.meta.total === 0 && bands.length === 0) {
    return { page, query, bands: [] };
  }
  return {
    page,
    query: searched,
    ...(spelling.correctedFrom && { correctedFrom: spelling.correctedFrom }),
    bands,
  };
}

/** How many products the search box suggests. */
export const SUGGESTED_PRODUCTS = 5;

/** What the search box offers for `q`: the bands it names, the first products and their count. */
export async function searchSuggestions(db: Db, q: string): Promise<SearchSuggestions> {
  const found = await searchCatalogue(db, { page: 1, perPage: SUGGESTED_PRODUCTS, q });
  return {
    searchedFor: found.query.q ?? q,
    correctedFrom: found.correctedFrom ?? null,
    bands: found.bands.map(({ id, slug, title, productCount, logo }) => ({
      id,
      slug,
      title,
      productCount,
      logo,
    })),
    products: found.page.data,
    total: found.page.meta.total,
    totalIsCapped: found.page.meta.totalIsCapped,
  };
}
