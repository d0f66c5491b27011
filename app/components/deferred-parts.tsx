import { Suspense, useEffect, useState } from "react";
import { basketStore } from "../client/basket";
import { lazyComponent } from "../client/lazy";
import { useStore } from "../client/store";

// Issue 17: the page's own scripts carry only what the first paint needs. These parts show
// nothing in the server's HTML, so their code comes later, in chunks of their own.
const CookieBanner = lazyComponent(() =>
  import("./cookie-banner").then((module) => module.CookieBanner),
);
const BasketDrawer = lazyComponent(() =>
  import("./basket-drawer").then((module) => module.BasketDrawer),
);

/**
 * The consent banner, fetched once the page has hydrated: it depends on the visitor's cookie, so
 * the server never renders it; fixed to the foot of the screen, its late arrival shifts nothing.
 * GA4 waits for it, as it starts only from the banner's reading of the stored choice.
 */
export function DeferredCookieBanner({ gaMeasurementId }: { gaMeasurementId: string | null }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner gaMeasurementId={gaMeasurementId} />
    </Suspense>
  );
}

/**
 * The basket drawer, fetched the first time it opens (add to basket, the header's basket link)
 * and kept from then on. Without JavaScript the header link goes to /basket as before.
 */
export function DeferredBasketDrawer() {
  const { drawerOpen } = useStore(basketStore);
  const [wanted, setWanted] = useState(drawerOpen);
  if (drawerOpen && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <BasketDrawer />
    </Suspense>
  );
}
