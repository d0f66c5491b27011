import { TOKEN_COOKIE } from "../../common/auth-cookies.ts";
import { BASKET_COOKIE, parseStoredBasket, storedBasketCount } from "../../common/basket-rules.ts";
import { FLASH_COOKIE, readCookie } from "../../common/cookies.ts";

/**
 * Anonymous pages that show nothing of the visitor, and public API answers: browsers and shared
 * caches (a CDN) may keep them a minute. Such a page carries no per-request secret: its scripts
 * are allowed by their hashes, not a nonce (docs/decisions/0035), and it sets no cookie.
 */
export const PUBLIC_CACHE = "public, max-age=60, stale-while-revalidate=300";
/**
 * An anonymous page that shows the visitor's basket count: the same for every visitor with that
 * count (the shop's own memory keeps it so), but no shared cache may, as a CDN keying on the URL
 * would hand one visitor's count to the next. Only the browser keeps it, and asks again each time
 * (its ETag makes the answer a 304 while nothing changed).
 */
export const PRIVATE_PAGE = "private, no-cache";
/**
 * A page made for one visitor: signed in (a `token` cookie), carrying a message for them, or
 * setting a cookie (a per-visitor value). Nobody keeps it, the browser included: not a CDN that
 * ignores `Vary: Cookie`, nor the disk of a shared computer after its user signed out.
 */
export const PERSONAL_PAGE = "private, no-store";
// Pages that act for one shopper (or one member of staff) or take what they type.
const PERSONAL_PATHS =
  /^\/(?:basket|checkout|customer|admin|login|register|forgot-password|reset-password|logout)(?:[/.]|$)/;

/**
 * What an anonymous page is kept under in memory (docs/decisions/0023): the build, the basket
 * count the header shows (the one part of the request that changes the page), and the address
 * with its query. Undefined for a request the cache must not answer: not a GET or HEAD, any
 * `token` cookie (live or not), a message waiting, a personal page, or the API (which has its
 * own keys). React Router's data requests (`/products/x.data`) are pages too.
 */
export function pageCacheKey(request: Request, buildId: string): string | undefined {
  const url = request.url;
  const target = url.slice(url.indexOf("/", url.indexOf("//") + 2));
  return pageKey(request.method, target, request.headers.get("Cookie") ?? undefined, buildId);
}

/**
 * `pageCacheKey` from a request's parts: its method, its target (the path with its query, as
 * sent) and its Cookie header. The node listener's memory answers look entries up with it.
 */
export function pageKey(
  method: string,
  target: string,
  cookies: string | undefined,
  buildId: string,
): string | undefined {
  if (method !== "GET" && method !== "HEAD") return undefined;
  const queryStart = target.indexOf("?");
  const path = queryStart === -1 ? target : target.slice(0, queryStart);
  if (path.startsWith("/api/") || PERSONAL_PATHS.test(path)) return undefined;
  if (carriesSession(cookies)) return undefined;
  const count = storedBasketCount(parseStoredBasket(readCookie(cookies, BASKET_COOKIE)));
  return `${buildId} ${count} ${target}`;
}

/** Whether a Cookie header holds a `token` (live or not) or a waiting message: never cached. */
export const carriesSession = (cookies: string | undefined): boolean =>
  cookies !== undefined &&
  (readCookie(cookies, TOKEN_COOKIE) !== undefined ||
    readCookie(cookies, FLASH_COOKIE) !== undefined);

/** The basket count a page key was made with. */
function basketCountOf(key: string): number {
  const start = key.indexOf(" ") + 1;
  return Number(key.slice(start, key.indexOf(" ", start)));
}

/**
 * Cache-Control for a rendered page that did not set its own (docs/decisions/0035). An anonymous
 * page (one with a `key`) that shows no basket and sets no cookie may be kept by shared caches
 * briefly; one that shows a basket count by the browser only; a page for one visitor (no `key`:
 * signed in, a message, a personal address) or one that sets a cookie by nobody. `Vary` names
 * what the key does (compression adds Accept-Encoding).
 */
export function withPageCaching(
  request: Request,
  response: Response,
  key: string | undefined,
): Response {
  if (request.method !== "GET" || response.status !== 200 || response.headers.has("Cache-Control"))
    return response;
  const headers = new Headers(response.headers);
  const personal = key === undefined || headers.has("Set-Cookie");
  headers.set(
    "Cache-Control",
    personal ? PERSONAL_PAGE : basketCountOf(key) === 0 ? PUBLIC_CACHE : PRIVATE_PAGE,
  );
  headers.append("Vary", "Cookie");
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
