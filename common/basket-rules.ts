import { MAX_ID } from "./ids.ts";

/** behaviour.md §4: the stored basket is a map of variant id to quantity. */
export type StoredBasket = Record<string, number>;

export const BASKET_COOKIE = "basket";
export const DISCOUNT_COOKIE = "discount_code";
/** Long enough to come back next month; the basket is not personal data. */
export const BASKET_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

export type BasketChange =
  | { kind: "add"; id: number; quantity: number }
  | { kind: "set"; id: number; quantity: number }
  | { kind: "remove"; id: number }
  | { kind: "empty" };

/**
 * behaviour.md §4: adding a variant already there adds to its quantity; a quantity set below 0 is
 * ignored; set to 0 removes the line; the basket can be emptied. Returns a new map.
 */
export function applyBasketChange(stored: StoredBasket, change: BasketChange): StoredBasket {
  switch (change.kind) {
    case "empty":
      return {};
    case "remove": {
      const { [String(change.id)]: _removed, ...rest } = stored;
      return rest;
    }
    case "add": {
      if (!Number.isInteger(change.quantity) || change.quantity <= 0) return stored;
      return { ...stored, [change.id]: (stored[change.id] ?? 0) + change.quantity };
    }
    case "set": {
      if (!Number.isInteger(change.quantity) || change.quantity < 0) return stored;
      if (change.quantity === 0)
        return applyBasketChange(stored, { kind: "remove", id: change.id });
      return { ...stored, [change.id]: change.quantity };
    }
  }
}

/** The map as the lines the API takes. */
export function toLineRequests(stored: StoredBasket): Array<{ id: number; quantity: number }> {
  return Object.entries(stored).map(([id, quantity]) => ({ id: Number(id), quantity }));
}

/** The map the server settled on, from its lines. */
export function fromLines(
  lines: ReadonlyArray<{ productVariant: { id: number }; quantity: number }>,
): StoredBasket {
  return Object.fromEntries(lines.map((line) => [String(line.productVariant.id), line.quantity]));
}

/** Reads the stored map from a cookie value; anything malformed counts as an empty basket. */
/** How many units a stored basket holds: the count the header shows. */
export function storedBasketCount(stored: StoredBasket): number {
  return Object.values(stored).reduce((sum, quantity) => sum + quantity, 0);
}

export function parseStoredBasket(raw: string | undefined): StoredBasket {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed)
        .filter(
          ([id, quantity]) =>
            /^[1-9][0-9]{0,9}$/.test(id) &&
            Number(id) <= MAX_ID &&
            Number.isInteger(quantity) &&
            quantity > 0 &&
            quantity <= 1000,
        )
        .slice(0, 100),
    ) as StoredBasket;
  } catch {
    return {};
  }
}

/** The Set-Cookie / document.cookie text that stores `stored`. */
export function basketCookie(stored: StoredBasket, secure: boolean): string {
  const value = encodeURIComponent(JSON.stringify(stored));
  return `${BASKET_COOKIE}=${value}; Path=/; Max-Age=${BASKET_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie / document.cookie text that stores (or, with null, forgets) the discount code. */
export function discountCookie(code: string | null, secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return code
    ? `${DISCOUNT_COOKIE}=${encodeURIComponent(code)}; Max-Age=${BASKET_COOKIE_MAX_AGE}; ${attributes}`
    : `${DISCOUNT_COOKIE}=; Max-Age=0; ${attributes}`;
}
