import { startTransition, useEffect, useState } from "react";
import { hasHydrated } from "./hydration";

/**
 * Whether the CSS media query matches; undefined on the server and while hydrating, when the
 * screen is not known yet (so the server's markup must suit every screen). A component mounted
 * after hydration (a client-side navigation) knows it from its first render.
 *
 * The value the page hydrated with is replaced in a transition, not (as useSyncExternalStore
 * does when the server's value differs) in a synchronous render: on a phone `/products` swaps its
 * filters for the sheet then, which as one task blocked the main thread for 350–900 ms at phone
 * speed (issue 29); as a transition React renders it in slices, and keeps the server's markup
 * while the new part's code is still loading.
 */
export function useMediaQuery(query: string): boolean | undefined {
  const [matches, setMatches] = useState(() =>
    hasHydrated() ? window.matchMedia(query).matches : undefined,
  );
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener("change", update);
    return () => list.removeEventListener("change", update);
  }, [query]);
  return matches;
}
