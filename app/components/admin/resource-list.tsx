import type { RowData } from "@tanstack/react-table";
import { type ReactNode, useEffect, useState } from "react";
import { Form, useLocation, useNavigation, useSearchParams } from "react-router";
import { Button } from "../ui/button";
import { DataTable } from "../ui/data-table";
import { type Filter, FilterBar } from "../ui/filter-bar";
import { FormMessage } from "../ui/form";
import { DeleteControl } from "./delete-control";
import type { AdminActionData, ListScreen } from "./screen-types";

type Props<Row extends RowData> = {
  /** The loader's answer: one page of rows, its meta, the sort and any problem with the address. */
  screen: ListScreen<Row> & { canDelete?: boolean };
  /** The action's answer, after a bulk delete that asked first or was refused. */
  result?: AdminActionData;
  /** The table's caption, e.g. "Bands". */
  caption: string;
  /** The table's columns (`tableColumns<Row>()`); a column's id is its sort key. */
  columns: Parameters<typeof DataTable<Row>>[0]["columns"];
  rowId: (row: Row) => string;
  /** The search box's label, e.g. "Search bands"; leave out for a list without search. */
  searchLabel?: string;
  filters?: Filter[];
  /** Day fields beside the filters (a date range), by their query parameters. */
  dates?: ReadonlyArray<{ name: string; label: string }>;
  /** What staff read when no row matches. */
  empty: ReactNode;
  /** Bulk delete, for those who may delete: the words of its button and question. */
  bulkDelete?: {
    /** What one row and several are called: "band", "bands". */
    noun: string;
    plural: string;
    /** The name of one row for its tick box, e.g. "Select Static Gulls". */
    rowLabel: (row: Row) => string;
  };
  /** Other filters above the table, for lists whose filters are not drop-downs (the audit log). */
  filterForm?: ReactNode;
  /**
   * Other actions on the ticked rows, for those who may take them (publish, unpublish): buttons
   * that post their `intent` with the ticked `ids`, beside the bulk delete if any.
   */
  bulkActions?: {
    actions: ReadonlyArray<{ intent: string; label: string }>;
    noun: string;
    plural: string;
    rowLabel: (row: Row) => string;
  };
};

const BULK_FORM = "bulk-delete";

/**
 * A staff list (decision 0014): its search and filters (`FilterBar`), the problem with its
 * address if any, and the table (`DataTable`) of one page, sorted and paged by links that change
 * the address. For admins, tick boxes and a bulk delete that asks first, with or without
 * JavaScript; staff who may not delete see neither.
 */
export function ResourceList<Row extends RowData>({
  screen,
  result,
  caption,
  columns,
  rowId,
  searchLabel,
  filters,
  dates,
  empty,
  bulkDelete,
  filterForm,
  bulkActions,
}: Props<Row>) {
  const { pathname, search: searchText } = useLocation();
  const [search] = useSearchParams();
  const navigation = useNavigation();
  const [selected, setSelected] = useState<string[]>([]);
  // Until scripts run, ticks are not counted: the button must stay usable to post them.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  const deleting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const canDelete = Boolean(bulkDelete && screen.canDelete);
  const actions = bulkActions?.actions ?? [];
  const canTick = canDelete || actions.length > 0;
  const rowLabel = (canDelete ? bulkDelete?.rowLabel : undefined) ?? bulkActions?.rowLabel;
  const pendingIntent = navigation.state === "submitting" && navigation.formData?.get("intent");
  const confirming = result?.intent === "confirm-delete" ? (result.ids ?? []) : [];
  const count = confirming.length || selected.length;
  const plural = bulkDelete?.plural ?? bulkActions?.plural ?? "";
  const what = count === 1 ? `1 ${bulkDelete?.noun ?? ""}` : `${count} ${plural}`;

  return (
    <div className="space-y-4">
      {screen.problem && <FormMessage type="error">{screen.problem}</FormMessage>}
      {(result?.intent === "delete" || result?.intent === "bulk") && result.message && (
        <FormMessage type="error">{result.message}</FormMessage>
      )}
      <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-line">
        {filterForm ??
          (searchLabel && (
            <FilterBar
              pathname={pathname}
              search={search}
              searchLabel={searchLabel}
              filters={filters}
              dates={dates}
            />
          ))}
      </div>
      {canTick && (
        <Form
          method="post"
          id={BULK_FORM}
          action={`${pathname}${searchText}`}
          className="flex flex-wrap items-center gap-3"
        >
          {confirming.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          {actions.map((action) => (
            <Button
              key={action.intent}
              type="submit"
              name="intent"
              value={action.intent}
              variant="secondary"
              size="sm"
              disabled={live && selected.length === 0}
              pending={pendingIntent === action.intent}
              pendingLabel={`${action.label}…`}
            >
              {action.label}
            </Button>
          ))}
          {canDelete && bulkDelete && (
            <DeleteControl
              form={BULK_FORM}
              label="Delete selected"
              title={`Delete ${what}?`}
              description={`The ticked ${count === 1 ? (bulkDelete.noun ?? "") : plural} leave the shop at once. This cannot be undone; the audit log keeps a record of it.`}
              confirmLabel={`Delete ${what}`}
              confirming={confirming.length > 0}
              cancelTo={`${pathname}${searchText}`}
              pending={deleting}
              disabled={live && selected.length === 0}
              refusal={result?.intent === "delete" ? result.message : undefined}
            />
          )}
          <p className="text-sm text-muted" aria-live="polite">
            {selected.length > 0
              ? `${selected.length} selected`
              : `Tick ${plural} in the table to ${actions.length > 0 ? "act on" : "delete"} them.`}
          </p>
        </Form>
      )}
      <DataTable
        caption={caption}
        columns={columns}
        rows={screen.rows}
        rowId={rowId}
        pathname={pathname}
        search={search}
        meta={screen.meta}
        loading={loading}
        empty={empty}
        defaultSort={screen.sort}
        selection={
          canTick && rowLabel
            ? {
                form: BULK_FORM,
                name: "ids",
                label: rowLabel,
              }
            : undefined
        }
        onSelectionChange={canTick ? setSelected : undefined}
      />
    </div>
  );
}
