import type { StaffAttributeItem } from "../../../../common/catalog-admin";
import { AttributeFields } from "../../../components/admin/attribute-fields";
import { timeColumn } from "../../../components/admin/list-columns";
import { Swatch } from "../../../components/admin/product-cells";
import { staffScreen } from "../../../components/admin/staff-screen";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";

type TypeChoice = { id: number; title: string };

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

/** The attributes' screens: /admin/attributes, /new and /:id (an attribute type's values). */
export const attributesScreen = staffScreen<
  StaffAttributeItem,
  { id: number; updatedAt: string; attributeTypeId: number },
  { types: TypeChoice[] },
  { types?: TypeChoice[]; typeTitle?: string }
>({
  path: "/admin/attributes",
  title: "Attributes",
  noun: "attribute",
  plural: "attributes",
  list: {
    intro: "The values of each attribute type: sizes, colours (with their swatches), formats.",
    columns,
    filters: ({ types }) => [
      {
        name: "type",
        label: "Type",
        anyLabel: "All types",
        options: types.map((type) => ({ value: String(type.id), label: type.title })),
      },
    ],
    empty: "No attribute matches these filters.",
    rowLabel: (value) => `Select ${value.attributeType.title} ${value.title}`,
  },
  form: {
    // A new value chooses its type; an existing value keeps it.
    Fields: ({ data }) => <AttributeFields types={data.types} typeTitle={data.typeTitle} />,
    editTitle: ({ typeTitle, label }) => `${typeTitle}: ${label}`,
    editBack: (value) => `/admin/attributes?type=${value.attributeTypeId}`,
    deleteDescription:
      "The value goes at once. A value that variants have cannot be deleted: take it off them first.",
  },
});
