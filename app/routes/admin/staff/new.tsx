import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import { StaffFields } from "../../../components/admin/staff-fields";
import { blankInvite, staffScreens } from "../../../lib/admin-staff.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/new";

export const meta = screenMeta("Invite staff", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = ({ context }: Route.LoaderArgs) => blankInvite(context);

export const action = (args: Route.ActionArgs) => staffScreens.create(args);

export default function InviteStaff({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Invite staff"
        back={{ to: "/admin/staff", label: "Staff" }}
        intro="They get an email with a link to choose their password, then sign in at the back office."
      />
      <ResourceForm
        label="Invitation"
        values={loaderData.values}
        result={actionData}
        listPath="/admin/staff"
        submitLabel="Send invitation"
        aside={
          <Card title="What happens next">
            <ol className="list-decimal space-y-2 pl-5 text-sm text-muted">
              <li>We email them a link that lasts 72 hours.</li>
              <li>They choose a password; until then the list shows them as invited.</li>
              <li>They sign in at the back office with their email and that password.</li>
            </ol>
          </Card>
        }
      >
        <StaffFields invite showRole />
      </ResourceForm>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/staff", label: "Staff" }} />;
}
