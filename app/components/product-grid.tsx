import type { ProductCard as Card } from "../../common/catalog";
import { trackSelectItem } from "../client/analytics";
import { ProductCard } from "./product-card";

/**
 * Products in a responsive grid; a page-leading grid's first row loads its images at once. Opening a product
 * records select_item with the grid's label as the list name.
 */
export function ProductGrid({
  products,
  label,
  headingLevel = 3,
  leadsPage = true,
}: {
  products: Card[];
  label: string;
  /**
   * The grid is the page's main content, so its first row loads at once with high priority.
   * A grid under other content (recommendations) loads lazily and leaves the bandwidth to the
   * page's main image.
   */
  leadsPage?: boolean;
  /** The cards' heading level: 2 where the grid sits straight under the page's h1. */
  headingLevel?: 2 | 3;
}) {
  return (
    <ul
      aria-label={label}
      className="grid grid-cols-2 gap-x-4 gap-y-8 md:grid-cols-3 xl:grid-cols-4"
    >
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            priority={leadsPage && index < 4}
            headingLevel={headingLevel}
            onSelect={() => trackSelectItem(product, label, index)}
          />
        </li>
      ))}
    </ul>
  );
}
