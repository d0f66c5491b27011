import { apiPost } from "../lib/api-client";
import { readCookie } from "../lib/cookies";
import { createStore } from "./store";

/** spec §4: the stored basket is a map of variant id to quantity. */
export type StoredBasket = Record<string, number>;

export const BASKET_COOKIE = "basket";

/** Reads the stored map from a cookie header; anything malformed counts as an empty basket. */
export function parseStoredBasket(cookieHeader: string | null | undefined): StoredBasket {
  const raw = readCookie(cookieHeader, BASKET_COOKIE);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        ([id, quantity]) => /^[1-9][0-9]*$/.test(id) && Number.isInteger(quantity) && quantity > 0,
      ),
    ) as StoredBasket;
  } catch {
    return {};
  }
}

export const basketStore = createStore<{ stored: StoredBasket; lines: unknown[] }>({
  stored: {},
  lines: [],
});

/** Start-up step 4: restores the basket's lines from the stored map through the server. */
export async function restoreBasket(): Promise<void> {
  const stored = parseStoredBasket(document.cookie);
  basketStore.set((state) => ({ ...state, stored }));
  const lines = Object.entries(stored).map(([id, quantity]) => ({ id: Number(id), quantity }));
  if (lines.length === 0) return;
  const { data } = await apiPost<{ data: unknown[] }>("default", "/basket/lines", { lines });
  basketStore.set((state) => ({ ...state, lines: data }));
}
