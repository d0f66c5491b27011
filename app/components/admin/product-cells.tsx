import { formatPrice } from "../../../common/money";
import {
  PRODUCT_STATUS_LABELS,
  PRODUCT_STATUSES,
  type ProductStatus,
} from "../../../common/product-statuses";
import { Badge } from "./cells";

const TONES = {
  published: "success",
  draft: "neutral",
  archived: "warning",
} as const satisfies Record<ProductStatus, Parameters<typeof Badge>[0]["tone"]>;

/** The product statuses as staff read them, in the order the form offers them. */
export const PRODUCT_STATUS_OPTIONS = PRODUCT_STATUSES.map((id) => ({
  id,
  title: PRODUCT_STATUS_LABELS[id],
}));

/** A product's status as a badge: published is green, a draft grey, archived amber. */
export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return <Badge tone={TONES[status]}>{PRODUCT_STATUS_LABELS[status]}</Badge>;
}

/** A product's prices: one, or the range of its variants' (£20.00 – £25.00); none without any. */
export function PriceRange({ from, to, variants }: { from: number; to: number; variants: number }) {
  if (variants === 0) return <span className="text-muted">No variants</span>;
  return (
    <span className="whitespace-nowrap tabular-nums">
      {from === to ? formatPrice(from) : `${formatPrice(from)} – ${formatPrice(to)}`}
    </span>
  );
}

const count = new Intl.NumberFormat("en-GB");

/** A product's stock: how many in all, and of how many variants; sold out in red. */
export function StockCell({ total, variants }: { total: number; variants: number }) {
  if (variants === 0) return <span className="text-muted">—</span>;
  return total === 0 ? (
    <Badge tone="danger">Out of stock</Badge>
  ) : (
    <span className="whitespace-nowrap">
      <span className="tabular-nums">{count.format(total)}</span> in stock
      <span className="block text-xs text-muted">
        {variants} {variants === 1 ? "variant" : "variants"}
      </span>
    </span>
  );
}

/** A colour's swatch beside its name, e.g. in the option values' table. */
export function Swatch({ colour, size = 16 }: { colour: string | null; size?: number }) {
  if (!colour) return null;
  return (
    <span
      aria-hidden="true"
      className="inline-block shrink-0 rounded-full ring-1 ring-zinc-400"
      style={{ backgroundColor: colour, width: size, height: size }}
    />
  );
}
