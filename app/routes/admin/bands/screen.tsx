import type { StaffBrandItem } from "../../../../common/catalog-admin";
import type { Images } from "../../../components/admin/band-fields";
import { BandAside, BandFields } from "../../../components/admin/band-fields";
import { Badge, Thumbnail } from "../../../components/admin/cells";
import { countColumn, timeColumn } from "../../../components/admin/list-columns";
import { ShopLink } from "../../../components/admin/screen-header";
import { staffScreen } from "../../../components/admin/staff-screen";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";

const column = tableColumns<StaffBrandItem>();

/** The bands' screens: /admin/bands, /new and /:id (the catalogue's `brands`, decision 0042). */
export const bandsScreen = staffScreen<
  StaffBrandItem,
  { id: number; updatedAt: string; slug: string },
  object,
  { images?: Images }
>({
  path: "/admin/bands",
  title: "Bands",
  noun: "band",
  plural: "bands",
  list: {
    intro: "The bands whose merchandise the shop sells: their pages, stories, links and images.",
    // A column's id is its sort key in the address (`?sort=products&direction=desc`).
    columns: [
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
          getValue() ? (
            <Badge tone="success">Featured</Badge>
          ) : (
            <span className="text-muted">—</span>
          ),
      }),
      countColumn(column, (row) => row.productCount, { header: "Products", sortKey: "products" }),
      timeColumn(column, (row) => row.updatedAt),
    ],
    filters: [
      {
        name: "featured",
        label: "Featured",
        anyLabel: "All bands",
        options: [
          { value: "true", label: "Featured" },
          { value: "false", label: "Not featured" },
        ],
      },
    ],
  },
  form: {
    Fields: ({ isNew }) => <BandFields isNew={isNew} />,
    Aside: ({ data }) => <BandAside images={data.images} />,
    editIntro: (band) => <ShopLink href={`/bands/${band.slug}`} />,
    deleteDescription:
      "The band leaves the shop at once. A band that still has products cannot be deleted: move or delete its products first.",
  },
});
