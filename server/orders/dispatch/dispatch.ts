import { and, asc, eq, inArray } from "drizzle-orm";
import { CARRIERS } from "../../../common/carriers.ts";
import { londonDay } from "../../../common/london-days.ts";
import type { StaffOrderEdit } from "../../../common/orders-admin.ts";
import { type Refusal, refuse } from "../../../common/refusal.ts";
import type { Db } from "../../db/client.ts";
import type { WriteContext } from "../../http/resource.ts";
import { queueMail } from "../../mail/index.ts";
import { recordOrderEvent } from "../events.ts";
import { lockOrder } from "../placement/service.ts";
import { moveOrder } from "../placement/status.ts";
import { orderLines, orderShipments } from "../schema.ts";
import { ORDERS, staffOrderEdit } from "../staff.ts";
import type { DispatchInput } from "../validators.ts";
import { orderDispatchMail } from "./dispatch-mail.ts";
import { dispatchReadiness } from "./dispatch-rules.ts";

/** The carrier's tracking page for a parcel, made from its number when staff gave none. */
export function trackingUrlFor(input: DispatchInput): string {
  if (input.trackingUrl) return input.trackingUrl;
  const carrier = CARRIERS.find((each) => each.id === input.carrier);
  if (!carrier) throw new Error(`No carrier ${input.carrier}`);
  return carrier.trackingUrl(encodeURIComponent(input.trackingNumber));
}

/** What a dispatch did: the order as its page now shows it, and whether more is to follow. */
export type Dispatched = { order: StaffOrderEdit; partial: boolean; shipmentId: number };

/**
 * POST /api/staff/orders/status/dispatch/{id}: sends what can go today (London) in one parcel.
 * Only a paid order is sent, and nothing before its release date: a `split` order sends what is
 * in stock now (it stays `paid`, "part dispatched") and the rest later; any other order goes
 * whole once everything can. The order is `dispatched` once every line is in a parcel. The
 * parcel, the lines' `shipmentId`, the move, the timeline, the audit entry and the dispatch email
 * are written in the caller's transaction; anything refused writes nothing.
 */
export async function dispatchOrder(
  tx: Db,
  orderId: number,
  input: DispatchInput,
  { actor, audit, config, via }: WriteContext,
  today = londonDay(),
): Promise<Dispatched | Refusal> {
  const order = await lockOrder(tx, orderId);
  if (!order) return refuse("not-found", "No such order.");
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.position));
  const readiness = dispatchReadiness(order, lines, today);
  if (!readiness.ready) return refuse("conflict", readiness.reason ?? "Not ready to dispatch.");

  const carrier = CARRIERS.find((each) => each.id === input.carrier)?.name ?? input.carrier;
  const trackingUrl = trackingUrlFor(input);
  const [shipment] = await tx
    .insert(orderShipments)
    .values({ orderId, carrier, trackingNumber: input.trackingNumber, trackingUrl })
    .returning();
  if (!shipment) throw new Error("The shipment was not written");
  await tx
    .update(orderLines)
    .set({ shipmentId: shipment.id })
    .where(and(eq(orderLines.orderId, orderId), inArray(orderLines.id, readiness.lineIds)));
  if (!readiness.partial) {
    const moved = await moveOrder(tx, orderId, "paid", "dispatched");
    if (!moved) return refuse("conflict", "This order changed meanwhile: reload it.");
  }

  const sent = lines.filter((line) => readiness.lineIds.includes(line.id));
  const label = `${carrier} (${input.trackingNumber})`;
  await recordOrderEvent(tx, {
    orderId,
    type: "dispatched",
    message: readiness.partial
      ? `Part dispatched with ${label}: ${sent.length} of ${lines.length} lines`
      : `Dispatched with ${label}`,
    detail: {
      shipmentId: shipment.id,
      carrier,
      trackingNumber: input.trackingNumber,
      trackingUrl,
      lineIds: readiness.lineIds,
      partial: readiness.partial,
    },
    actor,
  });
  await audit.record(tx, {
    action: "update",
    resource: ORDERS,
    resourceId: orderId,
    label: order.number,
    before: { status: order.status, shipments: null },
    after: {
      status: readiness.partial ? order.status : "dispatched",
      shipments: { carrier, trackingNumber: input.trackingNumber, lineIds: readiness.lineIds },
    },
    via,
  });

  const mail = orderDispatchMail({
    number: order.number,
    email: order.email,
    name: order.shippingAddress.fullName,
    carrier,
    trackingNumber: input.trackingNumber,
    trackingUrl,
    items: sent.map((line) => {
      const options = line.attributes.length > 0 ? ` (${line.attributes.join(", ")})` : "";
      return `${line.quantity} × ${line.title}${options}`;
    }),
    partial: readiness.partial,
    supportEmail: config.supportEmail,
  });
  await queueMail(tx, mail);
  await recordOrderEvent(tx, {
    orderId,
    type: "email_sent",
    message: `Dispatch email sent to ${order.email}`,
  });

  const view = await staffOrderEdit(tx, orderId, today);
  if (!view) throw new Error(`Order ${orderId} vanished`);
  return { order: view, partial: readiness.partial, shipmentId: shipment.id };
}
