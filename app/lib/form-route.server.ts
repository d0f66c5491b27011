import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { decodeForm, type FormCodec, formErrorsOf } from "../../common/form-codecs";
import { type FieldErrors, isRefusal, type Refusal } from "../../common/refusal";
import { accessAllows } from "../../server/auth/middleware";
import { invalidBodyErrors, objectShape } from "../../server/http/body-checks";
import { fieldErrors } from "../../server/http/errors";
import { refusalAsFormErrors } from "../../server/http/refusals";
import {
  type ApiRoute,
  type Area,
  type CallContext,
  type RouteCallContext,
  routeAccess,
  runCall,
} from "../../server/http/route-table";
import { isUnsafeText, UNSAFE_TEXT } from "../../server/http/text-input";
import { appContext } from "./app-context.server";
import { sessionContext } from "./session.server";

/** What a failed form shows: a message above it, messages beside fields, and what was typed. */
export type FormFailure = {
  ok: false;
  status: number;
  message?: string;
  errors?: FieldErrors;
  values: Record<string, string>;
  headers?: Record<string, string>;
};

export type FormOutcome<V> = { ok: true; value: V; form: FormData } | FormFailure;

const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
// Never sent back into a page.
const SECRET_FIELD = /password|token/i;

/**
 * The posted form: a body that is not a form is a 415, one that cannot be read a 400, and one
 * with control characters in any field a 422, as the API answers them.
 */
export async function readForm(request: Request): Promise<FormData> {
  if (!FORM_TYPES.test(request.headers.get("Content-Type") ?? "")) {
    throw data({ message: "This page only takes a form." }, { status: 415 });
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data({ message: "The form could not be read." }, { status: 400 });
  }
  for (const [name, value] of form) {
    if (isUnsafeText(name) || (typeof value === "string" && isUnsafeText(value))) {
      throw data({ message: UNSAFE_TEXT }, { status: 422 });
    }
  }
  return form;
}

/** The zod type a field's schema stands for, under its default/optional wrappers. */
function fieldType(schema: z.ZodType): string {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType };
  return def.innerType && (def.type === "optional" || def.type === "default")
    ? fieldType(def.innerType)
    : def.type;
}

/**
 * The body a form stands for: the schema's fields only (a form carries others, such as the
 * redirect target); a ticked checkbox is `true`; an empty box is a missing value, so the schema's
 * own "Enter your…" message applies.
 */
function formBody(schema: z.ZodType, form: FormData) {
  const shape = objectShape(schema);
  const body: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  for (const [name, field] of Object.entries(shape)) {
    const raw = form.get(name);
    if (raw instanceof File) {
      // An upload's file goes as it is; the service judges its bytes.
      body[name] = raw;
      continue;
    }
    const text = typeof raw === "string" ? raw : undefined;
    if (fieldType(field) === "boolean") {
      body[name] = text !== undefined && text !== "false";
      continue;
    }
    if (text !== undefined && !SECRET_FIELD.test(name)) values[name] = text;
    if (text !== undefined && text.trim() !== "") body[name] = text;
  }
  return { body, values };
}

/** What was typed, to show again: every text field but secrets. */
function typedValues(form: FormData) {
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !SECRET_FIELD.test(name)) values[name] = value;
  }
  return values;
}

/**
 * Runs an API route for a page's form (architecture.md §7.1): the route's validator, limit and
 * service call, so the form and the JSON API cannot drift. A refusal or a bad field comes back as
 * `FormFailure` with the status the API would answer; `message` is shown above the form
 * whenever it fails (behaviour.md §8's sign-in message). `route` is the module's exported
 * constant (issue 30), so the value is typed by the route, never asserted.
 */
