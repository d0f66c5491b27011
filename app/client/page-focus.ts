import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page, focus moves to the new page's main heading
 * (or, without one, to the main content), so a screen reader announces where the shopper has
 * arrived and Tab continues from there, as a full page load would. The first render (the
 * server's page) and changes of query or hash only (filters, sorting, anchors) keep focus.
 */
export function useFocusOnPageChange(mainId = "main"): void {
  const { pathname } = useLocation();
  const focusedFor = useRef(pathname);
  useEffect(() => {
    if (focusedFor.current === pathname) return;
    focusedFor.current = pathname;
    const main = document.getElementById(mainId);
    const target = main?.querySelector<HTMLElement>("h1") ?? main;
    if (!target) return;
    // Focusable by script only: a heading is not a stop in the Tab order.
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    // Scrolling is ScrollRestoration's job (top for a new page, the old place on Back).
    target.focus({ preventScroll: true });
  }, [pathname, mainId]);
}
