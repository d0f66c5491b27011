import type { RouterContextProvider } from "react-router";
import {
  BASKET_COOKIE,
  basketCookie,
  DISCOUNT_COOKIE,
  discountCookie,
  parseStoredBasket,
  type StoredBasket,
  toLineRequests,
} from "../../common/basket-rules";
import { isRefusal, type Refusal } from "../../common/refusal";
import {
  type BasketNotice,
  changeBasket,
  EMPTIED_BASKET_UNDO_SECONDS,
  resolveBasket,
  restoreEmptiedBasket,
} from "../../server/basket/service";
import { BasketFormInput } from "../../server/basket/validators";
import { freeUkDelivery } from "../../server/delivery/service";
import { evaluateDiscount, GUEST, signedInShopper } from "../../server/discounts/service";
import { refusalAsFormErrors } from "../../server/http/refusals";
import { isUnsafeText } from "../../server/http/text-input";
import { appContext } from "./app-context.server";
import { readCookie } from "./cookies";
import { flashCookie } from "./flash.server";
import { sessionContext } from "./session.server";

/** The lines "Empty basket" removed, kept (on the shopper's side, as the basket is) for Undo. */
const EMPTIED_COOKIE = "basket_emptied";

/** The Set-Cookie that keeps (or, with null, forgets) the emptied lines. */
function emptiedCookie(emptied: StoredBasket | null, secure: boolean): string {
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return emptied
    ? `${EMPTIED_COOKIE}=${encodeURIComponent(JSON.stringify(emptied))}; Max-Age=${EMPTIED_BASKET_UNDO_SECONDS}; ${attributes}`
    : `${EMPTIED_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** What a malformed basket post is told (a tampered or outdated form). */
export const BASKET_FORM_INVALID = "That change could not be made. Please try again.";

/**
 * A basket form post as `BasketFormInput` reads it: the form's fields, with the product page's
 * chosen options (`option-size`, `option-colour` …) gathered into `options`.
 */
export function parseBasketForm(form: FormData) {
  const fields: Record<string, unknown> = {};
  const options: string[] = [];
  for (const [name, value] of form) {
    if (typeof value !== "string") continue;
    if (name.startsWith("option-")) options.push(value);
    else fields[name] = value;
  }
  return BasketFormInput.safeParse({ ...fields, options });
}

/** The basket services with this request's database and cookies: what the basket pages call. */
export function basketFor(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, config } = context.get(appContext);
  const cookies = request.headers.get("Cookie");
  // The session middleware of the default layout knows who is signed in.
  const session = context.get(sessionContext);
  // The segments a customer is in are asked only when a code is evaluated.
  const shopper = () => (session ? signedInShopper(db, session.user) : Promise.resolve(GUEST));
  const stored = parseStoredBasket(readCookie(cookies, BASKET_COOKIE));
  const emptied = parseStoredBasket(readCookie(cookies, EMPTIED_COOKIE));
  const resolve = (basket: StoredBasket) => resolveBasket(db, toLineRequests(basket));
  const evaluateCode = async (code: string, basket: Awaited<ReturnType<typeof resolveBasket>>) =>
    evaluateDiscount(db, { code, basket, shopper: await shopper() });

  /** The cookies and messages a change leaves, for the redirect after the post. */
  async function settle(
    input: BasketFormInput,
  ): Promise<{ cookies: string[]; notices: BasketNotice[] } | Refusal> {
    if (input.intent === "remove-discount") {
      return {
        cookies: [discountCookie(null, config.secure)],
        notices: [{ type: "SUCCESS", body: "Discount code removed." }],
      };
    }
    if (input.intent === "apply-discount") {
      // An empty box forgets the code, as removing it does.
      if (!input.code) return { cookies: [discountCookie(null, config.secure)], notices: [] };
      const result = await evaluateCode(input.code, await resolve(stored));
      if (!result.ok) return result;
      const { code } = result.discount;
      return {
        cookies: [discountCookie(code, config.secure)],
        notices: [{ type: "SUCCESS", body: `Code ${code} applied.` }],
      };
    }
    if (input.intent === "undo-empty") {
      const restored = await restoreEmptiedBasket(db, stored, emptied);
      if (isRefusal(restored)) return restored;
      return {
        cookies: [basketCookie(restored.stored, config.secure), emptiedCookie(null, config.secure)],
        notices: restored.notices,
      };
    }
    const changed = await changeBasket(db, stored, input);
    if (isRefusal(changed)) return changed;
    const cookies = [basketCookie(changed.stored, config.secure)];
    if (changed.emptied) cookies.push(emptiedCookie(changed.emptied, config.secure));
    return { cookies, notices: changed.notices };
  }

  // A cookie is whatever the browser sends: a code no shopper could type is no code.
  const storedCode = readCookie(cookies, DISCOUNT_COOKIE) ?? "";
  return {
    stored,
    /** Undo is offered while the basket is still empty and the emptied lines are kept. */
    canUndoEmpty: Object.keys(stored).length === 0 && Object.keys(emptied).length > 0,
    code: storedCode && storedCode.length <= 50 && !isUnsafeText(storedCode) ? storedCode : null,
    resolve,
    evaluateCode,
    /** How near the goods subtotal is to free UK delivery (the delivery options' thresholds). */
    freeUkDelivery: (goodsSubtotal: number) => freeUkDelivery(db, goodsSubtotal),
    /**
     * Carries out a basket form post: the Set-Cookie headers to redirect with, or why not with
     * the status to answer.
     */
    async submit(input: BasketFormInput): Promise<Headers | { message: string; status: number }> {
      const settled = await settle(input);
      if (isRefusal(settled)) {
        return { message: settled.message, status: refusalAsFormErrors(settled).status };
      }
      const headers = new Headers();
      for (const cookie of settled.cookies) headers.append("Set-Cookie", cookie);
      if (settled.notices.length) {
        headers.append("Set-Cookie", flashCookie(settled.notices, config.secure));
      }
      return headers;
    },
  };
}
