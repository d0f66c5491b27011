import { apiPost } from "../lib/api-client";
import { readCookie } from "../lib/cookies";
import { basketStore } from "./basket";
import { createStore } from "./store";

export const DISCOUNT_COOKIE = "discount_code";

export const discountStore = createStore<{ code: string | null; result: unknown }>({
  code: null,
  result: null,
});

/** Start-up step 5: restores the stored code and asks the server what it is worth now. */
export async function restoreDiscount(): Promise<void> {
  const code = readCookie(document.cookie, DISCOUNT_COOKIE) ?? null;
  discountStore.set({ code, result: null });
  const stored = basketStore.get().stored;
  const lines = Object.entries(stored).map(([id, quantity]) => ({ id: Number(id), quantity }));
  if (!code || lines.length === 0) return;
  const { data } = await apiPost<{ data: unknown }>("default", "/discounts/basket/apply", {
    discount: code,
    lines,
  });
  discountStore.set({ code, result: data });
}
