import { formNameOf, formPayloadOf } from "../../common/form-codecs";

/**
 * A form posted by one of a list's own buttons without JavaScript (move a row, remove it, add
 * one): what was typed, with `list`'s rows as `change` makes them, each row's fields named by its
 * new place (`rules[1].amount`, `productIds[2]`), as the API will name their errors. The page
 * comes back with the rows changed, not yet saved; with JavaScript rows change in the page.
 */
export function rowsChanged(
  form: FormData,
  list: string,
  change: (rows: unknown[]) => unknown[],
): Record<string, string> {
  // A form beyond the rows a list takes is given back without its rows.
  const rows = formPayloadOf(form)?.[list];
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && name !== "intent" && !name.startsWith(`${list}[`))
      values[name] = value;
  }
  change(Array.isArray(rows) ? [...rows] : []).forEach((row, at) => {
    const fields: Array<[string, unknown]> =
      row !== null && typeof row === "object" ? Object.entries(row) : [["", row]];
    for (const [field, value] of fields) {
      const name = formNameOf(field ? [list, at, field] : [list, at]);
      if (typeof value === "string") values[name] = value;
    }
  });
  return values;
}

/**
 * The rows with the one at `at` moved `up` or `down` a place, or removed (`remove`), as a list's
 * button asks (`move=productIds:2:up`); anything else leaves them as they are.
 */
export function movedRow<Row>(rows: Row[], at: number, how: string): Row[] {
  const to = how === "up" ? at - 1 : how === "down" ? at + 1 : at;
  if (!(at >= 0 && at < rows.length && to >= 0 && to < rows.length)) return rows;
  const [moving] = rows.splice(at, 1);
  if (how !== "remove") rows.splice(to, 0, moving as Row);
  return rows;
}

/**
 * A list's move button pressed without JavaScript (`move=productIds:2:up`, `:down`, `:remove`):
 * the form with that row moved. An empty row, the box that adds one left empty, is left out.
 */
export function movedRows(form: FormData, move: string): Record<string, string> {
  const [list = "", at = "", how = ""] = move.split(":");
  const typed = (row: unknown) => typeof row !== "string" || row.trim() !== "";
  return rowsChanged(form, list, (rows) => movedRow(rows.filter(typed), Number(at), how));
}
