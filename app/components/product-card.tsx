import type { ProductCard as Card } from "../../common/catalog";
import { formatLongDate } from "../lib/dates";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import { AppLink } from "./ui/app-link";

type Props = {
  product: Card;
  /** Cards above the fold load their image at once. */
  priority?: boolean;
  onSelect?: () => void;
  /** One below the heading the grid sits under: 2 straight under a page's h1, else 3. */
  headingLevel?: 2 | 3;
};

/** When a pre-order ships, or that few are left: what should make a shopper buy now. */
function Urgency({ product }: { product: Card }) {
  if (product.preOrder)
    return (
      <p className="mt-1 text-xs font-semibold text-accent">
        {product.releaseDate
          ? `Pre-order · ships ${formatLongDate(product.releaseDate)}`
          : "Pre-order"}
      </p>
    );
  if (product.stockLeft !== null)
    return (
      <p className="mt-1 text-xs font-semibold text-warning">{`Only ${product.stockLeft} left`}</p>
    );
  return null;
}

/** A product in a grid: image, badges, title, band, from-price, and when to hurry. */
export function ProductCard({ product, priority = false, onSelect, headingLevel = 3 }: Props) {
  const Heading = `h${headingLevel}` as const;
  const soldOut = !product.inStock && !product.preOrder;
  return (
    <article className="group relative flex flex-col">
      <div className="relative overflow-hidden rounded-xl">
        <ProductImage
          image={product.image}
          sizes="(min-width: 1280px) 300px, (min-width: 768px) 30vw, 50vw"
          priority={priority}
          className="transition duration-300 group-hover:scale-[1.03]"
        />
        <div className="absolute left-2 top-2 flex flex-col gap-1">
          {soldOut && (
            <span className="rounded bg-ink px-2 py-1 text-xs font-bold text-white">Sold out</span>
          )}
          {product.preOrder && (
            <span className="rounded bg-accent px-2 py-1 text-xs font-bold text-white">
              Pre-order
            </span>
          )}
          {!soldOut && product.compareAtPrice != null && (
            <span className="rounded bg-white px-2 py-1 text-xs font-bold text-accent">Sale</span>
          )}
        </div>
      </div>
      <p className="mt-3 text-xs font-semibold uppercase tracking-wider text-muted">
        {product.brand.title}
      </p>
      <Heading className="mt-1 font-semibold leading-snug">
        <AppLink
          to={`/products/${product.slug}`}
          onClick={onSelect}
          className="after:absolute after:inset-0 hover:underline"
        >
          {product.title}
        </AppLink>
      </Heading>
      <Price
        price={product.priceFrom}
        compareAtPrice={product.compareAtPrice}
        from={product.priceFrom !== product.priceTo}
        className="mt-1 text-sm"
      />
      <Urgency product={product} />
    </article>
  );
}
