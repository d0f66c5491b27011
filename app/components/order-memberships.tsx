import { membershipRenewalNote } from "../../common/billing-notes";
import type { OrderView } from "../../common/orders";

/**
 * The fan-club memberships an order paid for, as their member reads them: "Tour club: Renews on
 * 24 November 2027", or "Cancelled". Nothing when there is none.
 */
export function OrderMemberships({ order }: { order: Pick<OrderView, "memberships"> }) {
  if (order.memberships.length === 0) return null;
  return (
    <section
      aria-labelledby="order-memberships"
      className="mb-8 rounded-lg bg-white p-4 ring-1 ring-line"
    >
      <h2 id="order-memberships" className="text-lg font-bold">
        Membership
      </h2>
      <ul className="mt-2 space-y-1">
        {order.memberships.map((membership) => (
          <li key={membership.orderLineId}>
            {`${membership.title}: ${membershipRenewalNote(membership)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
