import type { StaffAttributeItem } from "../../../../common/catalog-admin";
import { PrimaryLink, timeColumn } from "../../../components/admin/list-columns";
import { Swatch } from "../../../components/admin/product-cells";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";
import { attributeScreens, attributeTypeChoices } from "../../../lib/admin-attributes.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Attributes", { noindex: true });

export async function loader(args: Route.LoaderArgs) {
  const [screen, types] = await Promise.all([
    attributeScreens.list(args),
    attributeTypeChoices(args.context),
  ]);
  return { ...screen, types };
}

export const action = (args: Route.ActionArgs) => attributeScreens.listAction(args);

const column = tableColumns<StaffAttributeItem>();
const count = new Intl.NumberFormat("en-GB");

const columns = [
  column.accessor("title", {
    id: "title",
    header: "Attribute",
    enableSorting: true,
    cell: ({ row }) => (
      <span className="flex items-center gap-2">
        <Swatch colour={row.original.swatch} size={18} />
        <AppLink
          to={`/admin/attributes/${row.original.id}`}
          className="font-semibold hover:underline"
        >
          {row.original.title}
        </AppLink>
      </span>
    ),
  }),
  column.accessor((value) => value.attributeType.title, {
    id: "type",
    header: "Type",
    cell: ({ row }) => (
      <AppLink
        to={`/admin/attributes?type=${row.original.attributeType.id}`}
        className="underline-offset-2 hover:underline"
      >
        {row.original.attributeType.title}
      </AppLink>
    ),
  }),
  column.accessor("slug", {
    header: "Slug",
    cell: ({ getValue }) => <code className="text-xs text-muted">{getValue()}</code>,
  }),
  column.accessor("position", {
    id: "position",
    header: "Position",
    enableSorting: true,
    cell: ({ getValue }) => <span className="tabular-nums text-muted">{getValue()}</span>,
  }),
  column.accessor("variantCount", {
    id: "variants",
    header: "Variants",
    enableSorting: true,
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">
        {count.format(row.original.variantCount)}
        <span className="text-muted">
          {" "}
          in {count.format(row.original.productCount)}{" "}
          {row.original.productCount === 1 ? "product" : "products"}
        </span>
      </span>
    ),
  }),
  timeColumn(column, (row) => row.updatedAt),
];

export default function AttributesList({ loaderData, actionData }: Route.ComponentProps) {
  const { types, canAdd } = loaderData;
  return (
    <>
      <ScreenHeader
        title="Attributes"
        intro="The values of each attribute type: sizes, colours (with their swatches), formats."
        actions={canAdd && <PrimaryLink to="/admin/attributes/new">Add attribute</PrimaryLink>}
      />
      <ResourceList
        screen={loaderData}
        result={actionData}
        caption="Attributes"
        columns={columns}
        rowId={(value) => String(value.id)}
        searchLabel="Search attributes"
        filters={[
          {
            name: "type",
            label: "Type",
            anyLabel: "All types",
            options: types.map((type) => ({ value: String(type.id), label: type.title })),
          },
        ]}
        empty="No attribute matches these filters."
        bulkDelete={{
          noun: "attribute",
          plural: "attributes",
          rowLabel: (value) => `Select ${value.attributeType.title} ${value.title}`,
        }}
      />
    </>
  );
}
