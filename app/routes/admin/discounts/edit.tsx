import { Form, useLocation, useNavigation } from "react-router";
import { discountStatus } from "../../../../common/discount-status";
import { Badge, LondonTime } from "../../../components/admin/cells";
import { DeleteControl } from "../../../components/admin/delete-control";
import { DiscountFields } from "../../../components/admin/discount-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import type { AdminActionData } from "../../../components/admin/screen-types";
import { sectionRecordPath } from "../../../components/admin/sections";
import { AppLink } from "../../../components/ui/app-link";
import { FormMessage } from "../../../components/ui/form";
import {
  discountScreens,
  discountValues,
  type EndActionData,
  endNow,
  segmentChoices,
} from "../../../lib/admin-discounts.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { readForm } from "../../../lib/form-route.server";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Discount: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export async function loader(args: Route.LoaderArgs) {
  const screen = await discountScreens.record(args);
  return {
    ...screen,
    values: discountValues(screen.record),
    segments: await segmentChoices(args.context),
  };
}

export async function action(args: Route.ActionArgs) {
  // Read as every page form is, so a body that is not a form is a 415, never a 500.
  const intent = (await readForm(args.request.clone())).get("intent");
  return intent === "end" || intent === "confirm-end" ? endNow(args) : discountScreens.edit(args);
}

/** The form "End now" posts, apart from the discount's own (its button sits in that form's aside). */
const END_FORM = "discount-end";

const count = new Intl.NumberFormat("en-GB");

function Usage({
  loaderData,
  confirming,
  refusal,
}: Pick<Route.ComponentProps, "loaderData"> & {
  /** The server asked to confirm ending (no JavaScript): the question is rendered open. */
  confirming: boolean;
  /** Why ending was refused, told in the question's dialog. */
  refusal: string | undefined;
}) {
  const { record } = loaderData;
  const status = discountStatus(record);
  const location = useLocation();
  const navigation = useNavigation();
  const ending = navigation.state === "submitting" && navigation.formData?.get("intent") === "end";
  return (
    <Card title="Usage">
      <p className="text-3xl font-bold tabular-nums">
        {count.format(record.timesUsed)}
        <span className="text-base font-normal text-muted">
          {record.usageLimit === null
            ? ` ${record.timesUsed === 1 ? "use" : "uses"}, no limit`
            : ` of ${count.format(record.usageLimit)} uses`}
        </span>
      </p>
      {record.recentRedemptions.length > 0 ? (
        <>
          <h3 className="text-sm font-semibold">Latest uses</h3>
          <ul className="divide-y divide-line text-sm">
            {record.recentRedemptions.map((use) => {
              const path = use.orderId ? sectionRecordPath("orders", use.orderId) : undefined;
              return (
                <li key={`${use.orderId}-${use.at}`} className="flex justify-between gap-3 py-2">
                  {path && use.orderNumber ? (
                    <AppLink to={path} className="font-semibold underline">
                      {use.orderNumber}
                    </AppLink>
                  ) : (
                    <span className="font-semibold">{use.orderNumber ?? "An order"}</span>
                  )}
                  <span className="text-muted">
                    <LondonTime iso={use.at} />
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <p className="text-sm text-muted">Not used yet.</p>
      )}
      <div className="border-t border-line pt-4">
        <p className="mb-2 text-sm">
          Status:{" "}
          <Badge tone={status === "live" ? "success" : status === "scheduled" ? "info" : "neutral"}>
            {status === "live" ? "Live" : status === "scheduled" ? "Scheduled" : "Ended"}
          </Badge>
        </p>
        {status === "live" && loaderData.canEdit && (
          <>
            <p className="mb-3 text-sm text-muted">
              Ending the code stops anyone using it from now on. Its history stays.
            </p>
            <DeleteControl
              form={END_FORM}
              intent="end"
              label="End now"
              title={`End ${record.code} now?`}
              description="Nobody can use the code from now on, and it cannot be started again. Its history stays."
              confirmLabel="End code"
              confirming={confirming}
              cancelTo={`${location.pathname}${location.search}`}
              pending={ending}
              refusal={refusal}
            />
          </>
        )}
      </div>
    </Card>
  );
}

export default function EditDiscount({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { record, label, values, canDelete, segments } = loaderData;
  const confirmingEnd = (answer as EndActionData | undefined)?.intent === "confirm-end";
  const actionData = confirmingEnd ? undefined : (answer as AdminActionData | undefined);
  // A refused "End now" is told in its question's dialog while "End now" is offered.
  const endOffered = discountStatus(record) === "live" && loaderData.canEdit;
  return (
    <>
      <ScreenHeader
        title={<span className="font-mono">{label}</span>}
        back={
          record.batchId
            ? { to: `/admin/discounts/batches/${record.batchId}`, label: "Batch" }
            : { to: "/admin/discounts", label: "Discounts" }
        }
        intro={
          <>
            Last saved <LondonTime iso={record.updatedAt} />.
          </>
        }
      />
      {actionData?.intent === "bulk" && actionData.message && !endOffered && (
        <div className="mb-6">
          <FormMessage type="error">{actionData.message}</FormMessage>
        </div>
      )}
      <ResourceForm
        key={record.id}
        label="Discount details"
        values={values}
        result={actionData?.intent === "bulk" ? undefined : actionData}
        listPath="/admin/discounts"
        updatedAt={record.updatedAt}
        submitLabel="Save discount"
        aside={
          <Usage
            loaderData={loaderData}
            confirming={confirmingEnd || actionData?.intent === "bulk"}
            refusal={actionData?.intent === "bulk" ? actionData.message : undefined}
          />
        }
        destroy={
          canDelete
            ? {
                label: "Delete discount",
                title: `Delete ${label}?`,
                description:
                  "Only a code nobody has used can be deleted. A used code keeps its history: end it instead.",
                confirmLabel: "Delete discount",
              }
            : undefined
        }
      >
        <DiscountFields segments={segments} />
      </ResourceForm>
      <Form method="post" id={END_FORM} />
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/discounts", label: "Discounts" }} />;
}
