import { useEffect, useId, useRef, useState } from "react";
import { useBottomBar } from "../client/bottom-bars";
import {
  closeCookieSettings,
  consentStore,
  restoreConsent,
  setAnalyticsConsent,
  toggleCookieChoices,
} from "../client/consent";
import { useStore } from "../client/store";
import { AppLink } from "./ui/app-link";
import { Button } from "./ui/button";

function Choice({
  label,
  description,
  ...checkbox
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  return (
    <div className="flex gap-3">
      <input
        id={id}
        type="checkbox"
        aria-describedby={`${id}-description`}
        className="mt-0.5 h-5 w-5 shrink-0 accent-ink"
        {...checkbox}
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted">
          {description}
        </p>
      </div>
    </div>
  );
}

/** The choices, starting from the visitor's current answer; saving stores what is ticked. */
function CookieChoices({ analyticsGranted }: { analyticsGranted: boolean }) {
  const [analytics, setAnalytics] = useState(analyticsGranted);
  return (
    <form
      className="mt-4 space-y-4 border-t border-line pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        setAnalyticsConsent(analytics);
      }}
    >
      <fieldset className="space-y-3">
        <legend className="sr-only">Cookies we use</legend>
        <Choice
          label="Strictly necessary"
          description="Always on. They keep your basket, sign-in and checkout working and remember this choice."
          checked
          disabled
        />
        <Choice
          label="Analytics"
          description="Google Analytics cookies (_ga) that show us how the shop is used. Off unless you switch them on."
          checked={analytics}
          onChange={(event) => setAnalytics(event.target.checked)}
        />
      </fieldset>
      <Button type="submit" size="sm">
        Save choices
      </Button>
    </form>
  );
}

/**
 * The cookie consent banner (PECR): asks before GA4 may load, and reopens from cookie settings.
 * It appears only in the browser, from the `cookie_consent` cookie, because pages are cached
 * for everyone; fixed to the bottom, it shifts nothing. Without a GA4 id there is nothing to
 * ask about, so it shows only when cookie settings are asked for.
 */
export function CookieBanner({ gaMeasurementId }: { gaMeasurementId: string | null }) {
  const { analytics, settingsOpen, choicesOpen, settingsRequests } = useStore(consentStore);
  const heading = useRef<HTMLHeadingElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  // Requests made before this banner mounted (say, on a back-office page) are not answered now.
  const handledRequests = useRef(settingsRequests);
  const banner = useRef<HTMLElement>(null);
  const headingId = useId();
  const choicesId = useId();

  useEffect(() => restoreConsent(gaMeasurementId ?? undefined), [gaMeasurementId]);

  // Until a first answer, there is only something to ask about when GA4 is configured.
  const mustAnswer = analytics === "unset" && Boolean(gaMeasurementId);
  const visible = analytics !== undefined && (settingsOpen || mustAnswer);
  useBottomBar(banner, visible);

  // Opened from a cookie settings button: focus moves to the banner, and back once it closes.
  useEffect(() => {
    if (settingsRequests === handledRequests.current) return;
    handledRequests.current = settingsRequests;
    if (document.activeElement instanceof HTMLElement) {
      returnFocusTo.current = document.activeElement;
    }
    heading.current?.focus();
  }, [settingsRequests]);
  useEffect(() => {
    if (visible || !returnFocusTo.current) return;
    if (returnFocusTo.current.isConnected) returnFocusTo.current.focus();
    returnFocusTo.current = null;
  }, [visible]);

  if (!visible) return null;
  return (
    <section
      ref={banner}
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        // Esc leaves the choice as it is; a first visit needs an answer.
        if (event.key === "Escape" && !mustAnswer) closeCookieSettings();
      }}
      className="fixed inset-x-0 bottom-0 z-(--z-banner) max-h-[75dvh] overflow-y-auto border-t-4 border-ink bg-white text-ink shadow-[0_-8px_24px_rgb(22_19_26/0.18)]"
    >
      <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 sm:py-5">
        <div className="flex items-start justify-between gap-4">
          <h2 id={headingId} ref={heading} tabIndex={-1} className="font-display text-lg">
            Cookie choices
          </h2>
          {!mustAnswer && (
            <button
              type="button"
              onClick={closeCookieSettings}
              className="rounded px-2 py-1 text-sm font-semibold underline hover:text-accent-dark"
            >
              Close
            </button>
          )}
        </div>
        <p className="mt-1 max-w-3xl text-sm">
          We use strictly necessary cookies to keep your basket and sign-in working. With your
          permission, we also use Google Analytics to see how the shop is used.{" "}
          <AppLink to="/legal/cookie-policy" className="font-semibold underline">
            Read our cookie policy
          </AppLink>
          .
        </p>
        {analytics !== "unset" && (
          <p className="mt-2 text-sm font-semibold">
            Analytics cookies are {analytics === "granted" ? "on" : "off"} at the moment.
          </p>
        )}
        {/* PECR and ICO guidance: rejecting must be as easy and as prominent as accepting, so both
            share one style; "Choose" is the secondary action. */}
        <div className="mt-3 grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button size="sm" onClick={() => setAnalyticsConsent(true)}>
            Accept analytics
          </Button>
          <Button size="sm" onClick={() => setAnalyticsConsent(false)}>
            Reject analytics
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="col-span-2"
            aria-expanded={choicesOpen}
            aria-controls={choicesId}
            onClick={toggleCookieChoices}
          >
            Choose
          </Button>
        </div>
        <div id={choicesId}>
          {choicesOpen && <CookieChoices analyticsGranted={analytics === "granted"} />}
        </div>
      </div>
    </section>
  );
}
