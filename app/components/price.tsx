import { formatPrice } from "../../common/money";

type Props = {
  price: number;
  /** The higher price it used to be, struck through when the item is on sale. */
  compareAtPrice?: number | null;
  /** 'from' prefix when variants cost different amounts. */
  from?: boolean;
  className?: string;
};

/** A price in pounds; on sale, the old price struck through beside it. */
export function Price({ price, compareAtPrice, from = false, className = "" }: Props) {
  const onSale = compareAtPrice != null && compareAtPrice > price;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className={onSale ? "font-bold text-accent" : "font-bold"}>
        {from && <span className="font-normal text-muted">From </span>}
        {formatPrice(price)}
      </span>
      {onSale && (
        <s className="text-sm text-muted">
          <span className="sr-only">Was </span>
          {formatPrice(compareAtPrice)}
        </s>
      )}
    </p>
  );
}
