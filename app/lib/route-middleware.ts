import { type MiddlewareFunction, redirect } from "react-router";
import { hasTokenCookie } from "./cookies";

/** spec §4: a visitor without a token cookie opening /customer/* goes to Login (302). */
const auth: MiddlewareFunction<Response> = ({ request, url }) => {
  if (hasTokenCookie(request)) return;
  const target = `${url.pathname}${url.search}`;
  throw redirect(`/login?redirect=${encodeURIComponent(target)}`, 302);
};

/** Guest-only screens (Login): a signed-in customer goes to the dashboard instead. */
const guest: MiddlewareFunction<Response> = ({ request }) => {
  if (hasTokenCookie(request)) throw redirect("/customer/dashboard", 302);
};

const registry: Record<string, MiddlewareFunction<Response>> = { auth, guest };

/** The route middleware for `names`, looked up in the one registry; an unknown name throws. */
export function routeMiddleware(...names: string[]): MiddlewareFunction<Response>[] {
  return names.map((name) => {
    const middleware = registry[name];
    if (!middleware) throw new Error(`Unknown route middleware: ${name}`);
    return middleware;
  });
}
