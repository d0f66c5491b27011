import { z } from "zod";
import { londonDay } from "../../common/london-days.ts";
import {
  DISPATCH_CSV_MAX_BYTES,
  DispatchImportSummary,
  StaffOrderEdit,
  StaffOrderItem,
} from "../../common/orders-admin.ts";
import { pageOf } from "../../common/pagination.ts";
import { isRefusal, refuse } from "../../common/refusal.ts";
import { defineCommand } from "../http/command.ts";
import { ok } from "../http/envelope.ts";
import { ApiError } from "../http/errors.ts";
import { PathId } from "../http/query-schemas.ts";
import { DestroyInput, idsToDestroy } from "../http/resource.ts";
import { type AnyRoute, defineRoute } from "../http/route-table.ts";
import { dispatchOrder } from "./dispatch/dispatch.ts";
import { dispatchFromCsv } from "./dispatch/dispatch-csv.ts";
import { orderCsv } from "./documents/order-csv.ts";
import { archiveOrders, listStaffOrders, staffOrderEdit } from "./staff.ts";
import { DispatchCsvInput, DispatchInput, StaffOrderListQuery } from "./validators.ts";

const tag = "orders";

/** A real bulk dispatch with errors wrote nothing: a 422 naming each cell `rows.{row}.{column}`. */
function dispatchRefused(summary: DispatchImportSummary): ApiError {
  const errors: Record<string, string[]> = {};
  for (const { row, field, message } of summary.errors) {
    const key = `rows.${row}.${field}`;
    errors[key] = [...(errors[key] ?? []), message];
  }
  return new ApiError(422, "Validation failed", errors);
}

export const orderListRoute = defineRoute({
  method: "get",
  path: "/orders",
  tag,
  summary: "The order list: paginated, filtered by status and London days, searched",
  description:
    "`status` is an order status or `to_dispatch` (paid and sendable today); `from`/`to` are " +
    "days in Europe/London (YYYY-MM-DD), both included; `q` finds the order number, email or " +
    "shipping name. Archived orders are left out unless `archived=true`.",
  query: StaffOrderListQuery,
  answers: { page: pageOf(StaffOrderItem) },
  call: ({ db }, { query }) => listStaffOrders(db, query),
});

export const orderRoute = defineRoute({
  method: "get",
  path: "/orders/edit/{id}",
  tag,
  summary: "One order as its page shows it",
  description:
    "Lines (with refunds, release dates, parcels), totals with VAT, addresses, the payment as " +
    "recorded, parcels, refunds, the timeline, and whether it can be dispatched now.",
  params: z.strictObject({ id: PathId }),
  answers: { data: StaffOrderEdit },
  refusals: ["not-found"],
  call: async ({ db }, { params }) =>
    (await staffOrderEdit(db, params.id)) ?? refuse("not-found", "No such order."),
});

export const dispatchOrderRoute = defineCommand({
  method: "post",
  path: "/orders/status/dispatch/{id}",
  tag,
  summary: "Dispatch an order: carrier and tracking number; emails the shopper the tracking link",
  description:
    "Only a paid order, and nothing before its release date (London): a `split` order sends " +
    "what can go now as a first parcel and stays paid; otherwise it all goes at once and the " +
    "order is dispatched. `trackingUrl` is made from the carrier when left out. Anything else " +
    "is a 409 saying why. Needs an `Idempotency-Key`: a repeat answers the first dispatch.",
  params: z.strictObject({ id: PathId }),
  body: DispatchInput,
  // docs/security.md #11, #25: a double submit, or a retry after a lost answer, answers the
  // first dispatch; it never sends a second parcel or a second email.
  idempotent: true,
  answers: { data: StaffOrderEdit },
  refusals: ["not-found", "conflict"],
  // Its own transaction: the key's, which binds the shipment to the request (decision 0036).
  transaction: "work",
  async run({ db, actor, audit, config, key }, { params, body }) {
    if (key.recoveryPoint === "shipment_written") {
      return (await staffOrderEdit(db, params.id)) ?? refuse("not-found", "No such order.");
    }
    const done = await key.write(db, "shipment_written", async (tx) => {
      const dispatched = await dispatchOrder(tx, params.id, body, { actor, audit, config });
      return isRefusal(dispatched)
        ? dispatched
        : { resourceId: dispatched.shipmentId, value: dispatched };
    });
    return isRefusal(done) ? done : done.order;
  },
});

