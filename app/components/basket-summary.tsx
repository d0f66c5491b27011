import { useState } from "react";
import { formatPrice } from "../../common/money";
import { Button } from "./ui/button";

type Props = {
  subtotal: number;
  discount: { code: string; description: string; amount: number } | null;
  /** A stored code that does not apply now, and why. */
  codeProblem: { code: string; reason: string } | null;
  /** With JavaScript the code is tried in place; without, the forms post to /basket. */
  onApply?: (code: string) => Promise<string | null>;
  onRemove?: () => void;
  formError?: string | null;
};

/** What the shopper pays before delivery: the server's subtotal less its discount, never below 0. */
export function basketTotal(subtotal: number, discount: { amount: number } | null): number {
  return Math.max(0, subtotal - (discount?.amount ?? 0));
}

/** Subtotal, discount and total, with the discount code field. Prices include VAT. */
export function BasketSummary({
  subtotal,
  discount,
  codeProblem,
  onApply,
  onRemove,
  formError = null,
}: Props) {
  const [error, setError] = useState<string | null>(formError);
  const [busy, setBusy] = useState(false);
  const total = basketTotal(subtotal, discount);
  const appliedCode = discount?.code ?? codeProblem?.code;
  return (
    <div className="space-y-4">
      <div className="space-y-2 text-sm">
        <dl className="space-y-2">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatPrice(subtotal)}</dd>
          </div>
          {discount && (
            <div className="flex justify-between text-success">
              <dt>
                Discount ({discount.code})
                <span className="block text-xs text-muted">{discount.description}</span>
              </dt>
              <dd>−{formatPrice(discount.amount)}</dd>
            </div>
          )}
          <div className="flex justify-between border-t border-line pt-2 text-base font-bold">
            <dt>Total</dt>
            <dd>{formatPrice(total)}</dd>
          </div>
        </dl>
        {/* A note, not a term: it sits after the list (a <dl> holds only its groups). */}
        <p className="text-xs text-muted">Includes VAT. Delivery is worked out at checkout.</p>
      </div>
      {appliedCode ? (
        <form
          method="post"
          action="/basket"
          className="flex items-center justify-between gap-3 rounded-lg bg-white p-3 text-sm ring-1 ring-line"
          onSubmit={(event) => {
            if (!onRemove) return;
            event.preventDefault();
            onRemove();
          }}
        >
          <input type="hidden" name="intent" value="remove-discount" />
          <p>
            Code <strong>{appliedCode}</strong>
            {codeProblem && <span className="block text-warning">{codeProblem.reason}</span>}
          </p>
          <button type="submit" className="font-semibold underline hover:text-accent">
            Remove<span className="sr-only"> discount code</span>
          </button>
        </form>
      ) : (
        <form
          method="post"
          action="/basket"
          noValidate
          onSubmit={async (event) => {
            if (!onApply) return;
            event.preventDefault();
            const input = new FormData(event.currentTarget).get("code");
            setBusy(true);
            setError(
              await onApply(String(input ?? "")).catch(
                () => "The code could not be checked. Please try again.",
              ),
            );
            setBusy(false);
          }}
        >
          <input type="hidden" name="intent" value="apply-discount" />
          <label htmlFor="discount-code" className="block text-sm font-semibold">
            Discount code
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="discount-code"
              name="code"
              autoComplete="off"
              maxLength={50}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "discount-code-error" : undefined}
              className="min-w-0 flex-1 rounded-lg border border-zinc-400 bg-white px-3 py-2 uppercase"
            />
            <Button type="submit" size="sm" pending={busy}>
              Apply
            </Button>
          </div>
          {error && (
            <p id="discount-code-error" role="alert" className="mt-1 text-sm text-error">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
