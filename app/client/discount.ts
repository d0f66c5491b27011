import { DISCOUNT_COOKIE, discountCookie, toLineRequests } from "../../common/basket-rules";
import { apiPost, ValidationFailedError } from "../lib/api-client";
import { readCookie } from "../lib/cookies";
import { basketStore } from "./basket";
import { createStore } from "./store";

/** What the server says a code is worth on this basket. */
export type DiscountResult = {
  code: string;
  description: string;
  discount: number;
  subtotal: number;
  total: number;
  lines: Array<{ id: number; discount: number }>;
};

type DiscountState = {
  code: string | null;
  result: DiscountResult | null;
  error: string | null;
  /** True once the start-up has restored the stored code. */
  ready: boolean;
};

export const discountStore = createStore<DiscountState>({
  code: null,
  result: null,
  error: null,
  ready: false,
});

function store(code: string | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a cookie the server reads too (behaviour.md §4).
  document.cookie = discountCookie(code, window.location.protocol === "https:");
}

type Outcome = { result: DiscountResult } | { error: string };

async function evaluate(code: string): Promise<Outcome> {
  const lines = toLineRequests(basketStore.get().stored);
  try {
    const { data } = await apiPost<{ data: DiscountResult }>("default", "/discounts/basket/apply", {
      discount: code,
      lines,
    });
    return { result: data };
  } catch (error) {
    if (error instanceof ValidationFailedError) {
      return {
        error:
          [...error.fieldErrors("discount"), ...error.fieldErrors("lines")][0] ??
          "This code cannot be used.",
      };
    }
    throw error;
  }
}

/**
 * Tries a code on the current basket: a code that works is stored and its result kept; one that
 * does not is not stored, and the reason comes back for the form.
 */
export async function applyDiscountCode(input: string): Promise<string | null> {
  const code = input.trim();
  if (!code) return "Enter a discount code.";
  const outcome = await evaluate(code);
  if ("error" in outcome) return outcome.error;
  store(outcome.result.code);
  discountStore.set({
    code: outcome.result.code,
    result: outcome.result,
    error: null,
    ready: true,
  });
  return null;
}

/** Removing the code clears it everywhere. */
export function removeDiscountCode(): void {
  store(null);
  discountStore.set({ code: null, result: null, error: null, ready: true });
}

/**
 * behaviour.md §4: whenever the code or the lines change, the discount is worked out again by the
 * server. A stored code that no longer applies stays, with the reason, so it counts again when it
 * can.
 */
export async function recalculateDiscount(): Promise<void> {
  const { code } = discountStore.get();
  if (!code) {
    discountStore.set({ code: null, result: null, error: null, ready: true });
    return;
  }
  if (Object.keys(basketStore.get().stored).length === 0) {
    discountStore.set({ code, result: null, error: null, ready: true });
    return;
  }
  const outcome = await evaluate(code);
  // The shopper may have removed or replaced the code while the server was answering.
  if (discountStore.get().code !== code) return;
  discountStore.set(
    "error" in outcome
      ? { code, result: null, error: outcome.error, ready: true }
      : { code, result: outcome.result, error: null, ready: true },
  );
}

/** Start-up step 5: restores the stored code and asks the server what it is worth now. */
export async function restoreDiscount(): Promise<void> {
  const code = readCookie(document.cookie, DISCOUNT_COOKIE) || null;
  discountStore.set({ code, result: null, error: null, ready: !code });
  await recalculateDiscount();
  // Once per change the server has settled (new lines), never for the optimistic map a change
  // writes first: that is the same basket, and asking twice sent two identical requests.
  let last = basketStore.get().lines;
  basketStore.subscribe(() => {
    const { lines } = basketStore.get();
    if (lines === last) return;
    last = lines;
    void recalculateDiscount().catch(() => {});
  });
}
