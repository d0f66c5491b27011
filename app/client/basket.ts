import type { Basket, BasketLine } from "../../common/basket";
import {
  applyBasketChange,
  BASKET_COOKIE,
  type BasketChange,
  basketCookie,
  fromLines,
  parseStoredBasket,
  type StoredBasket,
  toLineRequests,
} from "../../common/basket-rules";
import { apiPost, ValidationFailedError } from "../lib/api-client";
import { readCookie } from "../lib/cookies";
import { pushAlert } from "./alerts";
import { trackBasket } from "./analytics";
import { createStore } from "./store";

export type BasketState = {
  stored: StoredBasket;
  lines: BasketLine[];
  subtotal: number;
  /** True once the lines have come back from the server at least once. */
  ready: boolean;
  drawerOpen: boolean;
  /** Why the server refused the last change (one membership per basket); the drawer and page say it. */
  refusal: string | null;
};

export const basketStore = createStore<BasketState>({
  stored: {},
  lines: [],
  subtotal: 0,
  ready: false,
  drawerOpen: false,
  refusal: null,
});

let afterChange: () => void = () => {};

/** What else must follow a change (the layout re-renders its server parts: header count, basket page). */
export function onBasketChanged(handler: () => void): void {
  afterChange = handler;
}

const sameBasket = (a: StoredBasket, b: StoredBasket) => JSON.stringify(a) === JSON.stringify(b);

// behaviour.md §4: the stored map is written on every change, in a cookie the server can read too.
function store(stored: StoredBasket): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a cookie the server reads too (behaviour.md §4).
  document.cookie = basketCookie(stored, window.location.protocol === "https:");
}

/** Asks the server for the lines of `stored`; keeps what it settled on and says what changed. */
async function sync(stored: StoredBasket): Promise<Basket> {
  const empty: Basket = { lines: [], adjustments: [], subtotal: 0, itemCount: 0 };
  const basket =
    Object.keys(stored).length === 0
      ? empty
      : (
          await apiPost<{ data: Basket }>("default", "/basket/lines", {
            lines: toLineRequests(stored),
          })
        ).data;
  const settled = fromLines(basket.lines);
  if (!sameBasket(settled, stored)) store(settled);
  basketStore.set((state) => ({
    ...state,
    stored: settled,
    lines: basket.lines,
    subtotal: basket.subtotal,
    ready: true,
    refusal: null,
  }));
  for (const adjustment of basket.adjustments) pushAlert("WARNING", adjustment.message, 6000);
  return basket;
}

/** The shopper's reason when the server refuses a basket (422), else the error again. */
function refusalOf(error: unknown): string {
  if (!(error instanceof ValidationFailedError)) throw error;
  return error.fieldErrors("lines")[0] ?? "That change could not be made.";
}

/**
 * Start-up step 4: restores the basket's lines from the stored map through the server. A stored
 * basket the server refuses (a product became a membership since) keeps its map, and the reason
 * shows; the basket page, priced on the server, lets the shopper put it right.
 */
export async function restoreBasket(): Promise<void> {
  const stored = parseStoredBasket(readCookie(document.cookie, BASKET_COOKIE));
  basketStore.set((state) => ({ ...state, stored }));
  try {
    await sync(stored);
  } catch (error) {
    const refusal = refusalOf(error);
    basketStore.set((state) => ({ ...state, ready: true, refusal }));
  }
}

/**
 * Applies a change (behaviour.md §4 rules), stores it at once, then settles it with the server. A
 * change the server refuses (a second membership) is undone, and its reason kept in `refusal`; the
 * answer is then null.
 */
export async function changeBasket(change: BasketChange): Promise<Basket | null> {
  const before = basketStore.get().stored;
  const next = applyBasketChange(before, change);
  store(next);
  basketStore.set((state) => ({ ...state, stored: next }));
  try {
    const basket = await sync(next);
    afterChange();
    return basket;
  } catch (error) {
    const refusal = refusalOf(error);
    store(before);
    basketStore.set((state) => ({ ...state, stored: before, refusal }));
    return null;
  }
}

/**
 * Adds a variant (to the quantity already there), records add_to_cart and opens the drawer; a
 * refused add opens the drawer too, where the reason is.
 */
export async function addToBasket(variantId: number, quantity = 1): Promise<void> {
  const basket = await changeBasket({ kind: "add", id: variantId, quantity });
  if (!basket) {
    openBasketDrawer();
    return;
  }
  const line = basket.lines.find((entry) => entry.productVariant.id === variantId);
  if (!line) return;
  trackBasket("add_to_cart", [{ ...line, quantity }]);
  pushAlert("SUCCESS", `${line.title} added to your basket.`);
  openBasketDrawer();
}

/** behaviour.md §4: opening the drawer records view_cart. */
export function openBasketDrawer(): void {
  basketStore.set((state) => ({ ...state, drawerOpen: true }));
  trackBasket("view_cart", basketStore.get().lines);
}

/** Closing the drawer also dismisses the reason a change was refused: it has been read. */
export function closeBasketDrawer(): void {
  basketStore.set((state) => ({ ...state, drawerOpen: false, refusal: null }));
}

/** True when the cookie holds something other than what this page last synced (another tab, a form post). */
export function storedBasketChanged(): boolean {
  // Until the start-up has restored the basket there is nothing to compare with.
  if (!basketStore.get().ready) return false;
  return !sameBasket(
    parseStoredBasket(readCookie(document.cookie, BASKET_COOKIE)),
    basketStore.get().stored,
  );
}
