import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

function sign(value: string, secret: string): string {
  return createHmac("sha256", secret).update(`xsrf:${value}`).digest("base64url");
}

/** A random token signed with the shop's secret, so a token we did not mint is refused. */
export function mintCsrfToken(secret: string): string {
  const value = randomBytes(24).toString("base64url");
  return `${value}.${sign(value, secret)}`;
}

/**
 * True when the header matches the cookie and carries our signature (architecture.md §4,
 * security.md #16).
 */
export function csrfTokenIsValid(
  header: string | undefined,
  cookie: string | undefined,
  secret: string,
): boolean {
  if (!header || !cookie || header.length !== cookie.length) return false;
  if (!timingSafeEqual(Buffer.from(header), Buffer.from(cookie))) return false;
  const [value, signature, ...rest] = cookie.split(".");
  if (!value || !signature || rest.length > 0) return false;
  const expected = Buffer.from(sign(value, secret));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
