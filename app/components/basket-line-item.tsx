import type { BasketLine } from "../../common/basket";
import { billingNote } from "../../common/billing-notes";
import { formatPrice } from "../../common/money";
import { ProductImage } from "./product-image";
import { AppLink } from "./ui/app-link";

type Props = {
  line: BasketLine;
  /** With JavaScript: change the quantity (0 removes). Without, the forms post to /basket. */
  onQuantity?: (quantity: number) => void;
  compact?: boolean;
};

/**
 * One basket line: image, title, band, options, unit price, a quantity stepper, remove and the
 * line total. The buttons are form posts to /basket, so they work before (or without) scripts.
 */
export function BasketLineItem({ line, onQuantity, compact = false }: Props) {
  const { productVariant: variant } = line;
  const options = variant.attributes
    .map((attribute) => `${attribute.type}: ${attribute.title}`)
    .join(", ");
  // A basket kept from before billing models has no terms: it is sold one-off.
  const note = billingNote(variant.product.billing ?? null);
  const step = (quantity: number) => (event: React.FormEvent<HTMLFormElement>) => {
    if (!onQuantity) return;
    event.preventDefault();
    onQuantity(quantity);
  };
  const button =
    "inline-flex h-9 w-9 items-center justify-center rounded-full border border-zinc-400 bg-white font-bold hover:border-ink disabled:opacity-40";
  return (
    // On a phone the line total drops under the details, so the stepper keeps its width (320 px).
    <li
      data-line-key={line.key}
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 border-b border-line py-4 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
    >
      <div className={compact ? "w-20 shrink-0" : "w-24 shrink-0 sm:w-28"}>
        <ProductImage image={line.image} sizes="120px" className="rounded-lg" />
      </div>
      <div className="flex flex-col gap-1">
        <p className="text-xs font-semibold uppercase tracking-wider text-muted">
          {variant.product.brand.title}
        </p>
        <AppLink
          to={`/products/${variant.product.slug}?variant=${variant.id}`}
          data-line-title
          className="font-semibold hover:underline"
        >
          {line.title}
        </AppLink>
        {options && <p className="text-sm text-muted">{options}</p>}
        {note && <p className="text-sm font-semibold text-accent">{note}</p>}
        <p className="text-sm">
          <span className="sr-only">Price each: </span>
          {formatPrice(variant.price)} each
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <fieldset className="flex items-center gap-2">
            <legend className="sr-only">{`Quantity of ${line.title}`}</legend>
            <form method="post" action="/basket" onSubmit={step(line.quantity - 1)}>
              <input type="hidden" name="intent" value="set" />
              <input type="hidden" name="variantId" value={variant.id} />
              <input type="hidden" name="quantity" value={line.quantity - 1} />
              <button type="submit" className={button} aria-label={`One fewer ${line.title}`}>
                −
              </button>
            </form>
            <output aria-live="polite" className="min-w-6 text-center font-semibold">
              {line.quantity}
            </output>
            <form method="post" action="/basket" onSubmit={step(line.quantity + 1)}>
              <input type="hidden" name="intent" value="set" />
              <input type="hidden" name="variantId" value={variant.id} />
              <input type="hidden" name="quantity" value={line.quantity + 1} />
              <button
                type="submit"
                className={button}
                disabled={line.quantity >= line.maxQuantity}
                aria-label={`One more ${line.title}`}
                title={
                  line.quantity >= line.maxQuantity
                    ? `No more than ${line.maxQuantity} of this item`
                    : undefined
                }
              >
                +
              </button>
            </form>
          </fieldset>
          <form method="post" action="/basket" onSubmit={step(0)}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="variantId" value={variant.id} />
            <button type="submit" className="text-sm font-semibold underline hover:text-accent">
              Remove<span className="sr-only"> {line.title}</span>
            </button>
          </form>
        </div>
        {line.quantity >= line.maxQuantity && (
          <p className="text-xs text-muted">
            {line.maxQuantity < 10
              ? `Only ${line.maxQuantity} left in stock.`
              : "Up to 10 of each item per order."}
          </p>
        )}
      </div>
      <p className="col-start-2 font-bold sm:col-start-auto">
        <span className="sr-only">Line total: </span>
        {formatPrice(line.lineTotal)}
      </p>
    </li>
  );
}
