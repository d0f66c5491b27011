import { useSyncExternalStore } from "react";

/**
 * Whether the CSS media query matches; undefined on the server and while hydrating, when the
 * screen is not known yet (so the server's markup must suit every screen).
 */
export function useMediaQuery(query: string): boolean | undefined {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", listener);
      return () => list.removeEventListener("change", listener);
    },
    () => window.matchMedia(query).matches,
    () => undefined,
  );
}
