import { Form, useNavigation } from "react-router";
import { BILLING_PERIOD_TITLES } from "../../../../common/billing";
import { CARRIERS } from "../../../../common/carriers";
import { formatPrice } from "../../../../common/money";
import { WAITING_FOR_PROVIDER } from "../../../../common/order-statuses";
import type { StaffOrderEdit } from "../../../../common/orders-admin";
import { Badge, LondonTime } from "../../../components/admin/cells";
import { DayCell, OrderStatusBadge } from "../../../components/admin/order-cells";
import { AddressLines, TotalsRows } from "../../../components/admin/order-parts";
import { ScreenError } from "../../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import { Button, buttonClasses } from "../../../components/ui/button";
import { FormMessage, SelectField, TextField } from "../../../components/ui/form";
import { orderAction, orderScreen } from "../../../lib/admin-orders.server";
import { formatLongDate } from "../../../lib/dates";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/show";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Order ${loaderData.order.number}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => orderScreen(args);

export const action = (args: Route.ActionArgs) => orderAction(args);

const BACK = { to: "/admin/orders", label: "Orders" };
const PLANS = {
  split: "Split: in-stock items now, pre-orders on release",
  together: "Together, once everything is out",
};
const BILLING = { one_off: null, pre_order: "Pre-order", membership: "Membership" } as const;
const RENEWAL = {
  active: { label: "Renewing", tone: "success" },
  past_due: { label: "Renewal unpaid", tone: "warning" },
  cancelled: { label: "Cancelled", tone: "danger" },
} as const;

