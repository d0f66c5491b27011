import type { RefObject } from "react";
import type { CardStatus } from "../../client/card-payment";

/**
 * The checkout's card step with Stripe: the Payment Element (Stripe draws it into the box below,
 * in its own frame), what it is doing while it loads or if it cannot, and a declined card's reason
 * beside it. Only a card element that is ready names Stripe as the way to pay.
 */
export function CardPayment({
  status,
  mountRef,
  problem,
}: {
  status: CardStatus;
  mountRef: RefObject<HTMLDivElement | null>;
  /** Why the last card did not pay (a decline), for the shopper to try another. */
  problem: string | undefined;
}) {
  return (
    <div className="mt-4">
      {status === "static" && <p>Card payments need JavaScript in this browser.</p>}
      {status === "loading" && (
        <p role="status" className="text-muted">
          Loading card payments…
        </p>
      )}
      {status === "failed" && (
        <p role="alert" className="font-medium text-error">
          Card payments could not load. Check your connection and reload the page.
        </p>
      )}
      {status === "ready" && <input type="hidden" name="payment.provider" value="stripe" />}
      {/* Stripe's, once mounted: React renders nothing inside it. */}
      <div ref={mountRef} hidden={status === "static" || status === "failed"} />
      {problem && (
        <p role="alert" className="mt-3 font-medium text-error">
          {problem}
        </p>
      )}
    </div>
  );
}
