import type { RouterContextProvider } from "react-router";
import { resolveBasket } from "../../server/basket/service";
import { findVariantByOptions } from "../../server/catalog/service/products";
import { evaluateDiscount, GUEST } from "../../server/discounts/service";
import { appContext } from "./app-context.server";
import {
  BASKET_COOKIE,
  DISCOUNT_COOKIE,
  parseStoredBasket,
  type StoredBasket,
  toLineRequests,
} from "./basket-rules";
import { readCookie } from "./cookies";

/** The basket services with this request's database and cookies: what the basket pages call. */
export function basketFor(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, config } = context.get(appContext);
  const cookies = request.headers.get("Cookie");
  return {
    secure: config.secure,
    stored: parseStoredBasket(readCookie(cookies, BASKET_COOKIE)),
    code: readCookie(cookies, DISCOUNT_COOKIE) || null,
    resolve: (stored: StoredBasket) => resolveBasket(db, toLineRequests(stored)),
    // Accounts arrive with sign-in; until then every shopper is a guest.
    evaluateCode: (code: string, basket: Awaited<ReturnType<typeof resolveBasket>>) =>
      evaluateDiscount(db, { code, basket, shopper: GUEST }),
    findVariant: (productId: number, attributeIds: number[]) =>
      findVariantByOptions(db, productId, attributeIds),
  };
}
