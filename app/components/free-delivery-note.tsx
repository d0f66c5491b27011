import type { FreeUkDelivery } from "../../common/delivery";
import { formatPrice } from "../../common/money";

/**
 * Issue 29: free UK delivery, where it matters. For a basket, how far it is still away or that it
 * is reached; beside a product's price (`threshold`), from what total it applies. The server
 * works out the figures from the delivery options; null (no UK option is ever free) says nothing.
 */
export function FreeDeliveryNote({
  delivery,
  threshold = false,
  className = "text-sm",
}: {
  delivery: FreeUkDelivery | null;
  threshold?: boolean;
  className?: string;
}) {
  if (!delivery) return null;
  const words = threshold
    ? `Free UK delivery on orders of ${formatPrice(delivery.freeOver)} or more.`
    : delivery.remaining === 0
      ? "Your order qualifies for free UK delivery."
      : `${formatPrice(delivery.remaining)} away from free UK delivery.`;
  return <p className={className}>{words}</p>;
}
