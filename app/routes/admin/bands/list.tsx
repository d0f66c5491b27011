import type { StaffBrandItem } from "../../../../common/catalog-admin";
import { Badge, Thumbnail } from "../../../components/admin/cells";
import { countColumn, PrimaryLink, timeColumn } from "../../../components/admin/list-columns";
import { ResourceList } from "../../../components/admin/resource-list";
import { ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";
import { bandScreens } from "../../../lib/admin-bands.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/list";

export const meta = screenMeta("Bands", { noindex: true });

export const loader = (args: Route.LoaderArgs) => bandScreens.list(args);

export const action = (args: Route.ActionArgs) => bandScreens.listAction(args);

const column = tableColumns<StaffBrandItem>();

// A column's id is its sort key in the address (`?sort=products&direction=desc`).
const columns = [
  column.accessor("title", {
    id: "title",
    header: "Band",
    enableSorting: true,
    cell: ({ row }) => (
      <span className="flex items-center gap-3">
        <Thumbnail src={row.original.logoUrl} />
        <AppLink to={`/admin/bands/${row.original.id}`} className="hover:underline">
          {row.original.title}
        </AppLink>
      </span>
    ),
  }),
  column.accessor("slug", {
    header: "Slug",
    cell: ({ getValue }) => <code className="text-xs text-muted">{getValue()}</code>,
  }),
  column.accessor("genre", {
    header: "Genre",
    cell: ({ getValue }) => getValue() || <span className="text-muted">—</span>,
  }),
  column.accessor("featured", {
    header: "Featured",
    cell: ({ getValue }) =>
      getValue() ? <Badge tone="success">Featured</Badge> : <span className="text-muted">—</span>,
  }),
  countColumn(column, (row) => row.productCount, { header: "Products", sortKey: "products" }),
  timeColumn(column, (row) => row.updatedAt),
];

export default function BandsList({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Bands"
        intro="The bands whose merchandise the shop sells: their pages, stories, links and images."
        actions={<PrimaryLink to="/admin/bands/new">Add band</PrimaryLink>}
      />
      <ResourceList
        screen={loaderData}
        result={actionData}
        caption="Bands"
        columns={columns}
        rowId={(band) => String(band.id)}
        searchLabel="Search bands"
        filters={[
          {
            name: "featured",
            label: "Featured",
            anyLabel: "All bands",
            options: [
              { value: "true", label: "Featured" },
              { value: "false", label: "Not featured" },
            ],
          },
        ]}
        empty="No band matches this search."
        bulkDelete={{ noun: "band", plural: "bands", rowLabel: (band) => `Select ${band.title}` }}
      />
    </>
  );
}
