import {
  type ColumnDef,
  createColumnHelper,
  type Header,
  type RowData,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { type ReactNode, useEffect } from "react";
import { AppLink } from "./app-link";
import { listHref } from "./list-query";
import { Pagination } from "./pagination";

const features = tableFeatures({ rowSortingFeature, rowSelectionFeature });
type Features = typeof features;

/**
 * The column helper for a table of `Row`. A column's id is its sort key in the URL; it is
 * sortable only with `enableSorting: true`, because only the server knows which keys it sorts by.
 */
export const tableColumns = <Row extends RowData>() => createColumnHelper<Features, Row>();

export type ListMeta = { currentPage: number; perPage: number; total: number; lastPage: number };

type Props<Row extends RowData> = {
  /** Names the table for screen readers and says what it lists, e.g. "Products". */
  caption: string;
  // biome-ignore lint/suspicious/noExplicitAny: columns hold values of differing types.
  columns: ColumnDef<Features, Row, any>[];
  rows: Row[];
  rowId: (row: Row) => string;
  /** The page's path and query, which the sort and page links change. */
  pathname: string;
  search: URLSearchParams;
  /** The API list's `meta`; pages and a count show under the table. */
  meta?: ListMeta;
  /**
   * Tick boxes that send the ticked rows' ids as `name` with the form `form` (by id), e.g. a
   * bulk action form beside the table; `label` names each row's box.
   */
  selection?: { form: string; name: string; label: (row: Row) => string };
  /** While the next page or order is on its way; the rows shown are then the old ones. */
  loading?: boolean;
  /** Shown instead of rows when there are none, e.g. "No products match these filters." */
  empty?: ReactNode;
  /** The order the server used when the URL names none (the list's default), shown as sorted. */
  defaultSort?: { id: string; desc: boolean };
  /**
   * Hears the ids of the ticked rows on this page whenever they change (a bulk action's count).
   * Pass a stable function, such as a state setter.
   */
  onSelectionChange?: (ids: string[]) => void;
};

const sortOf = (search: URLSearchParams, defaultSort?: { id: string; desc: boolean }) => {
  const column = search.get("sort");
  if (column) return [{ id: column, desc: search.get("direction") === "desc" }];
  return defaultSort ? [defaultSort] : [];
};

/**
 * A semantic table of one page of a server-side list. Sorting and paging are links that change
 * the URL (`?sort=title&direction=asc&page=2`), so they work without JavaScript and the server
 * does the work; the browser never re-sorts the rows it has.
 */
export function DataTable<Row extends RowData>({
  caption,
  columns,
  rows,
  rowId,
  pathname,
  search,
  meta,
  selection,
  loading = false,
  empty = "Nothing to show.",
  defaultSort,
  onSelectionChange,
}: Props<Row>) {
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: rowId,
    manualSorting: true,
    defaultColumn: { enableSorting: false },
    enableRowSelection: Boolean(selection),
    state: { sorting: sortOf(search, defaultSort) },
  });
  const rowSelection = table.state.rowSelection;
  const shownIds = rows.map(rowId).join(",");
  useEffect(() => {
    if (!onSelectionChange) return;
    const shown = new Set(shownIds.split(","));
    onSelectionChange(
      Object.entries(rowSelection ?? {})
        .filter(([id, ticked]) => ticked && shown.has(id))
        .map(([id]) => id),
    );
  }, [rowSelection, shownIds, onSelectionChange]);
  const columnCount = columns.length + (selection ? 1 : 0);
  const rowModel = table.getRowModel().rows;
  return (
    <div>
      {/* `relative`: the sr-only texts inside (absolutely positioned) scroll with the table
          instead of widening the page on narrow screens. */}
      <div className="relative overflow-x-auto rounded-xl bg-white ring-1 ring-line">
        <table
          aria-busy={loading || undefined}
          className="w-full border-collapse text-left text-sm"
        >
          <caption className="px-4 py-3 text-left font-bold">
            {caption}
            {loading && (
              <span role="status" className="ml-2 font-normal text-muted">
                Loading…
              </span>
            )}
          </caption>
          <thead className="border-y border-line bg-paper">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selection && (
                  <th scope="col" className="w-10 px-4 py-2">
                    <input
                      type="checkbox"
                      aria-label="Select all rows on this page"
                      checked={table.getIsAllPageRowsSelected()}
                      ref={(box) => {
                        if (box) box.indeterminate = table.getIsSomePageRowsSelected();
                      }}
                      onChange={table.getToggleAllPageRowsSelectedHandler()}
                      className="h-6 w-6 accent-ink"
                    />
                  </th>
                )}
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={ariaSort(header)}
                    className="px-4 py-2 font-semibold whitespace-nowrap"
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <SortLink header={header} pathname={pathname} search={search}>
                        <table.FlexRender header={header} />
                      </SortLink>
                    ) : (
                      <table.FlexRender header={header} />
                    )}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className={loading ? "opacity-60" : undefined}>
            {rowModel.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="px-4 py-10 text-center text-muted">
                  {empty}
                </td>
              </tr>
            ) : (
              rowModel.map((row) => (
                <tr key={row.id} className="border-t border-line">
                  {selection && (
                    <td className="px-4 py-2">
                      <input
                        type="checkbox"
                        form={selection.form}
                        name={selection.name}
                        value={row.id}
                        aria-label={selection.label(row.original)}
                        checked={row.getIsSelected()}
                        onChange={row.getToggleSelectedHandler()}
                        className="h-6 w-6 accent-ink"
                      />
                    </td>
                  )}
                  {row.getAllCells().map((cell, index) =>
                    // The first column names the row for screen readers moving along a column.
                    index === 0 ? (
                      <th key={cell.id} scope="row" className="px-4 py-2 font-semibold">
                        <table.FlexRender cell={cell} />
                      </th>
                    ) : (
                      <td key={cell.id} className="px-4 py-2">
                        <table.FlexRender cell={cell} />
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {meta && meta.total > 0 && (
        <>
          <p className="mt-3 text-sm text-muted">
            Showing {(meta.currentPage - 1) * meta.perPage + 1}–
            {Math.min(meta.currentPage * meta.perPage, meta.total)} of {meta.total}
          </p>
          <Pagination
            currentPage={meta.currentPage}
            lastPage={meta.lastPage}
            search={search}
            pathname={pathname}
          />
        </>
      )}
    </div>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: any column of any row type.
type AnyHeader = Header<Features, any, any>;

function ariaSort(header: AnyHeader): "ascending" | "descending" | "none" | undefined {
  if (!header.column.getCanSort()) return undefined;
  const sorted = header.column.getIsSorted();
  return sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";
}

/** A header that links to the list sorted by its column: ascending first, then the other way. */
function SortLink({
  header,
  pathname,
  search,
  children,
}: {
  header: AnyHeader;
  pathname: string;
  search: URLSearchParams;
  children: ReactNode;
}) {
  const sorted = header.column.getIsSorted();
  const next = sorted === "asc" ? "desc" : "asc";
  return (
    <AppLink
      to={listHref(pathname, search, { sort: header.column.id, direction: next })}
      className="inline-flex min-h-6 items-center gap-1 underline-offset-2 hover:underline"
    >
      {children}
      <span aria-hidden="true" className={sorted ? "text-ink" : "text-muted"}>
        {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
      </span>
      <span className="sr-only">{next === "asc" ? ", sort ascending" : ", sort descending"}</span>
    </AppLink>
  );
}
