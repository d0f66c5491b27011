/** Where a signed-in customer lands when no (usable) redirect target was given. */
export const DEFAULT_SIGNED_IN_PATH = "/customer/dashboard";
/** The back office's first page, and its sign-in screen. */
export const STAFF_HOME = "/admin";
export const STAFF_LOGIN = "/admin/login";

/**
 * The redirect target to follow after sign-in, only when it is a path on this site: never
 * `//host`, `/\host`, a scheme, or anything with control characters, which browsers could read
 * as another site (an open redirect). Anything else gives `fallback`.
 */
export function safeRedirectTarget(
  target: string | null | undefined,
  fallback = DEFAULT_SIGNED_IN_PATH,
): string {
  if (!target || target.length > 2000) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  // Browsers drop tabs and newlines and treat backslashes as slashes: "/\t/evil" is "//evil".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse.
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return fallback;
  try {
    const base = "http://encore.invalid";
    const url = new URL(target, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
