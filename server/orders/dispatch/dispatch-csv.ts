import { eq } from "drizzle-orm";
import { carrierOf } from "../../../common/carriers.ts";
import { londonDay } from "../../../common/london-days.ts";
import {
  DISPATCH_CSV_COLUMNS,
  DISPATCH_CSV_MAX_BYTES,
  DISPATCH_CSV_MAX_ROWS,
  type DispatchImportSummary,
} from "../../../common/orders-admin.ts";
import { isRefusal, type Refusal, refuse } from "../../../common/refusal.ts";
import { readRecords, unguardedCell } from "../../catalog/index.ts";
import type { Db } from "../../db/client.ts";
import { inTransaction, inTransactionOrRefuse } from "../../db/transaction.ts";
import type { WriteContext } from "../../http/resource.ts";
import { orders } from "../schema.ts";
import { DispatchInput } from "../validators.ts";
import { dispatchOrder } from "./dispatch.ts";

// Bulk dispatch (issue 15): a CSV of `order_number,carrier,tracking_number[,tracking_url]`, as a
// carrier's despatch software exports it. Every row is dispatched by the one dispatch service in
// one transaction for the whole file: a dry run, or any row's error, rolls all of it back (the
// emails too, as they are queued in it), so the check finds exactly what the real run would.

class RolledBack extends Error {
  constructor(readonly summary: DispatchImportSummary) {
    super("rolled back");
  }
}

const FIELD_COLUMNS: Record<string, string> = {
  carrier: "carrier",
  trackingNumber: "tracking_number",
  trackingUrl: "tracking_url",
};

/** The header's columns by name, or a refusal naming what is wrong with it. */
function readHeader(header: string[]): Map<string, number> | Refusal {
  const columns = new Map<string, number>();
  const problems: string[] = [];
  header.forEach((raw, index) => {
    const name = unguardedCell(raw).trim().toLowerCase();
    if (!(DISPATCH_CSV_COLUMNS as readonly string[]).includes(name)) {
      problems.push(name ? `unknown column “${name}”` : "a column has no name");
    } else if (columns.has(name)) problems.push(`the column “${name}” is there twice`);
    else columns.set(name, index);
  });
  for (const needed of ["order_number", "carrier", "tracking_number"])
    if (!columns.has(needed)) problems.push(`the file needs a “${needed}” column`);
  if (problems.length === 0) return columns;
  return refuse(
    "invalid",
    `The file's first row must name its columns: ${problems.join("; ")}. The columns are ${DISPATCH_CSV_COLUMNS.join(", ")}.`,
    "file",
  );
}

/**
 * POST /api/staff/orders/dispatch-csv: dispatches each row's order (see `dispatchOrder`), or with
 * `dryRun` only says what would happen. Answers every row's problems (`row` is the CSV row, the
 * header being row 1; `field` its column); with any, nothing is written. A file that cannot be
 * read as rows is a refusal on `file`.
 */
export async function dispatchFromCsv(
  db: Db,
  input: { bytes: Uint8Array; dryRun: boolean; write: WriteContext },
): Promise<DispatchImportSummary | Refusal> {
  if (input.bytes.byteLength > DISPATCH_CSV_MAX_BYTES) {
    return refuse("invalid", "The file is larger than 1 MB: split it into smaller files.", "file");
  }
  const records = readRecords(input.bytes);
  if (isRefusal(records)) return records;
  const [header, ...body] = records;
  if (!header) return refuse("invalid", "The file is empty.", "file");
  const columns = readHeader(header);
  if (isRefusal(columns)) return columns;
  const rows = body
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ""));
  if (rows.length === 0) return refuse("invalid", "The file has no rows under its header.", "file");
  if (rows.length > DISPATCH_CSV_MAX_ROWS) {
    return refuse("invalid", `At most ${DISPATCH_CSV_MAX_ROWS} rows per file.`, "file");
  }
  const cell = (cells: string[], name: string) => {
    const index = columns.get(name);
    return index === undefined ? "" : unguardedCell(cells[index] ?? "").trim();
  };
  const today = londonDay();

  const run = async (tx: Db): Promise<DispatchImportSummary> => {
    const summary: DispatchImportSummary = {
      dryRun: input.dryRun,
      rows: rows.length,
      dispatched: [],
      errors: [],
    };
    const problem = (row: number, field: string, message: string) =>
      summary.errors.push({ row, field, message });
    const seen = new Map<string, number>();
    for (const { row, cells } of rows) {
      const number = cell(cells, "order_number").toUpperCase();
      if (!number) {
        problem(row, "order_number", "Enter the order number, like EN-10042.");
        continue;
      }
      const before = seen.get(number);
      if (before !== undefined) {
        problem(row, "order_number", `Order ${number} is on row ${before} already.`);
        continue;
      }
      seen.set(number, row);
      const carrier = carrierOf(cell(cells, "carrier"));
      const parsed = DispatchInput.safeParse({
        carrier: carrier?.id ?? cell(cells, "carrier"),
        trackingNumber: cell(cells, "tracking_number"),
        trackingUrl: cell(cells, "tracking_url"),
      });
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          problem(row, FIELD_COLUMNS[String(issue.path[0])] ?? "file", issue.message);
        continue;
      }
      const [order] = await tx
        .select({ id: orders.id, number: orders.number })
        .from(orders)
        .where(eq(orders.number, number));
      if (!order) {
        problem(row, "order_number", `There is no order ${number}.`);
        continue;
      }
      // Each row in a savepoint: a refused one leaves the others' work as it was.
      const done = await inTransactionOrRefuse(tx, (savepoint) =>
        dispatchOrder(savepoint, order.id, parsed.data, input.write, today),
      );
      if (isRefusal(done)) {
        problem(row, "order_number", `${order.number}: ${done.message}`);
        continue;
      }
      summary.dispatched.push({
        row,
        orderId: order.id,
        orderNumber: order.number,
        carrier: carrier?.name ?? parsed.data.carrier,
        trackingNumber: parsed.data.trackingNumber,
        partial: done.partial,
      });
    }
    return summary;
  };

  try {
    return await inTransaction(db, async (tx) => {
      const summary = await run(tx);
      if (summary.dryRun || summary.errors.length > 0) throw new RolledBack(summary);
      return summary;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.summary;
    throw error;
  }
}
