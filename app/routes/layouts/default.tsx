import { useEffect } from "react";
import { Outlet, useRevalidator } from "react-router";
import { BASKET_COOKIE, parseStoredBasket, storedBasketCount } from "../../../common/basket-rules";
import { onBasketChanged, restoreBasket, storedBasketChanged } from "../../client/basket";
import { loadChunk } from "../../client/chunk-reload";
import { useFocusOnPageChange } from "../../client/page-focus";
import { DeferredBasketDrawer } from "../../components/deferred-parts";
import { FlashMessages } from "../../components/flash-messages";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";
import { readCookie } from "../../lib/cookies";
import { clearFlash, takeFlash } from "../../lib/flash.server";
import { routeMiddleware } from "../../lib/route-middleware.server";
import { sessionContext } from "../../lib/session.server";
import type { Route } from "./+types/default";

export const middleware = [clearFlash, ...routeMiddleware("session")];

// The header is rendered on the server from the cookies, so its count is right before any script.
// Signed in means a live customer token, not just a cookie (the session middleware checked it).
export function loader({ request, context }: Route.LoaderArgs) {
  const cookies = request.headers.get("Cookie");
  const basketCount = storedBasketCount(parseStoredBasket(readCookie(cookies, BASKET_COOKIE)));
  const hasToken = Boolean(context.get(sessionContext));
  return { hasToken, basketCount, flash: takeFlash(request, context).messages };
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const { hasToken, basketCount, flash } = loaderData;
  const revalidator = useRevalidator();
  useFocusOnPageChange();
  // The start-up (and the sign-in and discount code it brings) is not needed for the first paint.
  useEffect(() => {
    void loadChunk(() => import("../../client/startup")).then((startup) =>
      startup?.runStartup(hasToken),
    );
  }, [hasToken]);
  useEffect(() => onBasketChanged(() => void revalidator.revalidate()), [revalidator]);
  // A form post (or another tab) may have changed the stored basket: catch up with it.
  useEffect(() => {
    if (basketCount >= 0 && storedBasketChanged()) void restoreBasket();
  }, [basketCount]);
  return (
    <>
      <SiteHeader basketCount={basketCount} signedIn={hasToken} />
      <FlashMessages messages={flash} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
      <SiteFooter />
      <DeferredBasketDrawer />
    </>
  );
}
