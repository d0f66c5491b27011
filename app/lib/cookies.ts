import { readCookie } from "../../common/cookies";

// Read on both sides: the server's page cache keys pages by what the cookies say.
export { readCookie };

/** behaviour.md §4: a visitor is a customer when the request carries a `token` cookie. */
export function hasTokenCookie(request: Request): boolean {
  return Boolean(readCookie(request.headers.get("Cookie"), "token"));
}
