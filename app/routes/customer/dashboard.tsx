import { Form, useNavigation } from "react-router";
import { formatPrice } from "../../../common/money";
import { changePasswordFromForm, logout } from "../../client/auth";
import { NewPasswordField } from "../../components/new-password-field";
import { OrderStatusBadge } from "../../components/order-details";
import { PageHeading } from "../../components/page-heading";
import { SavedAddress } from "../../components/saved-address";
import { AppLink } from "../../components/ui/app-link";
import { Button, buttonClasses } from "../../components/ui/button";
import { FormMessage, SubmitButton, TextField } from "../../components/ui/form";
import { updatePassword } from "../../lib/account-forms.server";
import { customerDetails } from "../../lib/customer.server";
import { formatLongDate } from "../../lib/dates";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { customerOrderList } from "../../lib/orders.server";
import { SIGNED_OUT_PATH } from "../../lib/redirect-target";
import { requireSession } from "../../lib/session.server";
import type { Route } from "./+types/dashboard";

export const meta = screenMeta("My account", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const [details, orders] = await Promise.all([
    customerDetails(context, session),
    customerOrderList(context, session.user.id),
  ]);
  return { ...details, orders };
}

/** The password change without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await runFormRoute(updatePassword, request, context);
  if (!result.ok) return formFailure(result);
  return { done: result.value.message };
}

export function clientAction({ request }: Route.ClientActionArgs) {
  return changePasswordFromForm(request);
}

const card = "rounded-xl border border-line bg-white p-6";

export default function CustomerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user, shipping, billing, orders } = loaderData;
  const navigation = useNavigation();
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const firstName = user.name.split(/\s+/)[0];
  return (
    <>
      <PageHeading
        title={`Hello, ${firstName}`}
        intro="Your orders, saved details and password in one place."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="recent-orders" className={`${card} lg:col-span-2`}>
          <h2 id="recent-orders" className="text-lg font-bold">
            Recent orders
          </h2>
          {orders.length ? (
            <ul className="mt-3 divide-y divide-line">
              {orders.map((order) => (
                <li key={order.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
                  <AppLink to={`/customer/orders/${order.id}`} className="font-semibold underline">
                    {order.number}
                  </AppLink>
                  <time dateTime={order.createdAt} className="text-muted">
                    {formatLongDate(order.createdAt)}
                  </time>
                  <OrderStatusBadge status={order.status} />
                  <span className="ml-auto">
                    {order.itemCount} {order.itemCount === 1 ? "item" : "items"} ·{" "}
                    {formatPrice(order.total)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <>
              <p className="mt-2 text-muted">You have not placed any orders yet.</p>
              <AppLink to="/products" className={`mt-4 ${buttonClasses()}`}>
                Browse the shop
              </AppLink>
            </>
          )}
        </section>
        <section aria-labelledby="account-details" className={card}>
          <h2 id="account-details" className="text-lg font-bold">
            Your details
          </h2>
          <dl className="mt-2 space-y-1">
            <div>
              <dt className="sr-only">Name</dt>
              <dd>{user.name}</dd>
            </div>
            <div>
              <dt className="sr-only">Email</dt>
              <dd className="break-all text-muted">{user.email}</dd>
            </div>
          </dl>
          <Form
            method="post"
            action="/logout"
            reloadDocument
            className="mt-4"
            onSubmit={(event) => {
              event.preventDefault();
              void logout(SIGNED_OUT_PATH);
            }}
          >
            <Button type="submit" variant="secondary">
              Sign out
            </Button>
          </Form>
        </section>
        <section aria-labelledby="saved-details" className={`${card} lg:col-span-2`}>
          <h2 id="saved-details" className="text-lg font-bold">
            Saved details
          </h2>
          <div className="mt-3 grid gap-6 sm:grid-cols-2">
            <SavedAddress
              title="Delivery address"
              address={shipping}
              editTo="/customer/addresses/shipping"
            />
            <SavedAddress
              title="Billing address"
              address={billing}
              editTo="/customer/addresses/billing"
            />
          </div>
        </section>
        <section aria-labelledby="change-password" className={card}>
          <h2 id="change-password" className="text-lg font-bold">
            Change password
          </h2>
          <Form method="post" className="mt-3 space-y-4" noValidate>
            {done && <FormMessage type="success">{done}</FormMessage>}
            <TextField
              name="currentPassword"
              label="Current password"
              type="password"
              autoComplete="current-password"
              required
              errors={errors?.currentPassword}
            />
            <NewPasswordField
              label="New password"
              hint="At least 10 characters. Signs you out everywhere else."
              errors={errors?.password}
            />
            <SubmitButton busy={navigation.state === "submitting"} busyLabel="Saving…">
              Change password
            </SubmitButton>
          </Form>
        </section>
      </div>
    </>
  );
}
