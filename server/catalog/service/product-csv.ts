import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import {
  CSV_IMPORT_MAX_BYTES,
  OPTION_COLUMN_PREFIX,
  PRODUCT_CSV_COLUMNS,
  type ProductImportError,
  VARIANT_CSV_COLUMNS,
} from "../../../common/product-csv.ts";
import { type Refusal, refuse } from "../../../common/refusal.ts";
import type { Db } from "../../db/client.ts";
import { isUnsafeText, UNSAFE_TEXT } from "../../http/text-input.ts";
import { attributes, attributeTypes } from "../schema.ts";

// The CSV format of the catalogue (issue 14), shared by the export and the import: its columns,
// money in pounds, the guard against spreadsheet formulas, and reading a file into rows.

/** An option type and its values, for the `option:<title>` columns. */
export type OptionColumn = {
  typeId: number;
  /** `option:Size`. */
  column: string;
  title: string;
  values: Array<{ id: number; title: string; slug: string }>;
};

/** The option types in the shop's order, each with its values, as CSV columns. */
export async function optionColumns(db: Db): Promise<OptionColumn[]> {
  const [types, values] = await Promise.all([
    db
      .select({ id: attributeTypes.id, title: attributeTypes.title })
      .from(attributeTypes)
      .orderBy(asc(attributeTypes.position), asc(attributeTypes.id)),
    db
      .select({
        id: attributes.id,
        typeId: attributes.attributeTypeId,
        title: attributes.title,
        slug: attributes.slug,
      })
      .from(attributes)
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .orderBy(asc(attributes.position), asc(attributes.id)),
  ]);
  return types.map((type) => ({
    typeId: type.id,
    column: `${OPTION_COLUMN_PREFIX}${type.title}`,
    title: type.title,
    values: values.filter((value) => value.typeId === type.id),
  }));
}

/** Every column of an export, in order: the product's, the variant's, then one per option. */
export const csvColumns = (options: OptionColumn[]) => [
  ...PRODUCT_CSV_COLUMNS,
  ...VARIANT_CSV_COLUMNS,
  ...options.map((option) => option.column),
];

/** Pence as the file writes them: pounds with two decimals, `2500` → `25.00`. */
export function poundsOf(pence: number): string {
  const whole = Math.floor(pence / 100);
  return `${whole}.${String(pence % 100).padStart(2, "0")}`;
}

/**
 * Pounds as a person types them (`25`, `25.5`, `25.00`, `£1,250.00`) in whole pence, or undefined
 * when the text is not an amount. Read without floating point, so `19.99` is exactly 1999.
 */
export function penceOf(text: string): number | undefined {
  const match = /^£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const pounds = Number((match[1] as string).replaceAll(",", ""));
  const pennies = Number((match[2] ?? "").padEnd(2, "0"));
  const pence = pounds * 100 + pennies;
  return Number.isSafeInteger(pence) ? pence : undefined;
}

/**
 * The characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"), the
 * full-width ones too: the export writes such a cell with a leading apostrophe (csv-stringify's
 * `escape_formulas`), which spreadsheets show as text.
 */
const FORMULA_START = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell as it was before the export guarded it: the apostrophe before a formula sign goes. */
export const unguardedCell = (cell: string) => (FORMULA_START.test(cell) ? cell.slice(1) : cell);

/** The options the writer of the export guards cells with (see `unguardedCell`). */
export const CSV_WRITE_OPTIONS = { escape_formulas: true, record_delimiter: "windows" } as const;

/** A column of the file's header: its name as written, and what it holds. */
export type Column =
  | { name: string; kind: "product" | "variant"; key: string }
  | { name: string; kind: "option"; key: string; option: OptionColumn };

/** A row of the file: its CSV row number and its cells by column key (`option:<type id>`). */
export type Row = { row: number; cells: Map<string, string> };

const PRODUCT_KEYS = new Set<string>(PRODUCT_CSV_COLUMNS);
const VARIANT_KEYS = new Set<string>(VARIANT_CSV_COLUMNS);
export const optionKey = (typeId: number) => `option:${typeId}`;

/** Collects the errors of the file, each once, and knows which cells already have one. */
export class Problems {
  readonly list: ProductImportError[] = [];
  private readonly cells = new Set<string>();
  private readonly seen = new Set<string>();

