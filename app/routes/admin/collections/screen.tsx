import { Badge, Thumbnail } from "../../../components/admin/cells";
import { CollectionAside, CollectionFields } from "../../../components/admin/collection-fields";
import { timeColumn } from "../../../components/admin/list-columns";
import { ShopLink } from "../../../components/admin/screen-header";
import { staffScreen } from "../../../components/admin/staff-screen";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";
import type { collectionList, collectionRecord } from "../../../lib/admin-collections.server";

// The list's rows as its loader answers them: each with its rule in words.
type Row = Awaited<ReturnType<typeof collectionList>>["rows"][number];
type Form = Pick<Awaited<ReturnType<typeof collectionRecord>>, "products" | "bands" | "hero">;

const column = tableColumns<Row>();
const count = new Intl.NumberFormat("en-GB");

const columns = [
  column.accessor("title", {
    id: "title",
    header: "Collection",
    enableSorting: true,
    cell: ({ row }) => (
      <span className="flex items-center gap-3">
        <Thumbnail src={row.original.heroUrl} />
        <span>
          <AppLink
            to={`/admin/collections/${row.original.id}`}
            className="font-semibold hover:underline"
          >
            {row.original.title}
          </AppLink>
          <code className="block text-xs text-muted">{row.original.slug}</code>
        </span>
      </span>
    ),
  }),
  column.accessor("kind", {
    header: "Products chosen",
    cell: ({ row }) =>
      row.original.kind === "rule" ? (
        <span className="flex flex-wrap items-center gap-2">
          <Badge tone="info">Rule</Badge>
          <span>{row.original.ruleText}</span>
        </span>
      ) : (
        <Badge>Hand-picked</Badge>
      ),
  }),
  column.accessor("productCount", {
    header: "In the shop",
    cell: ({ getValue }) => (
      <span className="whitespace-nowrap tabular-nums">
        {count.format(getValue())} {getValue() === 1 ? "product" : "products"}
      </span>
    ),
  }),
  column.accessor("position", {
    id: "position",
    header: "Position",
    enableSorting: true,
    cell: ({ getValue }) => <span className="tabular-nums text-muted">{getValue()}</span>,
  }),
  timeColumn(column, (row) => row.updatedAt),
];

/** The collections' screens: /admin/collections, /new and /:id. */
export const collectionsScreen = staffScreen<
  Row,
  { id: number; updatedAt: string; slug: string },
  object,
  Form
>({
  path: "/admin/collections",
  title: "Collections",
  noun: "collection",
  plural: "collections",
  list: {
    intro: "Groups of products on the shop: hand-picked in the team's order, or chosen by a rule.",
    columns,
    filters: [
      {
        name: "kind",
        label: "Products chosen",
        anyLabel: "Either way",
        options: [
          { value: "curated", label: "Hand-picked" },
          { value: "rule", label: "By a rule" },
        ],
      },
    ],
    empty: "No collection matches these filters.",
  },
  form: {
    Fields: ({ isNew, data }) => (
      <CollectionFields isNew={isNew} products={data.products} bands={data.bands} />
    ),
    Aside: ({ data }) => <CollectionAside hero={data.hero} />,
    editIntro: (collection) => <ShopLink href={`/products?collection=${collection.slug}`} />,
    deleteDescription:
      "The collection leaves the shop at once; its products stay. A collection in the spotlight cannot be deleted until that spotlight ends.",
  },
});
