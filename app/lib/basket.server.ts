import type { RouterContextProvider } from "react-router";
import { resolveBasket } from "../../server/basket/service";
import { findVariantByOptions } from "../../server/catalog/service/products";
import { customerShopper, evaluateDiscount, GUEST } from "../../server/discounts/service";
import { appContext } from "./app-context.server";
import {
  BASKET_COOKIE,
  DISCOUNT_COOKIE,
  parseStoredBasket,
  type StoredBasket,
  toLineRequests,
} from "./basket-rules";
import { readCookie } from "./cookies";
import { sessionContext } from "./session.server";

/** The basket services with this request's database and cookies: what the basket pages call. */
export function basketFor(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, config } = context.get(appContext);
  const cookies = request.headers.get("Cookie");
  // The session middleware of the default layout knows who is signed in.
  const session = context.get(sessionContext);
  const shopper = session ? customerShopper(session.user.email) : GUEST;
  return {
    secure: config.secure,
    stored: parseStoredBasket(readCookie(cookies, BASKET_COOKIE)),
    code: readCookie(cookies, DISCOUNT_COOKIE) || null,
    resolve: (stored: StoredBasket) => resolveBasket(db, toLineRequests(stored)),
    evaluateCode: (code: string, basket: Awaited<ReturnType<typeof resolveBasket>>) =>
      evaluateDiscount(db, { code, basket, shopper }),
    findVariant: (productId: number, attributeIds: number[]) =>
      findVariantByOptions(db, productId, attributeIds),
  };
}
