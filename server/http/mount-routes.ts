import type { Context, Handler, Hono } from "hono";
import { isRefusal } from "../../common/refusal.ts";
import { optionalCustomer, pageExpired, requireAuth } from "../auth/middleware.ts";
import { answerBody, refusalStatuses } from "./answers.ts";
import { invalidBodyErrors } from "./body-checks.ts";
import { clientAddress } from "./client-address.ts";
import { withinDeadline } from "./deadline.ts";
import type { AppEnv } from "./env.ts";
import { ok } from "./envelope.ts";
import { ApiError } from "./errors.ts";
import { refusalAsApiError } from "./refusals.ts";
import {
  type AnyRoute,
  AREA_PREFIX,
  type Area,
  answerStatus,
  type CallContext,
  type RouteGroup,
  routeAccess,
  routeAnswers,
  runCall,
  takeRouteLimit,
} from "./route-table.ts";
import { isCrossSite } from "./same-origin.ts";
import { jsonBody, multipartBody, pathParams, queryParams } from "./validate.ts";

/** `/products/{id}` as Hono writes it: `/products/:id`. */
export const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

export type MountOptions = {
  /** Tests: every answer is checked against its declaration, so the document cannot lie. */
  checkAnswers?: boolean;
};

/** The edge-neutral context of an API request. */
function callContext(c: Context<AppEnv>, account: CallContext["account"]): CallContext {
  return {
    db: c.get("db"),
    config: c.get("config"),
    logger: c.get("logger"),
    clientAddress: clientAddress(c),
    account,
    idempotencyKey: c.req.header("idempotency-key"),
    files: c.get("files"),
  };
}

/** The default answer of a `call` route: the `{ data }` envelope, or a page as it is. */
function defaultReply(c: Context<AppEnv>, route: AnyRoute, value: unknown): Response {
  const [answer] = routeAnswers(route);
  if (!answer) throw new Error(`${route.method} ${route.path} declares no answer`);
  if ("data" in answer) return ok(c, value, answer.status ?? 200);
  if ("empty" in answer) return c.body(null, answer.empty);
  return c.json(value as object);
}

function routeHandler(route: AnyRoute, area: Area): Handler<AppEnv> {
  const access = routeAccess(route, area);
  return async (c) => {
    if (access !== "anyone") await requireAuth(access, c.get("secret"))(c, async () => {});
    // security.md #16: no unsafe call from another site, signed in or not (a cross-site form could
    // otherwise sign a victim into the attacker's account). The API sends no CORS headers, so
    // no legitimate browser client elsewhere is refused here.
    if (route.method !== "get" && isCrossSite(c.req.raw)) throw pageExpired();
    const account = route.identify ? await optionalCustomer(c) : c.get("auth");
    const params = route.params ? pathParams(c, route.params) : {};
    const query = route.query ? queryParams(c, route.query) : {};
    // An upload is read only once its sender is known to be allowed, and its deadline starts
    // once it has arrived (the app's own deadline skips it, see `readsOwnBody`).
    if (route.multipart) {
      const { schema, maxBytes } = route.multipart;
      const body = await multipartBody(c, schema, maxBytes);
      return withinDeadline(c.get("config").requestDeadlineMs, () =>
        answer(c, route, account, { params, query, body }),
      );
    }
    const body = route.body
      ? await jsonBody(c, route.body, (raw, error) =>
          invalidBodyErrors(route, callContext(c, account), raw, error),
        )
      : undefined;
    return answer(c, route, account, { params, query, body });
  };
}

/** Runs a route on its validated input: its limit, then its `call` or `handle`. */
async function answer(
  c: Context<AppEnv>,
  route: AnyRoute,
  account: CallContext["account"],
  input: { params: unknown; query: unknown; body: unknown },
): Promise<Response> {
  for (const [name, value] of Object.entries(route.headers ?? {})) c.header(name, value);
  const context = callContext(c, account);
  if (route.handle) {
    const limited = await takeRouteLimit(route, context);
    if (limited) throw refusalAsApiError(limited);
    return route.handle(c, input);
  }
  const value = await runCall(route, context, input);
  if (isRefusal(value)) throw refusalAsApiError(value);
  return route.reply ? route.reply(c, value) : defaultReply(c, route, value);
}

/**
 * Which requests go to a route that reads its own body (an upload): the app's 1 MB body limit
 * and its request deadline leave them to the route (see `multipart` in the route table).
 */
export function readsOwnBody(groups: RouteGroup[]): (method: string, path: string) => boolean {
  const uploads = groups.flatMap(({ area, routes }) =>
    routes
      .filter((route) => route.multipart)
      .map((route) => ({
        method: route.method.toUpperCase(),
        path: new RegExp(
          `^${`${AREA_PREFIX[area]}${route.path}`
            .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
            .replace(/\{\w+\}/g, "[^/]+")}$`,
        ),
      })),
  );
  return (method, path) => uploads.some((each) => each.method === method && each.path.test(path));
}

/** Tests: an answer its route does not declare is a bug in the route or in its declaration. */
function checkedHandler(route: AnyRoute, area: Area, inner: Handler<AppEnv>): Handler<AppEnv> {
  const where = `${route.method.toUpperCase()} ${AREA_PREFIX[area]}${route.path}`;
  const refusals = refusalStatuses(route, area);
  return async (c, next) => {
    let response: Response;
    try {
      response = (await inner(c, next)) as Response;
    } catch (error) {
      if (error instanceof ApiError && !refusals.includes(error.status)) {
        throw new Error(`${where} refused with ${error.status}, which it does not declare`);
      }
      throw error;
    }
    if (response.status >= 300 && response.status < 400) return response;
    const answer = routeAnswers(route).find((each) => answerStatus(each) === response.status);
    if (!answer) throw new Error(`${where} answered ${response.status}, which it does not declare`);
    const schema = answerBody(answer);
    if (schema) {
      const parsed = schema.safeParse(await response.clone().json());
      if (!parsed.success) {
        throw new Error(`${where} answered what it does not declare: ${parsed.error.message}`);
      }
    }
    return response;
  };
}

/** Mounts every route of `groups` on `app` at its area's prefix. */
export function mountRoutes(app: Hono<AppEnv>, groups: RouteGroup[], options: MountOptions = {}) {
  for (const { area, routes } of groups) {
    for (const route of routes) {
      const handler = routeHandler(route, area);
      const path = `${AREA_PREFIX[area]}${honoPath(route.path)}`;
      const handlers: Handler<AppEnv>[] = [
        ...(route.middleware ?? []),
        options.checkAnswers ? checkedHandler(route, area, handler) : handler,
      ];
      app.on(route.method.toUpperCase(), path, ...(handlers as [Handler<AppEnv>]));
    }
  }
}
