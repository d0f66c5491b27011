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
import { apiPost } from "../lib/api-client";
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
};

export const basketStore = createStore<BasketState>({
  stored: {},
  lines: [],
  subtotal: 0,
  ready: false,
  drawerOpen: false,
});

let afterChange: () => void = () => {};

/** What else must follow a change (the layout re-renders its server parts: header count, basket page). */
export function onBasketChanged(handler: () => void): void {
  afterChange = handler;
}

const sameBasket = (a: StoredBasket, b: StoredBasket) => JSON.stringify(a) === JSON.stringify(b);

// spec §4: the stored map is written on every change, in a cookie the server can read too.
function store(stored: StoredBasket): void {
  // biome-ignore lint/suspicious/noDocumentCookie: spec §4 stores it in a cookie the server reads too.
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
  }));
  for (const adjustment of basket.adjustments) pushAlert("WARNING", adjustment.message, 6000);
  return basket;
}

/** Start-up step 4: restores the basket's lines from the stored map through the server. */
export async function restoreBasket(): Promise<void> {
  const stored = parseStoredBasket(readCookie(document.cookie, BASKET_COOKIE));
  basketStore.set((state) => ({ ...state, stored }));
  await sync(stored);
}

/** Applies a change (spec §4 rules), stores it at once, then settles it with the server. */
export async function changeBasket(change: BasketChange): Promise<Basket> {
  const before = basketStore.get().stored;
  const next = applyBasketChange(before, change);
  store(next);
  basketStore.set((state) => ({ ...state, stored: next }));
  const basket = await sync(next);
  afterChange();
  return basket;
}

/** Adds a variant (to the quantity already there), records add_to_cart and opens the drawer. */
export async function addToBasket(variantId: number, quantity = 1): Promise<void> {
  const basket = await changeBasket({ kind: "add", id: variantId, quantity });
  const line = basket.lines.find((entry) => entry.productVariant.id === variantId);
  if (!line) return;
  trackBasket("add_to_cart", [{ ...line, quantity }]);
  pushAlert("SUCCESS", `${line.title} added to your basket.`);
  openBasketDrawer();
}

/** spec §4: opening the drawer records view_cart. */
export function openBasketDrawer(): void {
  basketStore.set((state) => ({ ...state, drawerOpen: true }));
  trackBasket("view_cart", basketStore.get().lines);
}

export function closeBasketDrawer(): void {
  basketStore.set((state) => ({ ...state, drawerOpen: false }));
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
