import { createStore } from "./store";

export type AlertType = "SUCCESS" | "ERROR" | "WARNING";
export type Alert = { key: string; type: AlertType; body: string };

/** spec §9: an alert shows for 3000 ms unless told otherwise. */
export const ALERT_TIMEOUT_MS = 3000;

export const alertsStore = createStore<Alert[]>([]);
/**
 * Where alerts show while a modal dialog is open: a modal makes the rest of the page inert, so an
 * alert outside it could be neither clicked nor heard. Null is the page's own notifications area.
 */
export const alertHostStore = createStore<HTMLElement | null>(null);
let nextKey = 0;

/** Shows an alert that disappears after `timeoutMs` (0 keeps it until dismissed). */
export function pushAlert(type: AlertType, body: string, timeoutMs = ALERT_TIMEOUT_MS): string {
  nextKey += 1;
  const key = `alert-${nextKey}`;
  alertsStore.set((alerts) => [...alerts, { key, type, body }]);
  if (timeoutMs > 0) setTimeout(() => dismissAlert(key), timeoutMs);
  return key;
}

export function dismissAlert(key: string): void {
  alertsStore.set((alerts) => alerts.filter((alert) => alert.key !== key));
}
