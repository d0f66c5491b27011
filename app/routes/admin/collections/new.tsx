import { CollectionAside, CollectionFields } from "../../../components/admin/collection-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { blankCollection, collectionAction } from "../../../lib/admin-collections.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/new";

export const meta = screenMeta("New collection", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = ({ context }: Route.LoaderArgs) => blankCollection(context);

export const action = (args: Route.ActionArgs) => collectionAction(args, true);

export default function NewCollection({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="New collection"
        back={{ to: "/admin/collections", label: "Collections" }}
      />
      <ResourceForm
        label="Collection details"
        values={loaderData.values}
        result={actionData}
        listPath="/admin/collections"
        submitLabel="Add collection"
        aside={<CollectionAside hero={null} />}
      >
        <CollectionFields isNew products={loaderData.products} bands={loaderData.bands} />
      </ResourceForm>
    </>
  );
}
