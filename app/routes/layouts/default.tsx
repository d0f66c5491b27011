import { useEffect } from "react";
import { type MiddlewareFunction, Outlet, useRevalidator } from "react-router";
import { onBasketChanged, restoreBasket, storedBasketChanged } from "../../client/basket";
import { recalculateDiscount } from "../../client/discount";
import { runStartup } from "../../client/startup";
import { BasketDrawer } from "../../components/basket-drawer";
import { FlashMessages } from "../../components/flash-messages";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";
import { BASKET_COOKIE, parseStoredBasket } from "../../lib/basket-rules";
import { hasTokenCookie, readCookie } from "../../lib/cookies";
import { takeFlash } from "../../lib/flash.server";
import type { Route } from "./+types/default";

// Messages from a form post are shown once: the response that shows them also deletes them.
const clearFlash: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const { clear } = takeFlash(request);
  if (clear) response.headers.append("Set-Cookie", clear);
  return response;
};

export const middleware = [clearFlash];

// The header is rendered on the server from the cookies, so its count is right before any script.
export function loader({ request }: Route.LoaderArgs) {
  const cookies = request.headers.get("Cookie");
  const stored = parseStoredBasket(readCookie(cookies, BASKET_COOKIE));
  const basketCount = Object.values(stored).reduce((sum, quantity) => sum + quantity, 0);
  return { hasToken: hasTokenCookie(request), basketCount, flash: takeFlash(request).messages };
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const { hasToken, basketCount, flash } = loaderData;
  const revalidator = useRevalidator();
  useEffect(() => {
    void runStartup(hasToken);
  }, [hasToken]);
  useEffect(() => onBasketChanged(() => void revalidator.revalidate()), [revalidator]);
  // A form post (or another tab) may have changed the stored basket: catch up with it.
  useEffect(() => {
    if (basketCount >= 0 && storedBasketChanged()) void restoreBasket().then(recalculateDiscount);
  }, [basketCount]);
  return (
    <>
      <SiteHeader basketCount={basketCount} signedIn={hasToken} />
      <FlashMessages messages={flash} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
      <SiteFooter />
      <BasketDrawer />
    </>
  );
}
