import type { StaffAttributeTypeItem } from "../../../../common/catalog-admin";
import { Badge } from "../../../components/admin/cells";
import { countColumn, PrimaryLink, timeColumn } from "../../../components/admin/list-columns";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";
import { attributeTypeScreens } from "../../../lib/admin-attribute-types.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Attribute types", { noindex: true });

export const loader = (args: Route.LoaderArgs) => attributeTypeScreens.list(args);

export const action = (args: Route.ActionArgs) => attributeTypeScreens.listAction(args);

const column = tableColumns<StaffAttributeTypeItem>();
const count = new Intl.NumberFormat("en-GB");

const columns = [
  column.accessor("position", {
    id: "position",
    header: "Position",
    enableSorting: true,
    cell: ({ getValue }) => <span className="tabular-nums text-muted">{getValue()}</span>,
  }),
  column.accessor("title", {
    id: "title",
    header: "Attribute type",
    enableSorting: true,
    cell: ({ row }) => (
      <AppLink
        to={`/admin/attribute-types/${row.original.id}`}
        className="font-semibold hover:underline"
      >
        {row.original.title}
      </AppLink>
    ),
  }),
  column.accessor("slug", {
    header: "Slug",
    cell: ({ getValue }) => <code className="text-xs text-muted">{getValue()}</code>,
  }),
  column.accessor("display", {
    header: "Shown as",
    cell: ({ getValue }) =>
      getValue() === "swatches" ? <Badge tone="info">Swatches</Badge> : <Badge>Buttons</Badge>,
  }),
  column.accessor("valueCount", {
    id: "values",
    header: "Values",
    enableSorting: true,
    cell: ({ row }) => (
      <AppLink
        to={`/admin/attributes?type=${row.original.id}`}
        className="tabular-nums underline-offset-2 hover:underline"
      >
        {count.format(row.original.valueCount)}
        <span className="sr-only"> values of {row.original.title}</span>
      </AppLink>
    ),
  }),
  countColumn(column, (row) => row.variantCount, { header: "Variants using it" }),
  timeColumn(column, (row) => row.updatedAt),
];

export default function AttributeTypesList({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Attribute types"
        intro="The options products come in, such as Size, Colour and Format. Their values are the attributes."
        actions={
          loaderData.canAdd && (
            <PrimaryLink to="/admin/attribute-types/new">Add attribute type</PrimaryLink>
          )
        }
      />
      <ResourceList
        screen={loaderData}
        result={actionData}
        caption="Attribute types"
        columns={columns}
        rowId={(type) => String(type.id)}
        searchLabel="Search attribute types"
        empty="No attribute type matches this search."
        bulkDelete={{
          noun: "attribute type",
          plural: "attribute types",
          rowLabel: (type) => `Select ${type.title}`,
        }}
      />
    </>
  );
}
