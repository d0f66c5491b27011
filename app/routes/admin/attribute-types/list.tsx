import type { StaffAttributeTypeItem } from "../../../../common/catalog-admin";
import { Badge, ChangedCell } from "../../../components/admin/cells";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { buttonClasses } from "../../../components/ui/button";
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
  column.accessor("variantCount", {
    header: "Variants using it",
    cell: ({ getValue }) => <span className="tabular-nums">{count.format(getValue())}</span>,
  }),
  column.accessor("updatedAt", {
    id: "updated",
    header: "Updated",
    enableSorting: true,
    cell: ({ getValue }) => <ChangedCell iso={getValue()} />,
  }),
];

export default function AttributeTypesList({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Attribute types"
        intro="The options products come in, such as Size, Colour and Format. Their values are the attributes."
        actions={
          loaderData.canAdd && (
            <AppLink to="/admin/attribute-types/new" className={buttonClasses("primary", "sm")}>
              Add attribute type
            </AppLink>
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
