import { type ReactNode, type SyntheticEvent, useEffect, useState } from "react";
import {
  Link,
  type LinkProps,
  NavLink,
  type NavLinkProps,
  PrefetchPageLinks,
  useHref,
} from "react-router";
import { loadRouteModules } from "../../client/chunk-reload";
import { usePrefetchMode } from "../../client/connection";

// As React Router's own intent prefetch: the pointer or focus rests this long first.
const INTENT_DELAY_MS = 100;

type IntentHandlers = Pick<
  LinkProps,
  "onFocus" | "onBlur" | "onMouseEnter" | "onMouseLeave" | "onTouchStart"
>;

function after<E extends SyntheticEvent>(
  theirs: ((event: E) => void) | undefined,
  ours: () => void,
) {
  return (event: E) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours();
  };
}

/**
 * behaviour.md §2: prefetch a link's page (its `.data` and route modules, decision 0018) on intent,
 * unless the connection is slow or saves data. React Router's own `prefetch="intent"` loads the
 * page's route modules to read their links and, when one fails, reloads the page being shown,
 * past the chunk-reload guard; so the modules are loaded here first, and a failure only skips the
 * prefetch (following the link then goes through the guard, decision 0003).
 */
function useIntentPrefetch(
  to: LinkProps["to"],
  theirs: IntentHandlers,
): { handlers: IntentHandlers; links: ReactNode } {
  const allowed = usePrefetchMode() === "intent";
  const href = useHref(to);
  const [intent, setIntent] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!intent || !allowed) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      loadRouteModules(new URL(href, window.location.href)).then(
        () => !cancelled && setLoaded(true),
        () => {},
      );
    }, INTENT_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      setLoaded(false);
    };
  }, [intent, allowed, href]);
  // Another site's address is no route of ours.
  if (!allowed || !href.startsWith("/")) return { handlers: theirs, links: null };
  const start = () => setIntent(true);
  const stop = () => setIntent(false);
  return {
    handlers: {
      onFocus: after(theirs.onFocus, start),
      onBlur: after(theirs.onBlur, stop),
      onMouseEnter: after(theirs.onMouseEnter, start),
      onMouseLeave: after(theirs.onMouseLeave, stop),
      onTouchStart: after(theirs.onTouchStart, start),
    },
    links: loaded ? <PrefetchPageLinks page={href} /> : null,
  };
}

/**
 * A Link that prefetches on intent, except on slow or data-saving connections (behaviour.md §2).
 */
export function AppLink(props: LinkProps) {
  const { handlers, links } = useIntentPrefetch(props.to, props);
  return (
    <>
      <Link {...props} {...handlers} prefetch="none" />
      {links}
    </>
  );
}

/** The NavLink counterpart of AppLink, for navigation that shows where you are. */
export function AppNavLink(props: NavLinkProps) {
  const { handlers, links } = useIntentPrefetch(props.to, props);
  return (
    <>
      <NavLink {...props} {...handlers} prefetch="none" />
      {links}
    </>
  );
}
