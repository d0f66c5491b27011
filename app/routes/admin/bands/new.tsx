import { BandAside, BandFields } from "../../../components/admin/band-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { bandScreens } from "../../../lib/admin-bands.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/new";

export const meta = screenMeta("New band", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = () => bandScreens.blank();

export const action = (args: Route.ActionArgs) => bandScreens.create(args);

export default function NewBand({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader title="New band" back={{ to: "/admin/bands", label: "Bands" }} />
      <ResourceForm
        label="Band details"
        values={loaderData.values}
        result={actionData}
        listPath="/admin/bands"
        submitLabel="Add band"
        aside={<BandAside />}
      >
        <BandFields isNew />
      </ResourceForm>
    </>
  );
}
