import type { ReactNode } from "react";

/** One column of a `SimpleTable`: its heading and what a row shows in it. */
export type SimpleColumn<Row> = {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers line up on the right, in figures of one width. */
  numeric?: boolean;
  /** Extra classes for this column's cells (e.g. `whitespace-nowrap`, `break-all`). */
  className?: string;
};

type Props<Row> = {
  /** Names the table for screen readers and says what it lists. */
  caption: string;
  columns: SimpleColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /**
   * `panel`: the table is its card's body, its heading row shaded (a log, an order's lines);
   * `inline`: a table among a card's other content, compact and unshaded (a group's options).
   */
  look?: "panel" | "inline";
  /** Shown instead of rows when there are none. */
  empty?: ReactNode;
};

const LOOKS = {
  panel: {
    head: "border-b border-line bg-zinc-50",
    th: "px-4 py-3",
    body: "",
    row: "border-b border-line last:border-0",
    td: "px-4 py-3",
  },
  inline: {
    head: "border-b border-line text-muted",
    th: "py-2 pr-4 font-semibold last:pr-0",
    body: "divide-y divide-line",
    row: "",
    td: "py-2 pr-4 last:pr-0",
  },
} as const;

/**
 * A table of rows the page already holds, with no sorting or pages (`DataTable` is for lists the
 * server pages): one heading row of column headers, scrolled sideways within itself on a narrow
 * screen rather than widening the page.
 */
export function SimpleTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  look = "panel",
  empty,
}: Props<Row>) {
  const style = LOOKS[look];
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={style.head}>
          <tr>
            {columns.map((column, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table.
                key={index}
                scope="col"
                className={`${style.th} ${column.numeric ? "text-right" : ""}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={style.body}>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={style.row}>
              {columns.map((column, index) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a table.
                  key={index}
                  className={`${style.td} ${column.numeric ? "text-right tabular-nums" : ""} ${column.className ?? ""}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
