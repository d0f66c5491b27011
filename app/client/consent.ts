import { readCookie } from "../lib/cookies";
import { startGa4, stopGa4 } from "./ga4";
import { createStore } from "./store";

/** The strictly necessary cookie that keeps the visitor's choice (cookie policy §5). */
export const CONSENT_COOKIE = "cookie_consent";
/** Cookie policy §6: the choice is kept for 12 months, then asked again. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

// Versioned, so that a new kind of cookie can ask again (cookie policy §9) by changing the prefix.
const GRANTED = "v1.analytics-granted";
const DENIED = "v1.analytics-denied";

/** The visitor's answer about analytics cookies; "unset" until they give one. */
export type AnalyticsChoice = "granted" | "denied" | "unset";

/** The choice a `cookie_consent` value holds; anything unknown (another version) asks again. */
export function parseConsent(value: string | undefined): AnalyticsChoice {
  if (value === GRANTED) return "granted";
  if (value === DENIED) return "denied";
  return "unset";
}

export function serialiseConsent(granted: boolean): string {
  return granted ? GRANTED : DENIED;
}

/** The `document.cookie` assignment that stores a choice for 12 months. */
export function consentCookie(granted: boolean, secure: boolean): string {
  const attributes = [`Path=/`, `Max-Age=${CONSENT_MAX_AGE_SECONDS}`, "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return [`${CONSENT_COOKIE}=${serialiseConsent(granted)}`, ...attributes].join("; ");
}

/** The names of GA4's cookies (`_ga` and `_ga_<id>`) in a cookie string. */
export function gaCookieNames(cookies: string): string[] {
  return cookies
    .split(";")
    .map((part) => part.split("=")[0]?.trim() ?? "")
    .filter((name) => name === "_ga" || name.startsWith("_ga_"));
}

/**
 * The Domain attributes a cookie readable on `hostname` may have been set with: none (host-only),
 * the host, and each parent domain. GA4 picks the widest domain it may, so withdrawal must try
 * each; the browser ignores the ones it would never have accepted (a public suffix).
 */
export function cookieDomains(hostname: string): Array<string | undefined> {
  const isIpAddress = /^[\d.]+$/.test(hostname) || hostname.includes(":");
  const labels = hostname.split(".");
  const parents = isIpAddress
    ? []
    : labels.slice(1, -1).map((_, index) => labels.slice(index + 1).join("."));
  return [undefined, hostname, ...parents];
}

/** The `document.cookie` assignments that remove cookie `name` on every domain it may be on. */
export function cookieRemovals(name: string, hostname: string): string[] {
  return cookieDomains(hostname).map(
    (domain) => `${name}=; Path=/; Max-Age=0${domain ? `; Domain=${domain}` : ""}`,
  );
}

type ConsentState = {
  /** Undefined until read from the browser's cookie: the server renders the same page for all. */
  analytics: AnalyticsChoice | undefined;
  /** Cookie settings were asked for: the banner shows even though a choice exists. */
  settingsOpen: boolean;
  /** The choices are shown: "Choose" was pressed, or cookie settings were asked for. */
  choicesOpen: boolean;
  /** Counts requests for cookie settings, so the banner can move focus to itself each time. */
  settingsRequests: number;
};

export const consentStore = createStore<ConsentState>({
  analytics: undefined,
  settingsOpen: false,
  choicesOpen: false,
  settingsRequests: 0,
});

/** Configured by the root loader; without it, GA4 is never loaded whatever the choice. */
let gaMeasurementId: string | undefined;

/** Reads the stored choice (after hydration) and loads GA4 when analytics were accepted. */
export function restoreConsent(measurementId: string | undefined): void {
  gaMeasurementId = measurementId;
  const analytics = parseConsent(readCookie(document.cookie, CONSENT_COOKIE));
  consentStore.set((state) => ({ ...state, analytics }));
  if (analytics === "granted" && gaMeasurementId) startGa4(gaMeasurementId);
}

function writeCookie(assignment: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = assignment;
}

/**
 * Stores the visitor's choice and acts on it at once: accepting loads GA4 (once per page);
 * rejecting stops it and removes the GA4 cookies this site can reach.
 */
export function setAnalyticsConsent(granted: boolean): void {
  writeCookie(consentCookie(granted, window.location.protocol === "https:"));
  consentStore.set((state) => ({
    ...state,
    analytics: granted ? "granted" : "denied",
    settingsOpen: false,
    choicesOpen: false,
  }));
  if (granted) {
    if (gaMeasurementId) startGa4(gaMeasurementId);
    return;
  }
  if (gaMeasurementId) stopGa4(gaMeasurementId);
  for (const name of gaCookieNames(document.cookie)) {
    for (const removal of cookieRemovals(name, window.location.hostname)) {
      writeCookie(removal);
    }
  }
}

/** Shows the banner with its choices, for changing a choice already made (cookie policy §7). */
export function openCookieSettings(): void {
  consentStore.set((state) => ({
    ...state,
    settingsOpen: true,
    choicesOpen: true,
    settingsRequests: state.settingsRequests + 1,
  }));
}

/** "Choose" in the banner: shows or hides the choices, without moving focus. */
export function toggleCookieChoices(): void {
  consentStore.set((state) => ({ ...state, choicesOpen: !state.choicesOpen }));
}

/** Closes cookie settings opened to change a choice, leaving the choice as it was. */
export function closeCookieSettings(): void {
  consentStore.set((state) => ({ ...state, settingsOpen: false, choicesOpen: false }));
}
