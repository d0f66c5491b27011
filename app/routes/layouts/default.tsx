import { useEffect } from "react";
import { Outlet } from "react-router";
import { parseStoredBasket } from "../../client/basket";
import { runStartup } from "../../client/startup";
import { SiteFooter } from "../../components/site-footer";
import { SiteHeader } from "../../components/site-header";
import { hasTokenCookie } from "../../lib/cookies";
import type { Route } from "./+types/default";

// The header is rendered on the server from the cookies, so its count is right before any script.
export function loader({ request }: Route.LoaderArgs) {
  const stored = parseStoredBasket(request.headers.get("Cookie"));
  const basketCount = Object.values(stored).reduce((sum, quantity) => sum + quantity, 0);
  return { hasToken: hasTokenCookie(request), basketCount };
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const { hasToken, basketCount } = loaderData;
  useEffect(() => {
    void runStartup(hasToken);
  }, [hasToken]);
  return (
    <>
      <SiteHeader basketCount={basketCount} signedIn={hasToken} />
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
