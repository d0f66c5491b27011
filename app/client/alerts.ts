import { createStore } from "./store";

export type AlertType = "SUCCESS" | "ERROR" | "WARNING";
export type Alert = {
  key: string;
  type: AlertType;
  body: string;
  /** The page (path) the alert is about: it is dismissed when the shopper goes to another. */
  page: string;
  /** Pushed on the way to another page (a sign-in's success): it is about the page it lands on. */
  forNextPage?: boolean;
};

/** behaviour.md §9: an alert shows for 3000 ms unless told otherwise. */
export const ALERT_TIMEOUT_MS = 3000;

export const alertsStore = createStore<Alert[]>([]);
/**
 * Where alerts show while a modal dialog is open: a modal makes the rest of the page inert, so an
 * alert outside it could be neither clicked nor heard. Null is the page's own notifications area.
 */
export const alertHostStore = createStore<HTMLElement | null>(null);
let nextKey = 0;

const currentPage = () => (typeof window === "undefined" ? "" : window.location.pathname);

/**
 * Shows an alert that disappears after `timeoutMs` (0 keeps it until dismissed), or when the
 * shopper moves to another page; `forNextPage` is for an alert pushed on the way to another page,
 * which is shown there.
 */
export function pushAlert(
  type: AlertType,
  body: string,
  timeoutMs = ALERT_TIMEOUT_MS,
  { forNextPage = false }: { forNextPage?: boolean } = {},
): string {
  nextKey += 1;
  const key = `alert-${nextKey}`;
  const alert: Alert = { key, type, body, page: currentPage(), forNextPage };
  alertsStore.set((alerts) => [...alerts, alert]);
  if (timeoutMs > 0) setTimeout(() => dismissAlert(key), timeoutMs);
  return key;
}

/**
 * Issue 29: a toast about an action ("added to your basket") must not follow the shopper to the
 * next page. Once the shopper is on `pathname`, the alerts of other pages go; those pushed for the
 * next page (and those a page's form post left for it, pushed on arrival) stay.
 */
export function dismissAlertsOfOtherPages(pathname: string): void {
  const alerts = alertsStore.get();
  if (alerts.every((alert) => alert.page === pathname)) return;
  alertsStore.set(
    alerts
      .filter((alert) => alert.page === pathname || alert.forNextPage)
      .map((alert) =>
        alert.page === pathname ? alert : { ...alert, page: pathname, forNextPage: false },
      ),
  );
}

export function dismissAlert(key: string): void {
  alertsStore.set((alerts) => alerts.filter((alert) => alert.key !== key));
}