export const destroyOrdersRoute = defineCommand({
  method: "post",
  path: "/orders/destroy",
  tag,
  summary: "Archive one order or several: out of the lists, kept for the accounts",
  description:
    "Never a deletion, so staff (not only admins) may. Only cancelled and refunded orders; a " +
    "paid, dispatched or unpaid one is a 409 (cancel and refund it first). All or none.",
  access: "staff",
  body: DestroyInput,
  answers: { data: z.object({ ids: z.array(z.number().int()) }) },
  refusals: ["not-found", "conflict"],
  run: ({ db: tx, audit }, { body }) => archiveOrders(tx, idsToDestroy(body), audit),
});

export const exportOrdersRoute = defineRoute({
  method: "get",
  path: "/orders/export.csv",
  tag,
  summary: "The accountant's CSV of the listed orders: a row per line, delivery and refund",
  description:
    "The list's filters (every page). Columns: order_number, date (London), status, " +
    "customer_email, sku, description, quantity, unit_price, discount, net, vat_rate, vat, " +
    "gross, in pounds with two decimals; refunds are negative rows. Only paid orders.",
  query: StaffOrderListQuery,
  answers: { file: ["text/csv"], description: "The CSV file, as an attachment." },
  handle(c, { query }) {
    const rows = orderCsv(c.get("db"), query);
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await rows.next();
        if (next.done) controller.close();
        else controller.enqueue(new TextEncoder().encode(next.value));
      },
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="encore-orders-${londonDay()}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  },
});

export const dispatchCsvRoute = defineCommand({
  method: "post",
  path: "/orders/dispatch-csv",
  tag,
  summary: "Dispatch many orders from a CSV of tracking numbers, or check the file first",
  description:
    "Multipart: `file` (columns order_number, carrier, tracking_number and optionally " +
    "tracking_url; up to 1 MB and 1,000 rows) and `dryRun`. A dry run answers what would be " +
    "dispatched and every row's errors, writing nothing. A real run is all or nothing: with " +
    "any error it is a 422 naming each cell `rows.{row}.{column}`.",
  multipart: { schema: DispatchCsvInput, maxBytes: DISPATCH_CSV_MAX_BYTES + 64 * 1024 },
  answers: { data: DispatchImportSummary },
  refusals: ["invalid"],
  // Its own transaction: a dry run and a file with errors write nothing.
  transaction: "work",
  async run({ db, actor, audit, config }, { body }) {
    return dispatchFromCsv(db, {
      bytes: new Uint8Array(await body.file.arrayBuffer()),
      dryRun: body.dryRun,
      write: {
        actor,
        audit,
        config,
        // Its audit entries say the file wrote them (docs/architecture.md §5).
        via: { source: "dispatch-import", file: body.file.name || null },
      },
    });
  },
  reply(c, summary: DispatchImportSummary) {
    if (!summary.dryRun && summary.errors.length > 0) throw dispatchRefused(summary);
    return ok(c, summary);
  },
});

/**
 * The staff side of orders (issue 15, decision 0014): the list, the order page's view, dispatch
 * (one order, or a file of them) and archive. Orders are not created or edited by staff, so they
 * are not a `resourceRoutes` resource; the routes keep its paths and its audit rule.
 */
export const orderStaffRoutes: AnyRoute[] = [
  orderListRoute,
  orderRoute,
  dispatchOrderRoute,
  destroyOrdersRoute,
  exportOrdersRoute,
  dispatchCsvRoute,
];
