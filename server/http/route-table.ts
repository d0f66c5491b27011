import type { Context, MiddlewareHandler } from "hono";
import type { z } from "zod";
import { type Refusal, type RefusalCode, rateLimited, refuse } from "../../common/refusal.ts";
import type { LiveToken } from "../auth/tokens.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { type HeldKey, type KeyProgress, NO_KEY, runOnce } from "../idempotency/service.ts";
import type { Logger } from "../logger.ts";
import type { FileStore } from "../media/storage.ts";
import { type RateLimit, takeRateLimit } from "../platform/rate-limit.ts";
import type { AppEnv } from "./env.ts";

/**
 * architecture.md §4: the three API areas, and `/sanctum` for the CSRF cookie (behaviour.md §7
 * names it outside the API's base).
 */
export type Area = "public" | "user" | "staff" | "sanctum";

export const AREA_PREFIX: Record<Area, string> = {
  public: "/api",
  user: "/api/user",
  staff: "/api/staff",
  sanctum: "/sanctum",
};

/** Who may call a route: anyone, a signed-in customer, staff, or admins only. */
export type Access = "anyone" | "customer" | "staff" | "admin";

/**
 * What a route's `call` gets from either edge (a Hono request or a page's form action): the same
 * handles, so one call serves both.
 */
export type CallContext = {
  db: Db;
  config: Config;
  logger: Logger;
  /** The client's address, for the limits (security.md #14). */
  clientAddress: string;
  /** The signed-in account: always there behind `customer`/`staff` access; on public routes
   * that `identify` the shopper, the customer if one is signed in. */
  account: LiveToken | undefined;
  /** The request's `Idempotency-Key` (header, or a form's hidden field), for `idempotent` routes. */
  idempotencyKey?: string;
  /** Where uploaded files live (the local folder or the S3 bucket). */
  files: FileStore;
};

/**
 * What a route's `call` gets: the context, and on `idempotent` routes the key the call runs under
 * (how far an earlier attempt got, and the one write that binds the key to what it wrote, see
 * `server/idempotency`); `NO_KEY` on other routes.
 */
export type RouteCallContext = CallContext & { key: HeldKey };

export type RouteInput<P, Q, B> = { params: P; query: Q; body: B };

/**
 * The answer a route documents for a success, the `{ data }` envelope by default
 * (architecture.md §4): `data` is what `call` returns; `page` a paginated list (`{ data, meta }`)
 * that `call` returns whole (its schema is the whole page, `pageOf(item)`); `json` a body of its
 * own shape (a 400 for a caller that is not a browser and expects one, like a provider's webhook);
 * `empty` no body; `file` bytes of the given media types.
 */
export type Answer =
  | { data: z.ZodType; status?: 200 | 201 | 202; description?: string }
  | { page: z.ZodType; description?: string }
  | { json: z.ZodType; status?: 200 | 400 | 503; description?: string }
  | { empty: 202 | 204; description?: string }
  | { file: string[]; description?: string };

/** A per-client limit on a route, counted once the input is valid, by both edges. */
export type RouteLimit = { rule: RateLimit; message: string };

type Schema<T> = z.ZodType<T, unknown>;

type RouteBase<P, Q, B> = {
  method: "get" | "post";
  /** The path inside the area, OpenAPI style: `/products/{id}`. */
  path: string;
  summary: string;
  description?: string;
  /** The OpenAPI tag: the module's name. */
  tag: string;
  /** Defaults to the area's: `customer` in the user area, `staff` in the staff area. */
  access?: Access;
  /** Public routes: resolve the signed-in customer, if any, without requiring one. */
  identify?: boolean;
  /** A bad path parameter names nothing: 404 (architecture.md §4). */
  params?: Schema<P>;
  /** Query parameters, arrays comma-joined; wrong ones are a 422. */
  query?: Schema<Q>;
  /** A JSON body; wrong ones are a 422. */
  body?: Schema<B>;
  /**
   * The service's own checks of a body's fields (a name already taken, a file that is not an
   * image), run on the fields that passed the schema when others did not, so one 422 lists
   * every problem at once (issue 30), not one per submit. The call runs them again on a valid
   * body.
   */
  check?(context: CallContext, body: Partial<NonNullable<B>>): Promise<Refusal | undefined>;
  /**
   * An upload instead of a JSON body: `multipart/form-data` (text fields, and files as `File`s)
   * validated by `schema` (a wrong one is a 422), up to `maxBytes` (413 past it, the rest unread).
   * The app's 1 MB limit does not hold for it, and its deadline starts once the body has arrived,
   * after the sign-in check: a slow connection is not a stuck request.
   */
  multipart?: { schema: Schema<B>; maxBytes: number };
  limit?: RouteLimit;
  /**
   * Money moves (docs/security.md #11, #25): the call needs an `Idempotency-Key`, runs once per
   * key and caller under `context.key`, and a repeat answers the first outcome or resumes from
   * where the first got (`server/idempotency`). `answerEarly` answers a call that has written what
   * lasts but not finished near the request's deadline (checkout: 202 with the order), instead of
   * the deadline's 503.
   */
  idempotent?:
    | boolean
    | { answerEarly(context: CallContext, progress: KeyProgress): Promise<unknown> };
  /** Headers every answer of the route carries once its input is valid (e.g. `no-store`). */
  headers?: Record<string, string>;
  /** Middleware to run before the route (e.g. the catalogue cache, a tighter body limit). */
  middleware?: MiddlewareHandler<AppEnv>[];
  /** Success answers: one, or several when `reply` picks the status. */
  answers: Answer | Answer[];
  /** The refusals `call` may answer with (documented; 422 for input, 401/403 for access and
   * 429 for a `limit` are added by the table). */
  refusals?: RefusalCode[];
  /**
   * `command`: a staff write, made by `defineCommand` (server/http/command.ts), which gives its
   * work the audit trail. Every other staff `post` is `readOnly`: it answers without writing (a
   * preview). `server/api-examples.test.ts` holds both to it.
   */
  kind?: "command";
  readOnly?: true;
};

