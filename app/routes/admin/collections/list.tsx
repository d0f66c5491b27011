import { Badge, Thumbnail } from "../../../components/admin/cells";
import { PrimaryLink, timeColumn } from "../../../components/admin/list-columns";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";
import { collectionList, collectionScreens } from "../../../lib/admin-collections.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Collections", { noindex: true });

export const loader = (args: Route.LoaderArgs) => collectionList(args);

export const action = (args: Route.ActionArgs) => collectionScreens.listAction(args);

type Row = Route.ComponentProps["loaderData"]["rows"][number];
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

export default function CollectionsList({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Collections"
        intro="Groups of products on the shop: hand-picked in the team's order, or chosen by a rule."
        actions={
          loaderData.canAdd && <PrimaryLink to="/admin/collections/new">Add collection</PrimaryLink>
        }
      />
      <ResourceList
        screen={loaderData}
        result={actionData}
        caption="Collections"
        columns={columns}
        rowId={(collection) => String(collection.id)}
        searchLabel="Search collections"
        filters={[
          {
            name: "kind",
            label: "Products chosen",
            anyLabel: "Either way",
            options: [
              { value: "curated", label: "Hand-picked" },
              { value: "rule", label: "By a rule" },
            ],
          },
        ]}
        empty="No collection matches these filters."
        bulkDelete={{
          noun: "collection",
          plural: "collections",
          rowLabel: (collection) => `Select ${collection.title}`,
        }}
      />
    </>
  );
}
