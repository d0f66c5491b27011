import { z } from "zod";
import { setDotted } from "../../common/dotted-path";

// The flat-field reading the forms used before their codecs (common/form-codecs.ts, issue 30):
// kept only for the forms not yet declared as codecs (media); each moves
// to a codec in common/ and this file goes with the last of them.

/**
 * How a form field becomes part of the API's body:
 * - `text`: as typed, empty included (so clearing a field clears it, and an empty required
 *   field gets the schema's "Enter …" message);
 * - `optional`: as typed, left out when empty (a slug made from the title);
 * - `checkbox`: ticked is `true`, not ticked `false` (an unticked box sends nothing);
 * - `id`: a record's id, or `null` when empty (no logo);
 * - a function of the typed text, for anything else.
 */
export type FieldReading =
  | "text"
  | "optional"
  | "checkbox"
  | "id"
  | ((typed: string | undefined) => unknown);

/** A form's fields by name; a dotted name (`links.website`) is a field of a nested object. */
export type FormFields = Record<string, FieldReading>;

function read(reading: FieldReading, typed: string | undefined): unknown {
  if (typeof reading === "function") return reading(typed);
  if (reading === "checkbox") return typed !== undefined && typed !== "false";
  if (typed === undefined) return undefined;
  if (reading === "optional") return typed.trim() === "" ? undefined : typed;
  if (reading === "id") {
    if (typed.trim() === "") return null;
    return /^\s*\d{1,10}\s*$/.test(typed) ? Number(typed) : typed;
  }
  return typed;
}

/** The body a resource's form stands for, nested by the fields' dotted names. */
export function formBodyOf(form: FormData, fields: FormFields): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, reading] of Object.entries(fields)) {
    const raw = form.get(name);
    const value = read(reading, typeof raw === "string" ? raw : undefined);
    if (value === undefined) continue;
    setDotted(body, name, value);
  }
  return body;
}

/** A record's fields as its form's inputs hold them: text, by the fields' dotted names. */
export function fieldValuesOf(record: object, fields: FormFields): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, reading] of Object.entries(fields)) {
    let value: unknown = record;
    for (const key of name.split(".")) value = (value as Record<string, unknown> | null)?.[key];
    if (reading === "checkbox") values[name] = value ? "true" : "";
    else values[name] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}

/** A place in a list as typed: empty is "at the end", digits a number, anything else refused. */
export const position = (typed: string | undefined) => {
  const text = typed?.trim() ?? "";
  if (text === "") return undefined;
  return /^\d{1,9}$/.test(text) ? Number(text) : text;
};

/**
 * The codec of a form whose `body` still reads every field itself: none of its fields is read
 * by a codec yet, and its screen makes its own values.
 */
export const BODY_READS_FIELDS = z.object({});
