import { Form, useLocation, useNavigation } from "react-router";
import { LondonTime } from "../../../components/admin/cells";
import { DeleteControl } from "../../../components/admin/delete-control";
import { ResourceForm } from "../../../components/admin/resource-form";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import type { AdminActionData } from "../../../components/admin/screen-types";
import { Avatar, StaffRoleBadge, StaffStatus } from "../../../components/admin/staff-cells";
import { StaffFields } from "../../../components/admin/staff-fields";
import { StaffScreenError } from "../../../components/admin/staff-screen";
import { FormMessage } from "../../../components/ui/form";
import { staffEditAction, staffRecord } from "../../../lib/admin-staff.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/edit";
import { staffAccountsScreen } from "./screen";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Staff: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => staffRecord(args);

export const action = (args: Route.ActionArgs) => staffEditAction(args);

const ACCESS_FORM = "staff-access";

/** The form's own answers (save, delete) apart from the access control's. */
const formResult = (result: unknown): AdminActionData | undefined => {
  const intent = (result as { intent?: string } | undefined)?.intent;
  return intent === "save" || intent === "confirm-delete" || intent === "delete"
    ? (result as AdminActionData)
    : undefined;
};

export default function EditStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { record, label, values, canEdit, isSelf } = loaderData;
  const access = actionData as { intent?: string; message?: string } | undefined;
  return (
    <>
      <ScreenHeader
        title={
          <span className="flex items-center gap-4">
            <Avatar name={record.name} size="lg" />
            <span className="min-w-0">{label}</span>
          </span>
        }
        back={{ to: "/admin/staff", label: "Staff" }}
        intro={
          <span className="flex flex-wrap items-center gap-2">
            <span className="break-all">{record.email}</span>
            <StaffRoleBadge role={record.role} />
            <StaffStatus member={record} />
          </span>
        }
      />
      {access?.intent === "access" && access.message && (
        <div className="mb-6">
          <FormMessage type="error">{access.message}</FormMessage>
        </div>
      )}
      {canEdit ? (
        <>
          <ResourceForm
            key={record.id}
            label="Account details"
            values={values}
            result={formResult(actionData)}
            listPath="/admin/staff"
            updatedAt={record.updatedAt}
            submitLabel="Save"
            aside={
              <AccessCard
                name={record.name}
                active={record.active}
                invited={record.invited}
                isSelf={isSelf}
                confirming={access?.intent}
                refusal={access?.intent === "access" ? access.message : undefined}
              />
            }
          >
            <StaffFields invite={false} showRole={!isSelf} />
            {isSelf && (
              <p className="text-sm text-muted">
                This is your account: another admin can change your role.
              </p>
            )}
          </ResourceForm>
          <Form method="post" id={ACCESS_FORM} />
        </>
      ) : (
        <Card title="Account">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-semibold">Email</dt>
              <dd className="break-all text-muted">{record.email}</dd>
            </div>
            <div>
              <dt className="font-semibold">Last changed</dt>
              <dd className="text-muted">
                <LondonTime iso={record.updatedAt} />
              </dd>
            </div>
          </dl>
          <p className="text-sm text-muted">Only admins can change staff accounts.</p>
        </Card>
      )}
    </>
  );
}

/** Whether the account may sign in, and the control that switches it, asking first. */
function AccessCard({
  name,
  active,
  invited,
  isSelf,
  confirming,
  refusal,
}: {
  name: string;
  active: boolean;
  invited: boolean;
  isSelf: boolean;
  confirming: string | undefined;
  /** Why the last switch was refused: told in the dialog too, when it is still open. */
  refusal: string | undefined;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const here = `${location.pathname}${location.search}`;
  return (
    <Card
      title="Access"
      description={
        active
          ? invited
            ? "Invited: they have not chosen a password yet."
            : "Active: they can sign in to the back office."
          : "Deactivated: they cannot sign in."
      }
    >
      {isSelf ? (
        <p className="text-sm text-muted">
          You cannot deactivate your own account or change your own role. Ask another admin.
        </p>
      ) : active ? (
        <DeleteControl
          form={ACCESS_FORM}
          intent="deactivate"
          label="Deactivate account"
          title={`Deactivate ${name}?`}
          description="They are signed out everywhere at once and cannot sign in until an admin reactivates the account. The audit log keeps naming them."
          confirmLabel="Deactivate account"
          confirming={confirming === "confirm-deactivate"}
          cancelTo={here}
          pending={sending === "deactivate"}
          refusal={refusal}
        />
      ) : (
        <DeleteControl
          form={ACCESS_FORM}
          intent="reactivate"
          variant="primary"
          label="Reactivate account"
          title={`Reactivate ${name}?`}
          description="They can sign in again with their password, with the same role as before."
          confirmLabel="Reactivate account"
          confirming={confirming === "confirm-reactivate"}
          cancelTo={here}
          pending={sending === "reactivate"}
          refusal={refusal}
        />
      )}
    </Card>
  );
}

export function ErrorBoundary() {
  return <StaffScreenError screen={staffAccountsScreen} />;
}
