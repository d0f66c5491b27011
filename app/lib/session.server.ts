import { createContext, type RouterContextProvider } from "react-router";
import { TOKEN_COOKIE } from "../../common/auth-cookies";
import { tokenCookie } from "../../server/auth/middleware.ts";
import type { TokenAbility } from "../../server/auth/schema.ts";
import { findLiveToken, type LiveToken, revokeToken } from "../../server/auth/tokens.ts";
import { isStaffRole } from "../../server/customers/service.ts";
import { appContext } from "./app-context.server";
import { readCookie } from "./cookies";

/** The signed-in account of this request, put there by the `auth` and `staff` route middleware. */
export const sessionContext = createContext<LiveToken | null>(null);

/** The live token the request's `token` cookie carries, of either kind, or undefined. */
export async function findLiveSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<LiveToken | undefined> {
  const token = readCookie(request.headers.get("Cookie"), TOKEN_COOKIE);
  if (!token) return undefined;
  return findLiveToken(context.get(appContext).db, token);
}

/**
 * Whether `session` opens the `ability` side: a token of the other kind opens nothing here (as the
 * API's 403 would say), and a staff token needs a staff or admin account.
 */
export function sessionOpens(session: LiveToken | undefined | null, ability: TokenAbility) {
  if (!session || session.ability !== ability) return false;
  return ability === "customer" || isStaffRole(session.user.role);
}

/** The session the route middleware found; loaders behind `auth` or `staff` can rely on it. */
export function requireSession(context: Readonly<RouterContextProvider>): LiveToken {
  const session = context.get(sessionContext);
  if (!session) throw new Error("requireSession used on a route without the auth middleware");
  return session;
}

/** The Set-Cookie line that signs this browser in with `token`, or (empty) out. */
export function sessionCookie(
  context: Readonly<RouterContextProvider>,
  token: string,
  maxAgeSeconds: number,
): string {
  return tokenCookie(token, maxAgeSeconds, context.get(appContext).config.secure);
}

/** Signs this browser out: revokes the token its cookie carries, and the Set-Cookie that clears it. */
export async function endSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<string> {
  const token = readCookie(request.headers.get("Cookie"), TOKEN_COOKIE);
  if (token) await revokeToken(context.get(appContext).db, token);
  return sessionCookie(context, "", 0);
}
