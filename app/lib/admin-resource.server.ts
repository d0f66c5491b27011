import { data, type RouterContextProvider, redirect } from "react-router";
import { z } from "zod";
import { type FormCodec, formValuesOf, idListField } from "../../common/form-codecs";
import type { Page } from "../../common/pagination";
import { type FieldErrors, isRefusal } from "../../common/refusal";
import { accessAllows } from "../../server/auth/middleware.ts";
import { REFUSAL_STATUS } from "../../server/http/refusals.ts";
import type { EditableRecord } from "../../server/http/resource.ts";
import {
  type AnyRoute,
  type ApiRoute,
  routeAccess,
  runCall,
} from "../../server/http/route-table.ts";
import { UNSAFE_TEXT, unsafeTextErrors } from "../../server/http/text-input.ts";
import type { AdminActionData, ListScreen } from "../components/admin/screen-types";
import { appContext } from "./app-context.server";
import { flashCookie } from "./flash.server";
import {
  callContextOf,
  type FormFailure,
  type FormOutcome,
  failureMessage,
  readForm,
  runFormRoute,
} from "./form-route.server";
import { movedRows } from "./form-rows.server";
import { requireId } from "./route-params";
import { requireSession } from "./session.server";

/** What a staff screen's loader or action reads its handles from (the app's, the session's). */
export type ScreenContext = Readonly<RouterContextProvider>;
type Context = ScreenContext;
/**
 * What React Router gives a staff screen's loader or action, as every `admin-*.server.ts` takes
 * it. `url` is the page's address without React Router's own parts (`.data`, `_routes`,
 * `index`), which `request.url` may carry.
 */
export type ScreenArgs = {
  request: Request;
  url: URL;
  context: Context;
  params: Record<string, string | undefined>;
};

/** Whether the signed-in staff member may call `route` (its access, as the API checks it). */
export function mayCall(route: AnyRoute, context: Context): boolean {
  const access = routeAccess(route, "staff");
  return access === "anyone" || accessAllows(access, requireSession(context));
}

/** What a screen answers a staff member whose role may not call its route. */
export const NOT_ALLOWED_TO_SEE = "Your account is not allowed to see this.";

/**
 * A route that answers `V`, whatever its inputs: what a screen types by, as each route checks
 * its own input.
 */
// biome-ignore lint/suspicious/noExplicitAny: the inputs are the route's own business.
export type RouteAnswering<V> = ApiRoute<any, any, any, V>;

/** A route that answers a page of `Item`s: a resource's list. */
export type ListRoute<Item> = RouteAnswering<Page<Item>>;

/**
 * Runs a route's call in process, with the access the API checks (a staff member who may not
 * call the route gets the 403 error page); a refusal becomes the error page with its status.
 * The route is the module's exported constant (issue 30), so its value is typed by the route.
 */
export async function callRoute<P, Q, B, V>(
  route: ApiRoute<P, Q, B, V>,
  context: Context,
  input: Partial<{ params: P; query: Q }>,
): Promise<V> {
  if (!mayCall(route, context)) throw data(NOT_ALLOWED_TO_SEE, { status: 403 });
  const value = await runCall<V>(route, callContextOf(context), {
    params: input.params ?? {},
    query: input.query ?? {},
    body: undefined,
  });
  if (isRefusal(value)) throw data(value.message, { status: REFUSAL_STATUS[value.refused] });
  return value;
}

/**
 * Every row of a staff list (a form's choices: the bands of a drop-down), page by page through
 * its route, in process. `query` is the list's own (sort, filters); at most `limit` rows.
 */
export async function listAll<Item>(
  route: ListRoute<Item>,
  context: Context,
  query: Record<string, string> = {},
  limit = 2000,
): Promise<Item[]> {
  const schema = route.query;
  if (!schema) throw new Error(`${route.path} takes no list query`);
  const rows: Item[] = [];
  for (let page = 1; rows.length < limit; page += 1) {
    const parsed = schema.parse({ ...query, perPage: "100", page: String(page) });
    const answer = await callRoute(route, context, { query: parsed });
    rows.push(...answer.data);
    if (page >= answer.meta.lastPage) break;
  }
  return rows.slice(0, limit);
}

// ---------------------------------------------------------------------------------------------
// Lists

type ZodIssue = z.core.$ZodIssue;

/** The parameter an issue of a list's query is about, and what staff read about it. */
function issueProblems(issue: ZodIssue): Array<{ name: string; message: string }> {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((name) => ({
      name,
      message: `“${name}” is not a setting of this list.`,
    }));
  }
  const name = String(issue.path[0] ?? "");
  return [{ name, message: name ? `${name}: ${issue.message}` : issue.message }];
}

