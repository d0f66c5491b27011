type Gtag = (...args: unknown[]) => void;
type GaWindow = Window & { dataLayer?: unknown[]; gtag?: Gtag };

const GTAG_SCRIPT_URL = "https://www.googletagmanager.com/gtag/js";

/** This page's gtag, made at most once: the script and its config are never added twice. */
let pageGtag: Gtag | undefined;

// Google's documented switch: GA4 sends nothing for an id while `window['ga-disable-<id>']` is true.
function setCollectionDisabled(measurementId: string, disabled: boolean): void {
  (window as unknown as Record<string, unknown>)[`ga-disable-${measurementId}`] = disabled;
}

// The nonce of the page's own scripts: browsers hide it from getAttribute, not from `.nonce`.
function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

/**
 * Turns GA4 on for this page: the first time it defines `window.gtag` and the data layer,
 * configures the property without Google signals or ad personalisation, and adds gtag.js; after
 * a withdrawal in the same page it only lets collection resume. Call only with consent.
 */
export function startGa4(measurementId: string): void {
  const target = window as GaWindow;
  setCollectionDisabled(measurementId, false);
  if (!pageGtag) {
    target.dataLayer ??= [];
    const dataLayer = target.dataLayer;
    pageGtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js reads commands only as Arguments objects.
      dataLayer.push(arguments);
    };
    pageGtag("js", new Date());
    pageGtag("config", measurementId, {
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
    });
    const script = document.createElement("script");
    script.async = true;
    script.src = `${GTAG_SCRIPT_URL}?id=${encodeURIComponent(measurementId)}`;
    const nonce = pageNonce();
    if (nonce) script.nonce = nonce;
    document.head.append(script);
  }
  target.gtag = pageGtag;
}

/**
 * Consent withdrawn: GA4 stops collecting at once (the script cannot be unloaded), and without
 * `window.gtag` the shop's events are no longer forwarded to it.
 */
export function stopGa4(measurementId: string): void {
  setCollectionDisabled(measurementId, true);
  delete (window as GaWindow).gtag;
}
