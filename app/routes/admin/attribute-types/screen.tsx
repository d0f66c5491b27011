import type { StaffAttributeTypeItem } from "../../../../common/catalog-admin";
import { AttributeTypeFields } from "../../../components/admin/attribute-fields";
import { Badge } from "../../../components/admin/cells";
import { countColumn, timeColumn } from "../../../components/admin/list-columns";
import { staffScreen } from "../../../components/admin/staff-screen";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";

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

/** The attribute types' screens: /admin/attribute-types, /new and /:id (decision 0042). */
export const attributeTypesScreen = staffScreen<
  StaffAttributeTypeItem,
  { id: number; updatedAt: string }
>({
  path: "/admin/attribute-types",
  title: "Attribute types",
  noun: "attribute type",
  plural: "attribute types",
  list: {
    intro:
      "The options products come in, such as Size, Colour and Format. Their values are the attributes.",
    columns,
  },
  form: {
    Fields: ({ isNew }) => <AttributeTypeFields isNew={isNew} />,
    editIntro: (type) => (
      <AppLink
        to={`/admin/attributes?type=${type.id}`}
        className="font-semibold text-ink underline"
      >
        Its values
      </AppLink>
    ),
    deleteDescription:
      "The type and its values go at once. A type whose values variants use cannot be deleted.",
  },
});
