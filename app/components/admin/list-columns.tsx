import type { RowData } from "@tanstack/react-table";
import { AppLink } from "../ui/app-link";
import { buttonClasses } from "../ui/button";
import type { tableColumns } from "../ui/data-table";
import { ChangedCell } from "./cells";

type ColumnHelper<Row extends RowData> = ReturnType<typeof tableColumns<Row>>;

const count = new Intl.NumberFormat("en-GB");

/**
 * The "when" column staff lists end with: London time, sortable by `sortKey` (its id in the
 * address, `?sort=updated`).
 */
export function timeColumn<Row extends RowData>(
  column: ColumnHelper<Row>,
  iso: (row: Row) => string,
  { sortKey = "updated", header = "Updated" }: { sortKey?: string; header?: string } = {},
) {
  return column.accessor(iso, {
    id: sortKey,
    header,
    enableSorting: true,
    cell: ({ getValue }) => <ChangedCell iso={getValue()} />,
  });
}

/** A plain count, in figures that line up ("1,204"); sortable only when given a sort key. */
export function countColumn<Row extends RowData>(
  column: ColumnHelper<Row>,
  value: (row: Row) => number,
  { header, sortKey }: { header: string; sortKey?: string },
) {
  return column.accessor(value, {
    id: sortKey ?? header.toLowerCase().replaceAll(" ", "-"),
    header,
    enableSorting: sortKey !== undefined,
    cell: ({ getValue }) => <span className="tabular-nums">{count.format(getValue())}</span>,
  });
}

/** A list heading's main action ("Add band", "Bulk dispatch"): the screen's one primary button. */
export function PrimaryLink({ to, children }: { to: string; children: string }) {
  return (
    <AppLink to={to} className={buttonClasses("primary", "sm")}>
      {children}
    </AppLink>
  );
}