/**
 * One route, declared once: its inputs, its answer, and either `call` (edge-neutral: validated
 * input → one service call → value or refusal; a page's form action can run the same route) or
 * `handle` (HTTP-only routes: files, sign-out).
 */
export type ApiRoute<P = unknown, Q = unknown, B = unknown, V = unknown> = RouteBase<P, Q, B> &
  (
    | {
        call(
          context: RouteCallContext,
          input: RouteInput<P, Q, B>,
        ): Promise<V | Refusal> | V | Refusal;
        /** Shapes the HTTP answer (cookies, status) when the `{ data }` envelope is not enough. */
        reply?(c: Context<AppEnv>, value: V): Response | Promise<Response>;
        handle?: never;
      }
    | {
        handle(c: Context<AppEnv>, input: RouteInput<P, Q, B>): Promise<Response> | Response;
        call?: never;
        reply?: never;
      }
  );

/** Declares a route; the types of `call` follow from its schemas. */
export function defineRoute<
  P = Record<never, never>,
  Q = Record<never, never>,
  B = undefined,
  V = unknown,
>(route: ApiRoute<P, Q, B, V>): ApiRoute<P, Q, B, V> {
  return route;
}

/** The signed-in account behind `customer` or `staff` access, which always has one. */
export function accountOf(account: LiveToken | undefined): LiveToken {
  if (!account) throw new Error("accountOf used on a route that lets anyone in");
  return account;
}

/** A route as the table holds it, whatever its types. */
// biome-ignore lint/suspicious/noExplicitAny: the table holds routes of every input and value type.
export type AnyRoute = ApiRoute<any, any, any, any>;

/** A module's routes in one area. */
export type RouteGroup = { area: Area; routes: AnyRoute[] };

/** The access a route needs: its own, or its area's. */
export function routeAccess(route: AnyRoute, area: Area): Access {
  if (route.access) return route.access;
  return area === "user" ? "customer" : area === "staff" ? "staff" : "anyone";
}

/** The answers of a route as a list. */
export function routeAnswers(route: AnyRoute): Answer[] {
  return Array.isArray(route.answers) ? route.answers : [route.answers];
}

/** The success status of an answer. */
export function answerStatus(answer: Answer): number {
  if ("empty" in answer) return answer.empty;
  if ("page" in answer || "file" in answer) return 200;
  return answer.status ?? 200;
}

/** Takes one use of a route's limit for this client (security.md #14, #20), refusing past it. */
export async function takeRouteLimit(
  route: AnyRoute,
  context: Pick<CallContext, "db" | "clientAddress">,
): Promise<Refusal | undefined> {
  if (!route.limit) return undefined;
  const taken = await takeRateLimit(context.db, route.limit.rule, context.clientAddress);
  return taken.allowed ? undefined : rateLimited(route.limit.message, taken.retryAfterSeconds);
}

/**
 * Runs a route's `call` as both edges do: the route's limit first, then the one service call. A
 * refusal comes back as a value for the edge to show.
 */
export async function runCall<V>(
  route: AnyRoute,
  context: CallContext,
  input: RouteInput<unknown, unknown, unknown>,
  /** An HTTP-only route's service call, made by a page in process (see `runFormRoute`). */
  instead?: (context: RouteCallContext) => Promise<V | Refusal> | V | Refusal,
): Promise<V | Refusal> {
  const call = instead ?? route.call;
  if (!call) throw new Error(`${route.method} ${route.path} has no call`);
  const limited = await takeRouteLimit(route, context);
  if (limited) return limited;
  const { idempotent } = route;
  if (!idempotent) return (await call({ ...context, key: NO_KEY }, input)) as V | Refusal;
  const key = context.idempotencyKey;
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    return refuse("invalid", IDEMPOTENCY_KEY_NEEDED, "Idempotency-Key");
  }
  const caller = context.account ? `account ${context.account.user.id}` : "guest";
  const deadlineMs = context.config.requestDeadlineMs;
  return runOnce<V>(
    context.db,
    { scope: `${route.method} ${route.path} ${caller}`, key, input },
    async (held) => (await call({ ...context, key: held }, input)) as V | Refusal,
    {
      early: {
        afterMs: earlyAnswerMs(deadlineMs),
        ...(typeof idempotent === "object"
          ? { answer: async (progress) => (await idempotent.answerEarly(context, progress)) as V }
          : {}),
      },
      onLateFailure: (error) =>
        context.logger.warn(
          { err: error, route: `${route.method} ${route.path}` },
          "a keyed call failed after its early answer; the reconciler finishes it",
        ),
    },
  );
}

/**
 * When a keyed call that has written its order stops waiting for the provider and answers early:
 * well before the request's deadline, so the answer is never the deadline's 503.
 */
export function earlyAnswerMs(deadlineMs: number): number {
  return Math.max(Math.round(deadlineMs * 0.6), deadlineMs - 2_500);
}

/** A key a client makes up: a UUID, or any 8–128 visible ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,128}$/;
export const IDEMPOTENCY_KEY_NEEDED =
  "Send an Idempotency-Key header (a new UUID for each new request) so a retry cannot pay twice.";