/** A screen's address as its API list query, and what in it could not be used. */
export type ListQueryInput = { query: Record<string, string>; problems?: string[] };

export type ListOptions = {
  /**
   * Turns the screen's address into the API's list query, for screens whose address says things
   * in people's terms (a date rather than an instant, an email rather than an id). What it cannot
   * read it leaves out and names in `problems`.
   */
  query?: (search: URLSearchParams, context: Context) => Promise<ListQueryInput> | ListQueryInput;
};

/**
 * The address of a list screen as its resource's list query: every parameter as it is (an empty
 * one left out), but the table's `sort=title&direction=desc` (decision 0010) becomes the API's
 * `sort=-title`.
 */
export function listQueryOf(address: URL | URLSearchParams): Record<string, string> {
  const search = address instanceof URL ? address.searchParams : address;
  // A filter form sends its "any" choice as an empty value: no filter.
  const query = Object.fromEntries([...search].filter(([, value]) => value !== ""));
  const { sort, direction, ...rest } = query;
  if (direction !== undefined && direction !== "asc" && direction !== "desc") {
    // Left for the query to refuse by name.
    rest.direction = direction;
  }
  if (sort) rest.sort = direction === "desc" && !sort.startsWith("-") ? `-${sort}` : sort;
  return rest;
}

/**
 * One page of a staff list as its screen shows it (decision 0014): the address's page, sort,
 * search and filters parsed by the resource's own list query and answered by its list route's
 * call, in process. A query that cannot be used is never a 500: the list is shown without the
 * parameters at fault, and `problem` says which and why.
 */