export async function runFormRoute<P, Q, B, V>(
  route: ApiRoute<P, Q, B, V>,
  request: Request,
  context: Readonly<RouterContextProvider>,
  options: {
    message?: string;
    /**
     * The API area the route is served in, whose default access applies when the route names
     * none (`routeAccess`, as the API checks it): `staff` for the back office's routes.
     */
    area?: Area;
    /** The route's path parameters (`/orders/refund/{id}`), as the page's address gives them. */
    params?: P;
    /**
     * The form's codec (common/form-codecs.ts, issue 30): it reads the fields into the body, and
     * its problems and the route's own land beside the fields by name, all at once.
     */
    codec?: FormCodec;
    /**
     * The body, when the codec's reading is not all of it (the record's id and `updatedAt`), or
     * a body the route's flat-field reading cannot make; `decoded` is what the codec read.
     */
    body?: (form: FormData, decoded: Record<string, unknown>) => unknown;
    /**
     * The route's service call, for an HTTP-only route (`handle`: an upload, a delete that also
     * removes bytes), which a page cannot run in process: the page makes the same call with the
     * handles it holds, after the route's own validation and access rule.
     */
    run?: (call: RouteCallContext, body: B) => Promise<V | Refusal> | V | Refusal;
  } = {},
): Promise<FormOutcome<V>> {
  const form = await readForm(request);
  // An upload's fields (files included) are checked by its multipart schema, as the API does.
  const schema = route.body ?? route.multipart?.schema;
  const decoded = options.codec ? decodeForm(options.codec, form) : undefined;
  const { body, values } =
    options.body || decoded
      ? {
          body: options.body ? options.body(form, decoded?.body ?? {}) : decoded?.body,
          values: typedValues(form),
        }
      : schema
        ? formBody(schema, form)
        : { body: {}, values: {} };
  // With a codec, the route's errors (body paths) are named as the form's fields.
  const named = (errors: FieldErrors | undefined) =>
    errors && decoded ? formErrorsOf(errors, options.codec) : errors;
  const failed = (failure: Omit<FormFailure, "ok" | "values">): FormFailure => ({
    ok: false,
    values,
    ...failure,
    message: failure.message ?? options.message,
  });
  // A form whose rows were never read has nothing to judge field by field: its problem is said
  // above it, rather than "Required" beside fields that were filled in.
  if (decoded?.message) return failed({ status: 422, message: decoded.message });
  const parsed = schema?.safeParse(body);
  // The route's own access rule, as the API applies it: a form is no way round it.
  const account = context.get(sessionContext) ?? undefined;
  const access = routeAccess(route, options.area ?? "public");
  const allowed = access === "anyone" || (account !== undefined && accessAllows(access, account));
  if ((parsed && !parsed.success) || decoded?.errors) {
    // The route's own checks of the fields that passed run only for those it lets in.
    const routeErrors =
      parsed && !parsed.success
        ? allowed
          ? await invalidBodyErrors(route, callContextOf(context), body, parsed.error)
          : fieldErrors(parsed.error)
        : {};
    return failed({ status: 422, errors: withCodecErrors(decoded?.errors, named(routeErrors)) });
  }
  if (!allowed) {
    if (!account) return failed({ status: 401, message: "Please sign in again." });
    return failed({ status: 403, message: "Your account is not allowed to do this." });
  }
  const call: CallContext = {
    ...callContextOf(context),
    // A money-moving form carries the key its page was rendered with, so a double submit or a
    // reload answers the first outcome (security.md #11).
    idempotencyKey: (form.get("idempotencyKey") as string | null) ?? undefined,
  };
  const input = { params: options.params ?? {}, query: {}, body: parsed?.data };
  const { run } = options;
  const value = await runCall<V>(
    route,
    call,
    input,
    run ? (keyed) => run(keyed, parsed?.data as B) : undefined,
  );
  if (isRefusal(value)) {
    const failure = refusalAsFormErrors(value);
    return failed({ ...failure, errors: named(failure.errors) });
  }
  return { ok: true, value, form };
}

/**
 * The codec's problems and the route's, by field name: a field the codec could not read was left
 * out of the body, so what the route says of it ("Required") gives way to what the codec said.
 */
function withCodecErrors(codec: FieldErrors | undefined, route: FieldErrors = {}): FieldErrors {
  if (!codec) return route;
  const unread = new Set(Object.keys(codec).map((name) => name.split(/[.[]/)[0]));
  const kept = Object.entries(route).filter(([name]) => !unread.has(name.split(/[.[]/)[0]));
  return { ...Object.fromEntries(kept), ...codec };
}

/** The handles a route's `call` needs, for a page running it in process (architecture.md §7.1). */
export function callContextOf(context: Readonly<RouterContextProvider>): CallContext {
  const { db, config, logger, clientAddress, files } = context.get(appContext);
  return {
    db,
    config,
    logger,
    clientAddress,
    files,
    account: context.get(sessionContext) ?? undefined,
  };
}

/**
 * A failure said in one line, for a form with no fields to put it beside (a list's ticked rows,
 * a grid row's delete button): its message, else its fields' messages, else `fallback`.
 */
export const failureMessage = (failure: FormFailure, fallback: string) =>
  failure.message ||
  Object.values(failure.errors ?? {})
    .flat()
    .join(" ") ||
  fallback;

/** A failed form's answer: its status and headers, and what the page shows. */
export function formFailure({ status, headers, message, errors, values }: FormFailure) {
  return data({ message, errors, values }, { status, headers });
}
