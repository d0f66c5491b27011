import { randomUUID } from "node:crypto";
import { data } from "react-router";
import {
  DISPATCH_CSV_MAX_BYTES,
  DISPATCH_CSV_MAX_ROWS,
  type DispatchImportSummary,
} from "../../common/orders-admin";
import { isRefusal } from "../../common/refusal";
import {
  destroyOrdersRoute,
  dispatchCsvRoute,
  dispatchOrderRoute,
  exportOrdersRoute,
  orderListRoute,
  orderRoute,
} from "../../server/orders/staff-api.ts";
import type { AdminActionData } from "../components/admin/screen-types";
import {
  callRoute,
  listQueryOf,
  loadList,
  mayCall,
  redirectWithFlash,
  runDestroy,
  type ScreenArgs,
  type ScreenContext,
  TickedRows,
} from "./admin-resource.server";
import { appContext } from "./app-context.server";
import { readForm, runFormRoute } from "./form-route.server";
import { requireId } from "./route-params";

/** The orders' staff routes (server/orders/staff-api.ts), which the screens run in process. */
const routes = {
  list: orderListRoute,
  edit: orderRoute,
  dispatch: dispatchOrderRoute,
  destroy: destroyOrdersRoute,
  exportCsv: exportOrdersRoute,
  dispatchCsv: dispatchCsvRoute,
};

export const ORDERS_PATH = "/admin/orders";
export const DISPATCH_CSV_PATH = "/admin/orders/dispatch";

/** The list's filters the CSV export takes too (not its page or sort). */
const EXPORT_FILTERS = ["status", "from", "to", "q", "archived"];

/** The order list: one page, the CSV export of its filters, and who may archive. */
export async function orderList(args: Pick<ScreenArgs, "url" | "context">) {
  const screen = await loadList(routes.list, args);
  const query = listQueryOf(args.url);
  const filters = new URLSearchParams(
    Object.entries(query).filter(([name]) => EXPORT_FILTERS.includes(name)),
  );
  const search = filters.toString();
  return {
    ...screen,
    canDelete: mayCall(routes.destroy, args.context),
    exportHref: `/api/staff/orders/export.csv${search ? `?${search}` : ""}`,
  };
}

/**
 * The list's action: archive the ticked orders (`ids`), all or none. Not asked first: an archive
 * takes nothing away (the order keeps its page, the accounts and the audit log keep it).
 */
export async function orderListAction({
  request,
  url,
  context,
}: Pick<ScreenArgs, "request" | "url" | "context">) {
  const form = await readForm(request.clone());
  const ticked = form.getAll("ids").filter((id): id is string => typeof id === "string");
  if (ticked.length === 0) {
    return data<AdminActionData>(
      { intent: "bulk", message: "Tick the orders to archive first." },
      { status: 422 },
    );
  }
  const done = await runDestroy(routes.destroy, request, context, {
    codec: TickedRows,
    body: (_form, decoded) => ({ ids: decoded.ids }),
    intent: "bulk",
    fallback: "Not archived.",
  });
  if (typeof done !== "number") return done;
  return redirectWithFlash(
    context,
    `${ORDERS_PATH}${url.search}`,
    `Archived ${done} ${done === 1 ? "order" : "orders"}.`,
  );
}

/** The order page: the order, the shop's invoice details, and what this member may do. */
export async function orderScreen(args: Pick<ScreenArgs, "url" | "context" | "params">) {
  const id = requireId(args);
  const order = await callRoute(routes.edit, args.context, { params: { id } });
  return {
    order,
    shop: args.context.get(appContext).config.shop,
    canDispatch: mayCall(routes.dispatch, args.context),
    canArchive: mayCall(routes.destroy, args.context),
    // The dispatch form's key: a double submit or a reload of the post answers the first dispatch.
    idempotencyKey: randomUUID(),
  };
}

/** What the order page's forms answer when they do not redirect. */
export type OrderActionData = Omit<AdminActionData, "intent"> & {
  intent: AdminActionData["intent"] | "dispatch";
};

/** The order page's action: dispatch (carrier and tracking number), or archive. */
export async function orderAction(args: ScreenArgs) {
  const { request, context } = args;
  const id = requireId(args);
  const intent = (await readForm(request.clone())).get("intent");
  if (intent === "archive") {
    const done = await runDestroy(routes.destroy, request, context, {
      body: () => ({ id }),
      fallback: "Not archived.",
    });
    if (typeof done !== "number") return done;
    return redirectWithFlash(context, ORDERS_PATH, "Archived the order.");
  }
  const result = await runFormRoute(routes.dispatch, request, context, {
    area: "staff",
    params: { id },
  });
  if (!result.ok) {
    return data<OrderActionData>(
      { intent: "dispatch", message: result.message, errors: result.errors, values: result.values },
      { status: result.status, headers: result.headers },
    );
  }
  const order = result.value;
  const parcel = order.shipments.at(-1);
  return redirectWithFlash(
    context,
    `${ORDERS_PATH}/${id}`,
    `${order.status === "dispatched" ? "Dispatched" : "Part dispatched"} ${order.number} with ${parcel?.carrier} (${parcel?.trackingNumber}). The shopper has been emailed the tracking link.`,
  );
}

/** The order for its printable pages (packing slip, VAT invoice). */
export const printableOrder = (args: Pick<ScreenArgs, "url" | "context" | "params">) =>
  orderScreen(args).then(({ order, shop }) => ({ order, shop }));

/** The bulk-dispatch screen: its limits, and whether this member may dispatch. */
export function dispatchCsvScreen(context: ScreenContext) {
  return {
    canDispatch: mayCall(routes.dispatchCsv, context),
    limits: { maxBytes: DISPATCH_CSV_MAX_BYTES, maxRows: DISPATCH_CSV_MAX_ROWS },
  };
}

export type DispatchCsvActionData = {
  summary?: DispatchImportSummary;
  fileName?: string;
  message?: string;
  errors?: Record<string, string[]>;
};

/**
 * The bulk-dispatch action: the multipart form runs the API's route in process. A dry run, or a
 * run with errors (which wrote nothing), shows every row; a clean run goes to the orders.
 */
export async function dispatchCsvAction({
  request,
  context,
}: Pick<ScreenArgs, "request" | "context">) {
  const result = await runFormRoute(routes.dispatchCsv, request, context, { area: "staff" });
  if (!result.ok || isRefusal(result.value))
    return data<DispatchCsvActionData>(
      {
        message: result.ok ? undefined : result.message,
        errors: result.ok ? undefined : result.errors,
      },
      { status: result.ok ? 422 : result.status },
    );
  const summary = result.value;
  const file = result.form.get("file");
  const fileName = file instanceof File ? file.name : undefined;
  if (!summary.dryRun && summary.errors.length === 0) {
    const n = summary.dispatched.length;
    return redirectWithFlash(
      context,
      `${ORDERS_PATH}?status=dispatched`,
      `Dispatched ${n} ${n === 1 ? "order" : "orders"} from ${fileName ? `“${fileName}”` : "the file"}; each shopper has been emailed the tracking link.`,
    );
  }
  return data<DispatchCsvActionData>({ summary, fileName }, { status: summary.dryRun ? 200 : 422 });
}