function Memberships({ memberships }: { memberships: StaffOrderEdit["memberships"] }) {
  return (
    <Card title="Membership">
      <ul className="space-y-2 text-sm">
        {memberships.map((membership) => (
          <li key={membership.orderLineId}>
            <p className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{membership.title}</span>
              <Badge tone={RENEWAL[membership.state].tone}>{RENEWAL[membership.state].label}</Badge>
            </p>
            <p>
              {BILLING_PERIOD_TITLES[membership.period]}, {formatPrice(membership.amount)}
              {membership.renewsAt && ` · next renewal ${formatLongDate(membership.renewsAt)}`}
            </p>
            {!membership.atProvider && membership.state === "active" && (
              <p className="text-muted">{WAITING_FOR_PROVIDER}</p>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Lines({ order }: { order: StaffOrderEdit }) {
  const parcel = (id: number | null) => order.shipments.findIndex((shipment) => shipment.id === id);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items in order {order.number}</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="px-3 py-2">
              Item
            </th>
            <th scope="col" className="px-3 py-2">
              SKU
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Quantity
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Price
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              VAT
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => {
            const sent = parcel(line.shipmentId);
            return (
              <tr key={line.id} className="border-b border-line align-top">
                <th scope="row" className="px-3 py-2 font-normal">
                  <span className="block font-semibold">{line.title}</span>
                  <span className="block text-muted">
                    {[line.band, ...line.attributes].join(" · ")}
                  </span>
                  <span className="mt-1 flex flex-wrap gap-2 text-xs">
                    {BILLING[line.billingModelType] && (
                      <span className="font-semibold">
                        {BILLING[line.billingModelType]}
                        {line.shipsFrom && (
                          <>
                            : ships from <DayCell day={line.shipsFrom} />
                          </>
                        )}
                        {line.billingPeriod && ` (renews each ${line.billingPeriod})`}
                      </span>
                    )}
                    {sent >= 0 && <span className="text-success">Sent in parcel {sent + 1}</span>}
                    {line.refundedQuantity > 0 && (
                      <span className="text-error">
                        {line.refundedQuantity} refunded
                        {line.restockedQuantity > 0 && `, ${line.restockedQuantity} back in stock`}
                      </span>
                    )}
                  </span>
                </th>
                <td className="px-3 py-2 font-mono text-xs">{line.sku}</td>
                <td className="px-3 py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatPrice(line.unitPrice)}</td>
                <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                  {order.exported ? "0%" : `${line.vatRate}%`} · {formatPrice(line.vat)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{formatPrice(line.charged)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <TotalsRows order={order} colSpan={5} />
        </tfoot>
      </table>
    </div>
  );
}

function DispatchForm({
  order,
  result,
  idempotencyKey,
}: {
  order: StaffOrderEdit;
  idempotencyKey: string;
  result?: {
    intent: string;
    message?: string;
    errors?: Record<string, string[]>;
    values?: Record<string, string>;
  };
}) {
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "dispatch";
  const failed = result?.intent === "dispatch" ? result : undefined;
  if (!order.dispatch.ready) {
    return <p className="text-sm text-muted">{order.dispatch.reason}</p>;
  }
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
      {failed?.message && <FormMessage type="error">{failed.message}</FormMessage>}
      {order.dispatch.partial && (
        <p className="text-sm">
          The pre-order is not out yet: this parcel takes the {order.dispatch.lineIds.length} item
          line{order.dispatch.lineIds.length === 1 ? "" : "s"} that can go now.
        </p>
      )}
      <SelectField
        name="carrier"
        label="Carrier"
        options={CARRIERS.map((carrier) => ({ id: carrier.id, title: carrier.name }))}
        placeholder="Choose a carrier"
        defaultValue={failed?.values?.carrier ?? ""}
        errors={failed?.errors?.carrier}
        required
      />
      <TextField
        name="trackingNumber"
        label="Tracking number"
        defaultValue={failed?.values?.trackingNumber ?? ""}
        errors={failed?.errors?.trackingNumber}
        autoComplete="off"
        required
      />
      <TextField
        name="trackingUrl"
        label="Tracking link (optional)"
        hint="Left empty, it is made from the carrier and the number."
        type="url"
        defaultValue={failed?.values?.trackingUrl ?? ""}
        errors={failed?.errors?.trackingUrl}
      />
      <Button
        type="submit"
        name="intent"
        value="dispatch"
        pending={sending}
        pendingLabel="Dispatching…"
      >
        {order.dispatch.partial ? "Dispatch first parcel" : "Mark as dispatched"}
      </Button>
      <p className="text-xs text-muted">The shopper is emailed the tracking link.</p>
    </Form>
  );
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, canDispatch, canArchive } = loaderData;
  const archiveRefused = actionData?.intent === "delete" ? actionData.message : undefined;
  const settled = order.status === "cancelled" || order.status === "refunded";
  return (
    <>
      <ScreenHeader
        title={
          <span className="flex flex-wrap items-center gap-3">
            Order {order.number} <OrderStatusBadge status={order.status} />
          </span>
        }
        back={BACK}
        intro={
          <>
            Placed <LondonTime iso={order.createdAt} /> by {order.email}
            {order.archivedAt && (
              <>
                {" "}
                · Archived <LondonTime iso={order.archivedAt} />
              </>
            )}
          </>
        }
        actions={
          <>
            <a
              href={`/admin/orders/${order.id}/refund`}
              className={buttonClasses("secondary", "sm")}
            >
              Refund or cancel
            </a>
            <a
              href={`/admin/orders/${order.id}/packing-slip`}
              className={buttonClasses("secondary", "sm")}
            >
              Packing slip
            </a>
            <a
              href={`/admin/orders/${order.id}/invoice`}
              className={buttonClasses("secondary", "sm")}
            >
              VAT invoice
            </a>
          </>
        }
      />
      {archiveRefused && <FormMessage type="error">{archiveRefused}</FormMessage>}
      <div className="mt-4 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <Card title="Items">
            <Lines order={order} />
            {order.dispatchPlan && (
              <p className="text-sm">
                <span className="font-semibold">Dispatch: </span>
                {PLANS[order.dispatchPlan]}
              </p>
            )}
          </Card>
          <Card title="Parcels">
            {order.shipments.length === 0 ? (
              <p className="text-sm text-muted">Nothing has been sent yet.</p>
            ) : (
              <ol className="space-y-3">
                {order.shipments.map((shipment, index) => (
                  <li key={shipment.id} className="rounded-lg border border-line p-3 text-sm">
                    <p className="font-semibold">
                      Parcel {index + 1}: {shipment.carrier}, tracking{" "}
                      {shipment.trackingUrl ? (
                        <a
                          href={shipment.trackingUrl}
                          className="underline"
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {shipment.trackingNumber}
                          <span className="sr-only"> (opens the carrier's page in a new tab)</span>
                        </a>
                      ) : (
                        shipment.trackingNumber
                      )}
                    </p>
                    <p className="text-muted">
                      Sent <LondonTime iso={shipment.dispatchedAt} />:{" "}
                      {order.lines
                        .filter((line) => shipment.lineIds.includes(line.id))
                        .map((line) => `${line.quantity} × ${line.title}`)
                        .join(", ")}
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </Card>
          <Card title="Refunds">
            {order.refunds.length === 0 ? (
              <p className="text-sm text-muted">No money has been given back.</p>
            ) : (
              <ul className="space-y-2 text-sm">
                {order.refunds.map((refund) => (
                  <li key={refund.id}>
                    <span className="font-semibold">{formatPrice(refund.amount)}</span> (VAT{" "}
                    {formatPrice(refund.vat)}) ·{" "}
                    {refund.state === "pending" ? WAITING_FOR_PROVIDER : refund.state} ·{" "}
                    <LondonTime iso={refund.createdAt} />
                    {refund.reason && ` · ${refund.reason}`}
                    {refund.restocked && " · goods back in stock"}
                  </li>
                ))}
              </ul>
            )}
          </Card>
          {order.memberships.length > 0 && <Memberships memberships={order.memberships} />}
          <Card title="Timeline">
            <ol className="space-y-3 border-l-2 border-line pl-4">
              {[...order.timeline].reverse().map((event) => (
                <li key={event.id} className="text-sm">
                  <p className="font-semibold">{event.message}</p>
                  <p className="text-muted">
                    <LondonTime iso={event.at} />
                    {event.actorEmail && ` · ${event.actorEmail}`}
                  </p>
                </li>
              ))}
            </ol>
          </Card>
        </div>
        <div className="space-y-6">
          {canDispatch && order.status === "paid" && (
            <Card title="Dispatch">
              <DispatchForm
                order={order}
                result={actionData}
                idempotencyKey={loaderData.idempotencyKey}
              />
            </Card>
          )}
          <Card title="Customer">
            <p className="text-sm break-all">{order.email}</p>
            {order.customerId && (
              <a
                href={`/admin/customers/${order.customerId}`}
                className="text-sm font-semibold underline"
              >
                Customer record
              </a>
            )}
            <div className="text-sm">
              <h3 className="font-semibold">Shipping address</h3>
              <AddressLines address={order.shippingAddress} />
              <p className="mt-1 text-muted">
                {order.delivery.title} ({order.delivery.carrier})
              </p>
            </div>
            <div className="text-sm">
              <h3 className="font-semibold">Billing address</h3>
              <AddressLines address={order.billingAddress} />
            </div>
          </Card>
          <Card title="Payment">
            {order.payment.problem && (
              <FormMessage type="error">
                <strong>Check this payment.</strong> {order.payment.problem}
              </FormMessage>
            )}
            <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-semibold">Provider</dt>
              <dd>{order.payment.provider === "stripe" ? "Stripe" : "Test provider"}</dd>
              <dt className="font-semibold">Reference</dt>
              <dd className="font-mono text-xs break-all">{order.payment.reference ?? "—"}</dd>
              <dt className="font-semibold">State</dt>
              <dd>{order.payment.state ?? "No payment recorded"}</dd>
              {order.payment.amount !== null && (
                <>
                  <dt className="font-semibold">Amount</dt>
                  <dd>{formatPrice(order.payment.amount)}</dd>
                </>
              )}
              {order.payment.declineMessage && (
                <>
                  <dt className="font-semibold">Declined</dt>
                  <dd>{order.payment.declineMessage}</dd>
                </>
              )}
            </dl>
          </Card>
          {canArchive && !order.archivedAt && (
            <Card
              title="Archive"
              description={
                settled
                  ? "Takes the order out of the lists. It stays in the accounts, the audit log and here."
                  : "Only a cancelled or refunded order can be archived: cancel and refund it first."
              }
            >
              <Form method="post">
                <Button
                  type="submit"
                  name="intent"
                  value="archive"
                  variant="secondary"
                  size="sm"
                  disabled={!settled}
                >
                  Archive order
                </Button>
              </Form>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={BACK} />;
}
