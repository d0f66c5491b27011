import { useEffect, useLayoutEffect } from "react";
import { createPath, useLocation, useNavigation } from "react-router";
import { dismissAlertsOfOtherPages, pushAlert } from "./alerts";
import { currentBuildId, newBuildAvailable } from "./build-status";
import { installChunkReloadGuard, loadChunk } from "./chunk-reload";
import { markHydrated } from "./hydration";

/** behaviour.md §9: the first build manifest fetch waits 1 s after the page loads. */
export const FIRST_BUILD_CHECK_DELAY_MS = 1000;

/**
 * The browser behaviours every page shares: the chunk-reload guard, the new-build check (and a
 * full page load on the next navigation once a new build is out), and offline notices.
 */
export function useShopRuntime(): void {
  // The root's effects run after every other one of the hydrating page.
  useEffect(markHydrated, []);
  useEffect(() => {
    const removeGuard = installChunkReloadGuard();
    let stopCheck: (() => void) | undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // behaviour.md §9: the first manifest fetch is 1 s after the page has loaded (images and fonts
    // too).
    const startTimer = () => {
      timer = setTimeout(async () => {
        const id = currentBuildId();
        const module = await loadChunk(() => import("./build-check"));
        if (module && id && !cancelled) stopCheck = module.startBuildCheck(id);
      }, FIRST_BUILD_CHECK_DELAY_MS);
    };
    if (document.readyState === "complete") startTimer();
    else window.addEventListener("load", startTimer, { once: true });
    const onOffline = () =>
      pushAlert(
        "WARNING",
        "You are offline. Pages and your basket will update when you reconnect.",
      );
    const onOnline = () => pushAlert("SUCCESS", "You are back online.");
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener("load", startTimer);
      stopCheck?.();
      removeGuard();
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
    };
  }, []);

  const navigation = useNavigation();
  useEffect(() => {
    const isPageLoad = navigation.state === "loading" && !navigation.formMethod;
    if (isPageLoad && navigation.location && newBuildAvailable()) {
      window.location.assign(createPath(navigation.location));
    }
  }, [navigation.state, navigation.location, navigation.formMethod]);

  // Toasts about an action on the page left do not follow the shopper to the next one; gone
  // before the new page is painted, so it never shows them.
  const { pathname } = useLocation();
  useLayoutEffect(() => dismissAlertsOfOtherPages(pathname), [pathname]);
}
