import { formatCount } from "../../../../common/numbers";
import type { StaffVenueItem } from "../../../../common/venues-admin";
import { timeColumn } from "../../../components/admin/list-columns";
import { staffScreen } from "../../../components/admin/staff-screen";
import { VenueFields } from "../../../components/admin/venue-fields";
import { AppLink } from "../../../components/ui/app-link";
import { tableColumns } from "../../../components/ui/data-table";

const column = tableColumns<StaffVenueItem>();
const notKnown = <span className="text-muted">—</span>;

// A column's id is its sort key in the address (`?sort=city&direction=desc`).
const columns = [
  column.accessor("name", {
    id: "name",
    header: "Venue",
    enableSorting: true,
    cell: ({ row }) => (
      <AppLink to={`/admin/venues/${row.original.id}`} className="hover:underline">
        {row.original.name}
      </AppLink>
    ),
  }),
  column.accessor("city", { id: "city", header: "Town or city", enableSorting: true }),
  column.accessor("postcode", {
    header: "Postcode",
    cell: ({ getValue }) => getValue() ?? notKnown,
  }),
  column.accessor("capacity", {
    id: "capacity",
    header: "Capacity",
    enableSorting: true,
    cell: ({ getValue }) => {
      const capacity = getValue();
      return capacity === null ? (
        notKnown
      ) : (
        <span className="tabular-nums">{formatCount(capacity)}</span>
      );
    },
  }),
  timeColumn(column, (row) => row.updatedAt),
];

/** The venues' screens: /admin/venues, /new and /:id. */
export const venuesScreen = staffScreen<StaffVenueItem, { id: number; updatedAt: string }>({
  path: "/admin/venues",
  title: "Venues",
  noun: "venue",
  plural: "venues",
  list: {
    intro: "Where the bands play. Tour dates will name a venue, so fans can collect at the show.",
    columns,
    searchLabel: "Search venues by name, town or postcode",
  },
  form: {
    Fields: () => <VenueFields />,
    deleteDescription: "The venue is deleted at once; the audit log keeps what it held.",
  },
});
