import { data, Form, redirect, useNavigation } from "react-router";
import { COUNTRIES } from "../../../common/countries";
import { AddressFields } from "../../components/checkout/address-fields";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { ErrorSummary, fieldAnchor, SubmitButton } from "../../components/ui/form";
import { updateBillingDetails, updateShippingDetails } from "../../lib/account-forms.server";
import { appContext } from "../../lib/app-context.server";
import { customerDetails } from "../../lib/customer.server";
import { flashCookie } from "../../lib/flash.server";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { requireChoice } from "../../lib/route-params";
import { requireSession } from "../../lib/session.server";
import type { Route } from "./+types/address-edit";

export const meta = screenMeta("Edit a saved address", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

const KINDS = ["shipping", "billing"] as const;
const NAMES = { shipping: "delivery address", billing: "billing address" } as const;

/** The saved address of the kind in the address, to edit; none saved yet is a 404. */
export async function loader(args: Route.LoaderArgs) {
  const kind = requireChoice(args, "kind", KINDS);
  const details = await customerDetails(args.context, requireSession(args.context));
  const address = details[kind];
  if (!address) throw data(`Page Not Found: ${args.url.pathname}`, { status: 404 });
  return { kind, address };
}

/**
 * The user API's own update route for the kind, so the page and the API judge an address as
 * checkout does; saved, back to the account with a confirmation.
 */
export async function action(args: Route.ActionArgs) {
  const kind = requireChoice(args, "kind", KINDS);
  const route = kind === "shipping" ? updateShippingDetails : updateBillingDetails;
  const result = await runFormRoute(route, args.request, args.context);
  if (!result.ok) return formFailure(result);
  const saved = [{ type: "SUCCESS" as const, body: `Your ${NAMES[kind]} has been saved.` }];
  throw redirect("/customer/dashboard", {
    status: 303,
    headers: {
      "Set-Cookie": flashCookie(saved, args.context.get(appContext).config.secure),
    },
  });
}

const FIELD_LABELS = {
  fullName: { label: "Full name" },
  line1: { label: "Address line 1" },
  line2: { label: "Address line 2" },
  city: { label: "Town or city" },
  county: { label: "County" },
  postcode: { label: "Postcode" },
  country: { label: "Country" },
  phone: { label: "Phone" },
};

export default function AddressEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, address } = loaderData;
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  const typed: Record<string, string | null | undefined> = actionData?.values ?? address;
  // The checkout's own address fields, named here without its `shippingAddress.` prefix.
  const field = (dotted: string) => {
    const name = dotted.slice(dotted.indexOf(".") + 1);
    return { name, id: fieldAnchor(name), defaultValue: typed[name] ?? "", errors: errors[name] };
  };
  return (
    <>
      <PageHeading title={`Edit your ${NAMES[kind]}`} />
      <Form method="post" className="max-w-2xl space-y-6" noValidate>
        {actionData && (
          <ErrorSummary
            message={actionData.message}
            errors={errors}
            labels={FIELD_LABELS}
            shown={actionData}
          />
        )}
        <AddressFields
          prefix={kind === "shipping" ? "shippingAddress" : "billingAddress"}
          field={field}
          countries={COUNTRIES}
        />
        <div className="flex flex-wrap items-center gap-4">
          <div className="sm:w-60">
            <SubmitButton busy={navigation.state === "submitting"} busyLabel="Saving…">
              Save address
            </SubmitButton>
          </div>
          <AppLink to="/customer/dashboard" className="font-semibold underline hover:text-accent">
            Cancel
          </AppLink>
        </div>
      </Form>
    </>
  );
}
