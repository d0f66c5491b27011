import type { ProductCard as Card } from "../../server/catalog/service/products";
import { ProductCard } from "./product-card";

/** Products in a responsive grid; the first row loads its images at once. */
export function ProductGrid({
  products,
  label,
  onSelect,
}: {
  products: Card[];
  label: string;
  onSelect?: (card: Card, index: number) => void;
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
            priority={index < 4}
            onSelect={onSelect && (() => onSelect(product, index))}
          />
        </li>
      ))}
    </ul>
  );
}
