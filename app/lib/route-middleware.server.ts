import { data, type MiddlewareFunction, redirect } from "react-router";
import { hasTokenCookie } from "./cookies";
import { DEFAULT_SIGNED_IN_PATH, STAFF_HOME, STAFF_LOGIN } from "./redirect-target";
import { findLiveSession, sessionContext, sessionCookie, sessionOpens } from "./session.server";

type Middleware = MiddlewareFunction<Response>;

/**
 * Every page of the shop: finds who is signed in (a customer session goes into the context for
 * loaders), and clears a `token` cookie whose token is dead, so a stale cookie never makes the
 * shop look signed in.
 */
const session: Middleware = async ({ request, context }, next) => {
  const carried = hasTokenCookie(request);
  const live = carried ? await findLiveSession(request, context) : undefined;
  context.set(sessionContext, sessionOpens(live, "customer") ? (live ?? null) : null);
  const response = await next();
  if (carried && !live) response.headers.append("Set-Cookie", sessionCookie(context, "", 0));
  return response;
};

async function customerSession({ request, context }: Parameters<Middleware>[0]) {
  const known = context.get(sessionContext);
  if (known) return known;
  const live = hasTokenCookie(request) ? await findLiveSession(request, context) : undefined;
  return sessionOpens(live, "customer") ? live : undefined;
}

/**
 * behaviour.md §4: /customer/* is for signed-in customers; anyone else goes to Login (302) with the
 * page as the redirect target. The token is checked, not just the cookie's presence.
 */
const auth: Middleware = async (args) => {
  const live = await customerSession(args);
  if (!live) {
    const target = `${args.url.pathname}${args.url.search}`;
    throw redirect(`/login?redirect=${encodeURIComponent(target)}`, 302);
  }
  args.context.set(sessionContext, live);
};

/** Guest-only screens (Login, register, reset): a signed-in customer goes to the dashboard. */
const guest: Middleware = async (args) => {
  if (await customerSession(args)) throw redirect(DEFAULT_SIGNED_IN_PATH, 302);
};

/** What a signed-in customer (or an account no longer staff) reads at the back office's door. */
export const STAFF_ONLY =
  "The back office is for Encore staff. You are signed in with an account that cannot use it: sign out, then sign in at /admin/login with a staff account.";

/**
 * The back office: staff and admins signed in through the staff door only. Nobody signed in (or
 * a dead token) goes to the staff sign-in; someone signed in with an account that may not enter
 * (a customer) is refused with a 403, as the staff API refuses them, rather than being sent to
 * a sign-in form as if nobody were there.
 */
const staff: Middleware = async ({ request, context, url }) => {
  const live = await findLiveSession(request, context);
  if (!live) {
    throw redirect(`${STAFF_LOGIN}?redirect=${encodeURIComponent(url.pathname)}`, 302);
  }
  if (!sessionOpens(live, "staff")) throw data(STAFF_ONLY, { status: 403 });
  context.set(sessionContext, live);
};

/** The staff sign-in screen: someone already signed in as staff goes on to the back office. */
const staffGuest: Middleware = async ({ request, context }) => {
  if (sessionOpens(await findLiveSession(request, context), "staff")) {
    throw redirect(STAFF_HOME, 302);
  }
};

const registry: Record<string, Middleware> = {
  session,
  auth,
  guest,
  staff,
  "staff-guest": staffGuest,
};

/** The route middleware for `names`, looked up in the one registry; an unknown name throws. */
export function routeMiddleware(...names: string[]): Middleware[] {
  return names.map((name) => {
    const middleware = registry[name];
    if (!middleware) throw new Error(`Unknown route middleware: ${name}`);
    return middleware;
  });
}