  /** A problem with a cell; `fromSchema` ones are dropped when the cell has one already. */
  add(row: number, field: string, message: string, fromSchema = false) {
    const cell = `${row}\u0000${field}`;
    if (fromSchema && this.cells.has(cell)) return;
    const key = `${cell}\u0000${message}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (!fromSchema) this.cells.add(cell);
    this.list.push({ row, field, message });
  }

  onRows(rows: number[]): boolean {
    const wanted = new Set(rows);
    return this.list.some((problem) => wanted.has(problem.row));
  }
}

// Reading the file ---------------------------------------------------------------------------------

/** A number as the shop writes it: 5,000. */
export const withCommas = (n: number) => n.toLocaleString("en-GB");

/** The file's records, or why it cannot be read at all. */
export function readRecords(bytes: Uint8Array): string[][] | Refusal {
  if (bytes.byteLength > CSV_IMPORT_MAX_BYTES)
    return refuse(
      "invalid",
      `The file is larger than ${CSV_IMPORT_MAX_BYTES / (1024 * 1024)} MB: split it into smaller files.`,
      "file",
    );
  let text: string;
  try {
    // A byte-order mark, as spreadsheets write one, is dropped here.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse(
      "invalid",
      "The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”.",
      "file",
    );
  }
  try {
    return parse(text, { bom: true, relax_column_count: true }) as string[][];
  } catch (error) {
    const { records, message } = error as { records?: number; message: string };
    return refuse(
      "invalid",
      `The file is not a CSV file that can be read (row ${(records ?? 0) + 1}): ${message}`,
      "file",
    );
  }
}

/** The header's columns, or a refusal naming every column that is unknown, twice or missing. */
export function readHeader(header: string[], options: OptionColumn[]): Column[] | Refusal {
  const columns: Column[] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const raw of header) {
    const name = unguardedCell(raw).trim();
    const lower = name.toLowerCase();
    let column: Column | undefined;
    if (PRODUCT_KEYS.has(lower)) column = { name, kind: "product", key: lower };
    else if (VARIANT_KEYS.has(lower)) column = { name, kind: "variant", key: lower };
    else if (lower.startsWith(OPTION_COLUMN_PREFIX)) {
      const title = lower.slice(OPTION_COLUMN_PREFIX.length).trim();
      const option = options.find((each) => each.title.toLowerCase() === title);
      if (option) column = { name, kind: "option", key: optionKey(option.typeId), option };
      else
        problems.push(
          `there is no option called “${name.slice(OPTION_COLUMN_PREFIX.length).trim()}” (column “${name}”): the options are ${options.map((each) => each.title).join(", ") || "none yet"}`,
        );
    }
    if (!column) {
      if (!lower.startsWith(OPTION_COLUMN_PREFIX))
        problems.push(name ? `unknown column “${name}”` : "a column has no name");
      continue;
    }
    if (seen.has(column.key)) problems.push(`the column “${name}” is there twice`);
    seen.add(column.key);
    columns.push(column);
  }
  for (const needed of ["slug", "sku"])
    if (!seen.has(needed)) problems.push(`the file needs a “${needed}” column`);
  if (problems.length === 0) return columns;
  const list = [...new Set(problems)].join("; ");
  const known = [
    ...PRODUCT_CSV_COLUMNS,
    ...VARIANT_CSV_COLUMNS,
    ...options.map((option) => option.column),
  ];
  return refuse(
    "invalid",
    `Row 1 (the header): ${list}. The columns are ${known.join(", ")}.`,
    "file",
  );
}

/** The file's rows under the header, blank ones left out, each cell by its column. */
export function rowsOf(records: string[][], columns: Column[], problems: Problems): Row[] {
  const rows: Row[] = [];
  for (const [index, record] of records.entries()) {
    if (index === 0 || record.every((cell) => cell.trim() === "")) continue;
    const row = index + 1;
    if (record.length !== columns.length) {
      const missing = columns[record.length];
      problems.add(
        row,
        missing?.name ?? `column ${columns.length + 1}`,
        `This row has ${record.length} cells; the header has ${columns.length}.`,
      );
    }
    const cells = new Map<string, string>();
    for (const [at, column] of columns.entries()) {
      const cell = unguardedCell(record[at] ?? "");
      if (isUnsafeText(cell)) problems.add(row, column.name, UNSAFE_TEXT);
      cells.set(column.key, cell);
    }
    rows.push({ row, cells });
  }
  return rows;
}