export async function loadList<Item>(
  route: ListRoute<Item>,
  { url, context }: Pick<ScreenArgs, "url" | "context">,
  options: ListOptions = {},
): Promise<ListScreen<Item>> {
  const schema = route.query;
  if (!schema) throw new Error(`${route.path} takes no list query`);
  const search = url.searchParams;
  const { query: asked, problems: own = [] } = options.query
    ? await options.query(search, context)
    : { query: listQueryOf(search) };
  // The API's edge refuses control characters in every field; a page calling the list service in
  // process applies the same rule, so no resource's search can hand PostgreSQL a NUL (22021).
  const unsafe = unsafeTextErrors(asked);
  const input = Object.fromEntries(Object.entries(asked).filter(([name]) => !(name in unsafe)));
  let parsed = schema.safeParse(input);
  const messages = [...own, ...Object.keys(unsafe).map((name) => `${name}: ${UNSAFE_TEXT}`)];
  if (!parsed.success) {
    const problems = parsed.error.issues.flatMap(issueProblems);
    const wrong = new Set(problems.map((entry) => entry.name));
    messages.push(...problems.map((entry) => entry.message));
    parsed = schema.safeParse(
      Object.fromEntries(Object.entries(input).filter(([name]) => !wrong.has(name))),
    );
    if (!parsed.success) parsed = schema.safeParse({});
  }
  const problem =
    messages.length > 0
      ? `Part of this list's address could not be used, so the list is shown without it. ${messages.join(" ")}`
      : undefined;
  const query = parsed.success ? parsed.data : {};
  const page = await callRoute(route, context, { query });
  const sort = (query as { sort?: unknown }).sort;
  return {
    rows: page.data,
    meta: page.meta,
    ...(problem ? { problem } : {}),
    ...(typeof sort === "string"
      ? { sort: { id: sort.replace(/^-/, ""), desc: sort.startsWith("-") } }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// A resource's routes, and the forms of its screens

/**
 * The five routes `resourceRoutes` makes for a resource (server/http/resource.ts), as its module
 * exports them (`brandRoutes`): what a list answers rows of, and what a record's form shows.
 */
export type ResourceRouteSet<Item, Edit> = {
  list: ListRoute<Item>;
  edit: RouteAnswering<Edit>;
  store: RouteAnswering<Edit>;
  update: RouteAnswering<Edit>;
  destroy: DestroyRoute;
};

export type ResourceScreensOptions<Item, Edit> = {
  /** The resource's routes, as its module exports them: `brandRoutes`. */
  routes: ResourceRouteSet<Item, Edit>;
  /** The list screen's path: `/admin/bands`. */
  path: string;
  /** One record and several, in messages: "band", "bands". */
  noun: string;
  plural: string;
  /** The record's name in messages: the band's title. */
  label(record: Edit): string;
  /**
   * The form, declared in `common/` from the field codecs (common/form-codecs.ts): how its fields
   * read into the API's body, and how a record shows in them.
   */
  form: FormCodec;
  /** The new form, when it has fields the edit form lacks (a value's type is chosen once). */
  newForm?: FormCodec;
  /** The list's address in people's terms, when it is not the API's query (see `ListOptions`). */
  listQuery?: ListOptions["query"];
  /** The flash messages after a save, when "Added the band “…”." does not say enough. */
  messages?: { created?: (record: Edit) => string; saved?: (record: Edit) => string };
  /**
   * A record's edit page, when it is not `{path}/{id}` (a delivery option lives under
   * `/admin/delivery/options/`): where a new record lands.
   */
  recordPath?: (id: number) => string;
  /** Where a save of an existing record goes, when not back to the list: a product to its page. */
  redirects?: { saved?: (record: Edit) => string };
  /**
   * The body, when the codec's reading is not all of it (see `FormBody`); `decoded` is what the
   * codec read. The edit form's `id` and `updatedAt` are added to it.
   */
  body?: (form: FormData, decoded: Record<string, unknown>, isNew: boolean) => FormBody;
  /**
   * The form has rows that move without JavaScript (a post with `move`, app/lib/form-rows.server.ts):
   * the new and edit actions answer such a post with the form again, its rows moved, unsaved.
   */
  rowMoves?: boolean;
};

/**
 * What a form that is not flat fields stands for (rows of a grid, a list in order): the body,
 * and where the route's errors go in the form, when the body's paths are not the form's names
 * (the body's `variants.3.price` may be the form's `variant.12.price`).
 */
export type FormBody = {
  body: Record<string, unknown>;
  errorsAt?: (errors: FieldErrors) => FieldErrors;
};

/**
 * Runs a staff route for a form whose body is a `FormBody` (see `runFormRoute`): a failure's
 * errors land beside the form's own fields, where `errorsAt` puts them.
 */
export async function runFormBody<P, Q, B, V>(
  route: ApiRoute<P, Q, B, V>,
  request: Request,
  context: Context,
  options: {
    params?: P;
    codec?: FormCodec;
    body: (form: FormData, decoded: Record<string, unknown>) => FormBody;
  },
): Promise<FormOutcome<V>> {
  let made: FormBody | undefined;
  const result = await runFormRoute(route, request, context, {
    area: "staff",
    params: options.params,
    codec: options.codec,
    body: (form, decoded) => {
      made = options.body(form, decoded);
      return made.body;
    },
  });
  return !result.ok && made?.errorsAt && result.errors
    ? { ...result, errors: made.errorsAt(result.errors) }
    : result;
}

/** A no-JavaScript row move (`move`): the form again, its rows moved, marked as unsaved. */
async function movedRowsAnswer(request: Request) {
  const form = await readForm(request.clone());
  const move = form.get("move");
  if (typeof move !== "string" || !move) return undefined;
  return data<AdminActionData>({ intent: "save", values: movedRows(form, move) });
}

const CONFIRM = "confirm-delete";

/** A list's ticked rows: `ids`, one per ticked box. */
export const TickedRows = z.object({ ids: idListField("Tick rows from the list.") });

/** The intent a form was sent with: save (the default), ask before deleting, or delete. */
async function intentOf(request: Request): Promise<"save" | "confirm-delete" | "delete"> {
  const intent = (await readForm(request.clone())).get("intent");
  return intent === CONFIRM || intent === "delete" ? intent : "save";
}

/** A message for the next page, and the redirect that carries it (post/redirect/get). */
export function redirectWithFlash(context: Context, to: string, body: string) {
  const secure = context.get(appContext).config.secure;
  return redirect(to, {
    status: 303,
    headers: { "Set-Cookie": flashCookie([{ type: "SUCCESS", body }], secure) },
  });
}

/**
 * A form that did not go through, as its page shows it: the message, the errors beside fields
 * and, for a save, what was typed; with the status and headers the API would answer.
 */
export const failedAction = (failure: FormFailure, intent: AdminActionData["intent"]) =>
  data<AdminActionData>(
    {
      intent,
      message: failure.message,
      errors: failure.errors,
      values: intent === "save" ? failure.values : undefined,
    },
    { status: failure.status, headers: failure.headers },
  );

/** What a staff member whose role may not call a screen's route is told (the route's 403). */
export const notAllowed = (intent: AdminActionData["intent"], message: string) =>
  data<AdminActionData>({ intent, message }, { status: 403 });

const onlyAdmins = (plural: string) => notAllowed("delete", `Only admins may delete ${plural}.`);

/** A destroy route: `{ id }` or `{ ids }`, answering the ids deleted (server/http/resource.ts). */
type DestroyRoute = RouteAnswering<{ ids: number[] }>;

/**
 * Runs a destroy route (or an archive, which takes the same body) for the body the form stands
 * for: how many records went, or the failure said in one line (a delete button has no fields to
 * put it beside), answered as `intent`'s.
 */
export async function runDestroy(
  route: DestroyRoute,
  request: Request,
  context: Context,
  options: {
    codec?: FormCodec;
    body: (form: FormData, decoded: Record<string, unknown>) => unknown;
    intent?: AdminActionData["intent"];
    /** What the page says when the route gave no reason: "Not deleted." */
    fallback?: string;
  },
) {
  const { intent = "delete", fallback = "Not deleted.", ...form } = options;
  const result = await runFormRoute(route, request, context, { area: "staff", ...form });
  if (!result.ok)
    return failedAction({ ...result, message: failureMessage(result, fallback) }, intent);
  return result.value.ids.length;
}

// ---------------------------------------------------------------------------------------------
// One record's edit page

/**
 * The routes of one record's edit page: the read that fills its form, the save, and the delete.
 * The read may answer more than the form shows (a folder's files), and the save may answer less
 * (the folder alone): `Edit` and `Saved`.
 */
export type RecordRouteSet<Edit, Saved> = {
  edit: RouteAnswering<Edit>;
  update: RouteAnswering<Saved>;
  destroy: DestroyRoute;
};

/** A record's page says what its resource's screens do (see `ResourceScreensOptions`). */
export type RecordScreenOptions<Edit, Saved> = Pick<
  ResourceScreensOptions<never, Edit | Saved>,
  "noun" | "plural" | "label" | "form"
> & {
  routes: RecordRouteSet<Edit, Saved>;
  /** The edit route's query, for a read that pages what it holds (a folder: one file will do). */
  editQuery?: Record<string, unknown>;
  /** The body, when the codec's reading is not all of it (see `FormBody`). */
  body?: (form: FormData, decoded: Record<string, unknown>) => FormBody;
  /** Where the page goes after a save (the record saved) and a delete (the record as it was). */
  redirects: { saved(record: Saved): string; deleted(record: Edit): string };
  /** The flash messages, when "Saved the folder “…”." or "Deleted the folder “…”." will not do. */
  messages?: { saved?(record: Saved): string; deleted?(record: Edit): string };
};

/**
 * One record's edit page (decision 0014), declared once: its loader (the record as its form
 * shows it) and its action (save, ask before deleting, delete), each running the record's own
 * routes in process. A resource's screens compose it (`resourceScreens`); a record that is not a
 * resource's, such as a media folder or file, declares its own.
 */
export function recordScreen<Edit extends object, Saved extends object = Edit>(
  options: RecordScreenOptions<Edit, Saved>,
) {
  const { routes, noun, plural, label } = options;
  const bodyOf =
    options.body ??
    ((_form: FormData, decoded: Record<string, unknown>): FormBody => ({ body: decoded }));
  const read = (context: Context, id: number) =>
    callRoute(routes.edit, context, { params: { id }, query: options.editQuery });

  return {
    routes,

    /** The edit form's loader: the record as its form shows it (404 when there is none). */
    async record(args: Pick<ScreenArgs, "url" | "context" | "params">) {
      const record = await read(args.context, requireId(args));
      return {
        record,
        label: label(record),
        values: formValuesOf(options.form, record),
        canEdit: mayCall(routes.update, args.context),
        canDelete: mayCall(routes.destroy, args.context),
      };
    },

    /**
     * The edit form's action: save (with the `updatedAt` the form was opened with, so a
     * colleague's save in between is a 409 and nothing is overwritten), or delete. Without
     * JavaScript the first delete post (`intent=confirm-delete`) answers the question to confirm.
     */
    async action(args: ScreenArgs) {
      const { request, context } = args;
      const id = requireId(args);
      const intent = await intentOf(request);
      if (intent !== "save" && !mayCall(routes.destroy, context)) return onlyAdmins(plural);
      if (intent === CONFIRM) return data<AdminActionData>({ intent: CONFIRM, ids: [String(id)] });
      if (intent === "delete") {
        // Read first: the message names what was deleted, and a folder goes back to its parent.
        const before = await read(context, id);
        const deleted = await runDestroy(routes.destroy, request, context, {
          body: () => ({ id }),
        });
        if (typeof deleted !== "number") return deleted;
        return redirectWithFlash(
          context,
          options.redirects.deleted(before),
          options.messages?.deleted?.(before) ?? `Deleted the ${noun} “${label(before)}”.`,
        );
      }
      if (!mayCall(routes.update, context))
        return notAllowed("save", `You may not change ${plural}.`);
      const result = await runFormBody(routes.update, request, context, {
        codec: options.form,
        body: (form, decoded) => {
          const updatedAt = form.get("updatedAt");
          const made = bodyOf(form, decoded);
          return {
            ...made,
            body: {
              ...made.body,
              id,
              ...(typeof updatedAt === "string" && updatedAt ? { updatedAt } : {}),
            },
          };
        },
      });
      if (!result.ok) return failedAction(result, "save");
      return redirectWithFlash(
        context,
        options.redirects.saved(result.value),
        options.messages?.saved?.(result.value) ?? `Saved the ${noun} “${label(result.value)}”.`,
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A resource's screens

/**
 * The screens of one staff resource (decision 0014), declared once: the list, the new and edit
 * forms and deleting, each running the resource's own route in process, so the pages and the
 * JSON API cannot disagree. Loaders and actions of `/admin/{resource}`, `/new` and `/:id` are
 * one line each.
 */
export function resourceScreens<Item, Edit extends EditableRecord>(
  options: ResourceScreensOptions<Item, Edit>,
) {
  const { routes, path, noun, plural } = options;
  const newForm = options.newForm ?? options.form;
  const bodyOf =
    options.body ??
    ((_form: FormData, decoded: Record<string, unknown>): FormBody => ({ body: decoded }));
  const editPage = recordScreen<Edit>({
    routes,
    noun,
    plural,
    label: options.label,
    form: options.form,
    body: (form, decoded) => bodyOf(form, decoded, false),
    redirects: { saved: options.redirects?.saved ?? (() => path), deleted: () => path },
    messages: { saved: options.messages?.saved },
  });

  return {
    routes,

    /** The list loader: one page, and whether this staff member may add and delete. */
    async list(args: Pick<ScreenArgs, "url" | "context">) {
      const screen = await loadList(routes.list, args, { query: options.listQuery });
      return {
        ...screen,
        canAdd: mayCall(routes.store, args.context),
        canDelete: mayCall(routes.destroy, args.context),
      };
    },

    /**
     * The list's action: the bulk delete of the ticked rows (`ids`). Without JavaScript the
     * first post (`intent=confirm-delete`) answers the question to confirm; the confirmation
     * posts `intent=delete`.
     */
    async listAction({ request, url, context }: Pick<ScreenArgs, "request" | "url" | "context">) {
      const form = await readForm(request.clone());
      const ids = form.getAll("ids").filter((id): id is string => typeof id === "string");
      if (ids.length === 0) {
        return data<AdminActionData>(
          { intent: "delete", message: `Tick the ${plural} to delete first.` },
          { status: 422 },
        );
      }
      if (!mayCall(routes.destroy, context)) return onlyAdmins(plural);
      if (form.get("intent") !== "delete") return data<AdminActionData>({ intent: CONFIRM, ids });
      const deleted = await runDestroy(routes.destroy, request, context, {
        codec: TickedRows,
        body: (_form, decoded) => ({ ids: decoded.ids }),
      });
      if (typeof deleted !== "number") return deleted;
      return redirectWithFlash(
        context,
        `${path}${url.search}`,
        `Deleted ${deleted} ${deleted === 1 ? noun : plural}.`,
      );
    },

    /** The new form's loader: its empty fields. */
    blank() {
      return { values: formValuesOf(newForm) };
    },

    /** The edit form's loader: the record as its form shows it (404 when there is none). */
    record: editPage.record,

    /**
     * The new form's action: create, then to the new record's own page with a message; the list's
     * first page may not show it (issue 30).
     */
    async create({ request, context }: Pick<ScreenArgs, "request" | "context">) {
      const moved = options.rowMoves ? await movedRowsAnswer(request) : undefined;
      if (moved) return moved;
      if (!mayCall(routes.store, context)) return notAllowed("save", `You may not add ${plural}.`);
      const result = await runFormBody(routes.store, request, context, {
        codec: newForm,
        body: (form, decoded) => bodyOf(form, decoded, true),
      });
      if (!result.ok) return failedAction(result, "save");
      return redirectWithFlash(
        context,
        options.recordPath?.(result.value.id) ?? `${path}/${result.value.id}`,
        options.messages?.created?.(result.value) ??
          `Added the ${noun} “${options.label(result.value)}”.`,
      );
    },

    /** The edit form's action: a row moved, save, or delete (see `recordScreen`). */
    async edit(args: ScreenArgs) {
      const moved = options.rowMoves ? await movedRowsAnswer(args.request) : undefined;
      return moved ?? editPage.action(args);
    },
  };
}
