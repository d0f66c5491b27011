// The public surface of server/catalog/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export type { BandForRules } from "./service/band-products.ts";
export { bandsForRules } from "./service/band-products.ts";
export { basketVariants } from "./service/basket-variants.ts";
export { productCountsOfBillingModels, productsOfBillingModels } from "./service/billing-usage.ts";
export { bandRefOf } from "./service/brands.ts";
export { catalogCounts } from "./service/counts.ts";
export { catalogueUsesOfFiles } from "./service/file-usage.ts";
export { lowStockVariants } from "./service/low-stock.ts";
export { CSV_WRITE_OPTIONS, poundsOf, readRecords, unguardedCell } from "./service/product-csv.ts";
export { findVariantByOptions, productCardsByIds, productIdsWithin } from "./service/products.ts";
export { returnStock, takeStock } from "./service/stock.ts";
export { catalogueTitles } from "./service/titles.ts";
