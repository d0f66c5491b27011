import type { ReactNode } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import type { StaffCustomerDetail } from "../../../../common/customers-admin";
import { formatPrice } from "../../../../common/money";
import { ORDER_STATUS_LABELS } from "../../../../common/order-statuses";
import { Badge, LondonTime } from "../../../components/admin/cells";
import { DeleteControl } from "../../../components/admin/delete-control";
import { ScreenError } from "../../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { buttonClasses } from "../../../components/ui/button";
import { FormMessage } from "../../../components/ui/form";
import {
  customerAction,
  customerRecord,
  type EraseActionData,
} from "../../../lib/admin-customers.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/show";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Customer: ${loaderData.customer.name}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => customerRecord(args);

export const action = (args: Route.ActionArgs) => customerAction(args);

const ERASE_FORM = "customer-erase";

export default function CustomerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { customer, canErase } = loaderData;
  const result = actionData as EraseActionData | undefined;
  // A refused erasure (not an admin, or a colleague erased them first) is said in the dialog.
  const refusal = result?.intent === "erase" ? result.message : undefined;
  return (
    <>
      <ScreenHeader
        title={customer.name}
        back={{ to: "/admin/customers", label: "Customers" }}
        intro={
          <>
            {customer.email} · joined <LondonTime iso={customer.joinedAt} />
          </>
        }
        actions={
          <a
            href={`/api/staff/customers/export/${customer.id}`}
            className={buttonClasses("secondary", "sm")}
            download
          >
            Export data (JSON)
          </a>
        }
      />
      {result?.message && (
        <div className="mb-6">
          <FormMessage type="error">{result.message}</FormMessage>
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-6">
          <Card title="Orders" description={`${customer.orderCount} in all.`}>
            <OrdersTable orders={customer.orders} />
          </Card>
          <Card title="Saved addresses">
            {customer.addresses.length === 0 ? (
              <p className="mt-2 text-sm text-muted">No saved addresses.</p>
            ) : (
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                {customer.addresses.map((address) => (
                  <address key={address.kind} className="text-sm not-italic">
                    <h3 className="mb-1 font-semibold">
                      {address.kind === "shipping" ? "Delivery" : "Billing"}
                    </h3>
                    {[
                      address.fullName,
                      address.line1,
                      address.line2,
                      address.city,
                      address.county,
                      address.postcode,
                      address.country,
                      address.phone,
                    ]
                      .filter(Boolean)
                      .map((line) => (
                        <span key={line} className="block">
                          {line}
                        </span>
                      ))}
                  </address>
                ))}
              </div>
            )}
          </Card>
        </div>
        <div className="grid content-start gap-6">
          <Card title="Summary">
            <dl className="mt-3 grid gap-3 text-sm">
              <Fact label="Lifetime spend">
                <span className="text-lg font-bold tabular-nums" data-testid="lifetime-spend">
                  {formatPrice(customer.lifetimeSpend)}
                </span>
                <span className="block text-muted">Paid, less refunds.</span>
              </Fact>
              <Fact label="Account">
                {customer.erasedAt ? (
                  <Badge tone="danger">Erased</Badge>
                ) : customer.kind === "registered" ? (
                  <Badge tone="success">Registered</Badge>
                ) : (
                  <Badge>Guest</Badge>
                )}
              </Fact>
              <Fact label="Marketing consent">
                {customer.marketingConsent ? "Yes, they want marketing email" : "No"}
              </Fact>
              <Fact label="Segments">
                {customer.segments.length === 0 ? (
                  <span className="text-muted">None</span>
                ) : (
                  <ul className="flex flex-wrap gap-2">
                    {customer.segments.map((segment) => (
                      <li key={segment.id}>
                        <AppLink
                          to={`/admin/segments/${segment.id}`}
                          className="underline hover:no-underline"
                        >
                          {segment.title}
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                )}
              </Fact>
            </dl>
          </Card>
          {!customer.erasedAt ? (
            <EraseCard
              name={customer.name}
              canErase={canErase}
              confirming={result?.intent === "confirm-erase" || refusal !== undefined}
              refusal={refusal}
            />
          ) : (
            refusal && (
              <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-900">
                {refusal}
              </p>
            )
          )}
        </div>
      </div>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function OrdersTable({ orders }: { orders: StaffCustomerDetail["orders"] }) {
  if (orders.length === 0) return <p className="mt-2 text-sm text-muted">No orders yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Their orders, newest first</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Order
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Placed
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Status
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className="border-b border-line last:border-0">
              <td className="py-2 pr-4">
                <AppLink
                  to={`/admin/orders/${order.id}`}
                  className="font-semibold underline hover:no-underline"
                >
                  {order.number}
                </AppLink>
              </td>
              <td className="py-2 pr-4 whitespace-nowrap">
                <LondonTime iso={order.createdAt} />
              </td>
              <td className="py-2 pr-4">
                {ORDER_STATUS_LABELS[order.status]}
                {order.refundedTotal > 0 && (
                  <span className="block text-xs text-muted">
                    {formatPrice(order.refundedTotal)} refunded
                  </span>
                )}
              </td>
              <td className="py-2 text-right tabular-nums">{formatPrice(order.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Erasure under UK GDPR: admins only, asking first; staff see why they cannot. */
function EraseCard({
  name,
  canErase,
  confirming,
  refusal,
}: {
  name: string;
  canErase: boolean;
  confirming: boolean;
  refusal?: string;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "erase";
  return (
    <Card
      title="Erase customer"
      description="On request under UK GDPR: their personal data is removed for good."
    >
      <Form method="post" id={ERASE_FORM} />
      <div className="mt-4">
        <DeleteControl
          form={ERASE_FORM}
          intent="erase"
          label="Erase customer"
          title={`Erase ${name}?`}
          description="Their name, email, password, saved addresses and marketing consent are removed, they are signed out everywhere, their contact messages and queued emails are deleted, and their orders are kept for the accounts with the personal details anonymised. This cannot be undone."
          confirmLabel="Erase for good"
          confirming={confirming}
          cancelTo={`${location.pathname}${location.search}`}
          pending={sending}
          disabled={!canErase}
          refusal={refusal}
        />
        {!canErase && <p className="mt-2 text-sm text-muted">Only admins can erase customers.</p>}
      </div>
    </Card>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/customers", label: "Customers" }} />;
}
