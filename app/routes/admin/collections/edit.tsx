import { LondonTime } from "../../../components/admin/cells";
import { CollectionAside, CollectionFields } from "../../../components/admin/collection-fields";
import { ResourceForm } from "../../../components/admin/resource-form";
import { ScreenError } from "../../../components/admin/screen-error";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { collectionAction, collectionRecord } from "../../../lib/admin-collections.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/edit";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Collection: ${loaderData.label}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => collectionRecord(args);

export const action = (args: Route.ActionArgs) => collectionAction(args, false);

export default function EditCollection({ loaderData, actionData }: Route.ComponentProps) {
  const { record, label, values, canDelete, products, bands, hero } = loaderData;
  return (
    <>
      <ScreenHeader
        title={label}
        back={{ to: "/admin/collections", label: "Collections" }}
        intro={
          <>
            Last saved <LondonTime iso={record.updatedAt} />.{" "}
            <a
              href={`/products?collection=${record.slug}`}
              target="_blank"
              rel="noopener"
              className="font-semibold text-ink underline"
            >
              View on the shop<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </>
        }
      />
      <ResourceForm
        key={record.id}
        label="Collection details"
        values={values}
        result={actionData}
        listPath="/admin/collections"
        updatedAt={record.updatedAt}
        submitLabel="Save collection"
        aside={<CollectionAside hero={hero} />}
        destroy={
          canDelete
            ? {
                label: "Delete collection",
                title: `Delete ${label}?`,
                description:
                  "The collection leaves the shop at once; its products stay. A collection in the spotlight cannot be deleted until that spotlight ends.",
                confirmLabel: "Delete collection",
              }
            : undefined
        }
      >
        <CollectionFields isNew={false} products={products} bands={bands} />
      </ResourceForm>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/collections", label: "Collections" }} />;
}
