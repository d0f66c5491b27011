/** Where a signed-in customer lands when no (usable) redirect target was given. */
export const DEFAULT_SIGNED_IN_PATH = "/customer/dashboard";
/**
 * Where a shopper who chose to sign out lands: Login, saying so once (the page drops the mark from
 * its address, so a reload does not say it again).
 */
export const SIGNED_OUT_PATH = "/login?signed-out=1";
/** The back office's first page, and its sign-in screen. */
export const STAFF_HOME = "/admin";
export const STAFF_LOGIN = "/admin/login";
/** Where staff who chose to sign out land: their sign-in, saying so once. */
export const STAFF_SIGNED_OUT_PATH = `${STAFF_LOGIN}?signed-out=1`;

/**
 * The redirect target to follow after sign-in, only when it is a path on this site: never
 * `//host`, `/\host`, a scheme, or anything with control characters, which browsers could read
 * as another site (an open redirect). What comes out is checked too, as normalising can make
 * `/.//host` into `//host` (security.md #18). Anything else gives `fallback`.
 */
export function safeRedirectTarget(
  target: string | null | undefined,
  fallback = DEFAULT_SIGNED_IN_PATH,
): string {
  if (!target || target.length > 2000 || !isLocalPath(target)) return fallback;
  // Browsers drop tabs and newlines and treat backslashes as slashes: "/\t/evil" is "//evil".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse.
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const base = "http://encore.invalid";
    const url = new URL(target, base);
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === base && isLocalPath(path) ? path : fallback;
  } catch {
    return fallback;
  }
}

/** A path on this site: one slash, not two, and no backslash a browser would read as one. */
function isLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}
