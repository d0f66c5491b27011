import { Link, type LinkProps, NavLink, type NavLinkProps } from "react-router";
import { usePrefetchMode } from "../../client/connection";

/** A Link that prefetches on intent, except on slow or data-saving connections (spec §2). */
export function AppLink(props: LinkProps) {
  const prefetch = usePrefetchMode();
  return <Link prefetch={prefetch} {...props} />;
}

/** The NavLink counterpart of AppLink, for navigation that shows where you are. */
export function AppNavLink(props: NavLinkProps) {
  const prefetch = usePrefetchMode();
  return <NavLink prefetch={prefetch} {...props} />;
}
