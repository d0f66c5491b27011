import { formatPaths, parse } from "@conform-to/dom";
import { z } from "zod";
import { MAX_ID } from "./ids.ts";
import { londonInstant, londonLocal } from "./london-time.ts";
import { formatPrice, penceAsPounds, poundsToPence } from "./money.ts";
import { formatCount } from "./numbers.ts";
import type { FieldErrors } from "./refusal.ts";

/**
 * A staff form, declared once beside its contract (issue 30, decision 0041): a zod object whose
 * fields are these codecs. Each codec reads what a form field sends (text, or nothing) into what
 * the API's body takes (pence, an instant, an id, a boolean), and writes a record's value back as
 * the field shows it. A field's name is the body's path (`links.website`, `variants[3].price`),
 * so the API's own errors land beside their fields by path, never by matching their words.
 *
 * Conform (`@conform-to/dom`, as the Epic Stack uses it) turns the posted fields into the nested
 * value by their names and writes a path as a name; the codecs decide the rest. Its zod adapter is
 * not used: its coercion turns "" into a missing value before a text codec can say "cleared".
 */

/** What a form field sends: its text, or nothing (an unticked box, a field the form lacks). */
const Sent = z.string().optional();

/** Whether a field was left empty: nothing sent, or only spaces. */
const isEmpty = (typed: string | undefined): typed is undefined | "" =>
  typed === undefined || typed.trim() === "";

/**
 * A field whose text, when not empty, must satisfy each check (its message is said beside the
 * field); `required` says what an empty one is told.
 */
const checkedText = (
  checks: Array<[(typed: string) => boolean, string]>,
  required?: string,
): z.ZodType<string | undefined, string | undefined> => {
  let schema = Sent;
  for (const [holds, message] of checks) {
    schema = schema.refine((typed) => isEmpty(typed) || holds(typed), message) as typeof Sent;
  }
  if (required) schema = schema.refine((typed) => !isEmpty(typed), required) as typeof Sent;
  return schema;
};

/**
 * Text as typed: an empty field is "", so clearing a field clears it and the API's "Enter…"
 * applies; a field the form lacks (the staff edit form's email) is left out.
 */
export const textField = () =>
  z.codec(Sent, z.string().optional(), {
    decode: (typed) => typed,
    encode: (value) => value ?? "",
  });

/**
 * What an empty optional field stands for: left out of the body (`"omit"`: the API keeps or makes
 * the value, as a slug from the title or a place at the end), or `null` (no swatch, no limit).
 */
export type EmptyField = "omit" | "null";

const emptyValue = (empty: EmptyField) => (empty === "null" ? null : undefined);

/** Text that may be left empty: see `EmptyField`. */
export const optionalTextField = (empty: EmptyField = "omit") =>
  z.codec(Sent, z.string().nullable().optional(), {
    decode: (typed) => (isEmpty(typed) ? emptyValue(empty) : typed),
    encode: (value) => value ?? "",
  });

/** A tickbox: ticked is `true`, unticked (nothing sent) `false`. */
export const checkboxField = () =>
  z.codec(Sent, z.boolean(), {
    decode: (typed) => typed !== undefined && typed !== "false",
    encode: (ticked) => (ticked ? "true" : ""),
  });

const WHOLE = /^\s*\d{1,10}\s*$/;

/**
 * A record chosen in a select (a band, a logo): its id, or `null` when none is chosen, unless
 * one must be (`required`: a value's type), when `message` asks for it.
 */
export const idField = (message = "Choose one from the list.", { required = false } = {}) =>
  z.codec(
    checkedText(
      [[(typed) => WHOLE.test(typed) && Number(typed) <= MAX_ID, message]],
      required ? message : undefined,
    ),
    z.number().int().nullable(),
    {
      decode: (typed) => (isEmpty(typed) ? null : Number(typed)),
      encode: (id) => (id === null ? "" : String(id)),
    },
  );

/** A whole number as typed ("1,200" is 1200), or NaN. */
const wholeNumberOf = (typed: string) => {
  const text = typed.replaceAll(",", "").trim();
  return /^-?\d{1,10}$/.test(text) ? Number(text) : Number.NaN;
};

/**
 * A whole number typed in a field (a position, a limit, a count), within `min`…`max`. An empty
 * field is asked for, unless `empty` says what it means: a number (0), or see `EmptyField`.
 */
export const wholeNumberField = ({
  min = 0,
  max = 1_000_000,
  empty,
  message = `Enter a whole number from ${formatCount(min)} to ${formatCount(max)}${empty === undefined ? "" : ", or leave it empty"}.`,
}: {
  min?: number;
  max?: number;
  message?: string;
  empty?: number | EmptyField;
} = {}) =>
  z.codec(
    checkedText(
      [[(typed) => wholeNumberOf(typed) >= min && wholeNumberOf(typed) <= max, message]],
      empty === undefined ? message : undefined,
    ),
    z.number().int().nullable().optional(),
    {
      decode: (typed) =>
        !isEmpty(typed)
          ? wholeNumberOf(typed)
          : typeof empty === "number"
            ? empty
            : emptyValue(empty ?? "omit"),
      encode: (value) => (value === null || value === undefined ? "" : String(value)),
    },
  );

/** The largest amount a money field takes: £10,000,000.00, far above any price or threshold. */
export const MAX_FORM_PENCE = 1_000_000_000;

type MoneyOptions = { min?: number; max?: number; message?: string };

/** The checks of an amount typed in pounds: that it reads, then that it is within range. */
const amountChecks = (
  min: number,
  max: number,
  message: string,
): Array<[(typed: string) => boolean, string]> => [
  [(typed) => typeof poundsToPence(typed) === "number", message],
  [
    (typed) => {
      const pence = poundsToPence(typed);
      return typeof pence !== "number" || (pence >= min && pence <= max);
    },
    `Enter an amount from ${formatPrice(min)} to ${formatPrice(max)}.`,
  ],
];

/**
 * An amount typed in pounds ("25", "25.5", "£1,250.00"), as whole pence, read exactly
 * (`poundsToPence`); `min` and `max` are pence, said in pounds when the amount is outside them.
 */
export const poundsField = ({
  min = 0,
  max = MAX_FORM_PENCE,
  message = "Enter an amount in pounds and pence, like 25.00.",
}: MoneyOptions = {}) =>
  z.codec(checkedText(amountChecks(min, max, message), message), z.number().int(), {
    decode: (typed) => poundsToPence(typed) as number,
    encode: (pence) => penceAsPounds(pence),
  });

/** An amount in pounds that may be left empty (no compare-at price): `null` then. */
export const optionalPoundsField = ({
  min = 0,
  max = MAX_FORM_PENCE,
  message = "Enter an amount in pounds and pence, like 25.00, or leave it empty.",
}: MoneyOptions = {}) =>
  z.codec(checkedText(amountChecks(min, max, message)), z.number().int().nullable(), {
    decode: (typed) => (isEmpty(typed) ? null : (poundsToPence(typed) as number)),
    encode: (pence) => (pence === null ? "" : penceAsPounds(pence)),
  });

/**
 * A time on London's clock, typed in a `datetime-local` field ("2026-11-24T14:05"), as the
 * ISO 8601 UTC instant the API takes; empty is `null` (no end) unless `empty` says otherwise.
 */
export const londonTimeField = ({
  message = "Enter a date and time, like 24/11/2026 14:05.",
  empty = "null",
}: {
  message?: string;
  empty?: EmptyField;
} = {}) =>
  z.codec(
    checkedText([[(typed) => londonInstant(typed) !== undefined, message]]),
    z.string().nullable().optional(),
    {
      decode: (typed) => (isEmpty(typed) ? emptyValue(empty) : (londonInstant(typed) as string)),
      encode: (instant) => (instant ? londonLocal(instant) : ""),
    },
  );

/** A list of codes typed in one field ("GB, IE, FR"), upper case, in the order typed. */
export const codeListField = () =>
  z.codec(Sent, z.array(z.string()), {
    decode: (typed) =>
      (typed ?? "")
        .split(/[\s,;]+/)
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    encode: (codes) => codes.join(", "),
  });

/**
 * Ids ticked in a list of boxes or chosen in selects, one field each (`collectionIds[0]`,
 * `collectionIds[3]`): the ids chosen, in order; a box not ticked or a select left on its empty
 * choice adds none. Written back one id a field, from `[0]`.
 */
export const idListField = (message = "Choose one from the list.") =>
  // One ticked box posts its name once, which reads as one value rather than a list of one.
  z.codec(
    z.union([idField(message), z.array(idField(message).optional())]).optional(),
    z.array(z.number().int()),
    {
      decode: (ids) => [ids ?? []].flat().filter((id): id is number => typeof id === "number"),
      encode: (ids) => ids,
    },
  );

/** Fields nested under one name (`links.website`): read as empty when the form lacks them all. */
export const fieldGroup = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object(shape).prefault({} as never);

/** Rows of a grid (`variants[0].price`, `variants[1].price`): each row is `row`'s fields. */
export const rowsField = <Row extends z.ZodType>(row: Row) =>
  z.array(row).optional().default([]) as unknown as z.ZodType<z.output<Row>[], unknown>;

type Variant = Record<string, z.ZodType>;

/**
 * Fields nested under one name whose `type` says which of them apply (a segment's rule: "spent
 * over" has an amount, "ordered within" its days): only the chosen type's fields are read, so
 * what another type's fields still hold, hidden on the page, is neither sent nor judged. A field
 * left empty is left out, for the API to say what the rule lacks. An unknown type is sent alone,
 * for the API to name.
 *
 * `switch` is a field of the group that turns it off (a collection's "hand-picked or by a rule"):
 * unless it holds `on`, the group is `null`, and `null` shows as `off`.
 */
export const variantField = <Variants extends Record<string, Variant>>(
  variants: Variants,
  options: { switch?: { field: string; on: string; off: string } } = {},
) => {
  const toggle = options.switch;
  return z.codec(
    z.record(z.string(), z.unknown()).optional(),
    z.record(z.string(), z.unknown()).nullable(),
    {
      decode: (group = {}, ctx) => {
        if (toggle && group[toggle.field] !== toggle.on) return null;
        const type = typeof group.type === "string" ? group.type : "";
        const chosen: Record<string, unknown> = { type };
        for (const [key, field] of Object.entries(variants[type] ?? {})) {
          const read = field.safeParse(group[key]);
          if (!read.success) {
            for (const issue of read.error.issues) {
              ctx.issues.push({
                code: "custom",
                message: issue.message,
                input: group[key],
                path: [key, ...issue.path],
              });
            }
          } else if (read.data !== null && read.data !== undefined) chosen[key] = read.data;
        }
        return chosen;
      },
      encode: (value) => {
        if (!value) return toggle ? { [toggle.field]: toggle.off } : {};
        const fields: Record<string, unknown> = toggle ? { [toggle.field]: toggle.on } : {};
        fields.type = value.type;
        for (const [key, field] of Object.entries(variants[String(value.type)] ?? {})) {
          const shown = z.safeEncode(field, value[key] as never);
          fields[key] = shown.success ? shown.data : "";
        }
        return fields;
      },
    },
  );
};

/**
 * A form: an object of field codecs, or a discriminated union of such objects when a choice
 * changes what another field means (a discount's value is pounds for a fixed amount and a whole
 * percentage otherwise). Unknown fields (a redirect target, `intent`) are ignored.
 */
export type FormCodec = z.ZodObject | z.ZodDiscriminatedUnion<z.ZodObject[]>;

/**
 * The fields of `codec` that apply: an object's own, or the union's option whose discriminator
 * is `chosen` (the first option when none is, so its discriminator says what to choose).
 */
function fieldsOf(codec: FormCodec, chosenOf: (key: string) => unknown): Record<string, z.ZodType> {
  if (codec instanceof z.ZodObject) return codec.shape;
  const { discriminator, options } = codec._zod.def as unknown as {
    discriminator: string;
    options: z.ZodObject[];
  };
  const chosen = chosenOf(discriminator);
  const option =
    options.find((candidate) =>
      (candidate.shape[discriminator] as z.ZodLiteral)._zod.def.values.includes(chosen as never),
    ) ?? (options[0] as z.ZodObject);
  return option.shape;
}

/** The form field's name for a body path: `["variants", 3, "price"]` is `variants[3].price`. */
export function formNameOf(path: ReadonlyArray<PropertyKey>): string {
  return formatPaths(
    path.map((key) => (typeof key === "string" && /^\d+$/.test(key) ? Number(key) : key)) as Array<
      string | number
    >,
  );
}

/** Whether a codec reads several fields (`idListField`, `variantField`), not one text. */
function isSeveralFields(codec: z.ZodType): boolean {
  const read = inner((codec._zod.def as unknown as { in: z.ZodType }).in);
  const def = read._zod.def as { type: string; options?: z.ZodType[] };
  // A list that may also come as one value (one ticked box) is a union with an array in it.
  if (def.type === "union") return (def.options ?? []).some(isListOrRecord);
  return isListOrRecord(read);
}

function isListOrRecord(schema: z.ZodType): boolean {
  return ["array", "record"].includes((inner(schema)._zod.def as { type: string }).type);
}

/**
 * The part of a body path that names a form field: the path itself, but where it runs into a
 * field that holds a whole list or object as one text (the countries typed as "GB, IE"), that
 * field's own name, so an error about its third code is shown beside it.
 */
function fieldPathOf(codec: FormCodec | undefined, path: string[]): string[] {
  let at: z.ZodType | undefined = codec;
  const kept: string[] = [];
  for (const key of path) {
    if (at) {
      const own = inner(at);
      const type = (own._zod.def as { type: string }).type;
      if (type === "object" || (type === "union" && "discriminator" in own._zod.def)) {
        at = fieldsOf(own as FormCodec, () => undefined)[key];
      } else if (type === "array") {
        at = (own as z.ZodArray).element as z.ZodType;
      } else if (type === "pipe" && isSeveralFields(own)) {
        // A codec of several fields (a rule's, a list's rows): they are named by the rest.
        at = undefined;
      } else {
        break;
      }
    }
    kept.push(key);
  }
  return kept;
}

/**
 * The API's errors (dotted body paths: `variants.3.price`) by the form's field names
 * (`variants[3].price`), each at the field of `codec` that holds it.
 */
export function formErrorsOf(errors: FieldErrors, codec?: FormCodec): FieldErrors {
  const named: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    const name = formNameOf(fieldPathOf(codec, path.split(".")));
    named[name] = [...(named[name] ?? []), ...messages];
  }
  return named;
}

/**
 * The most rows a form's list takes: above the API's largest list (a collection's 1,000
 * products), so the API still says "At most …" in its own words.
 */
export const MAX_FORM_ROWS = 2000;

/**
 * What a form refused for its rows reads: said above the form, since no one field is at fault
 * (its rows were never read, so none can be marked).
 */
export const TOO_MANY_ROWS = `This form has more rows than it can take (at most ${MAX_FORM_ROWS.toLocaleString("en-GB")}), so nothing in it was used. Take some rows out and send it again.`;

/**
 * The nested value a form's names stand for (`variants[3].price` → `{ variants: [, , , { price }] }`),
 * or undefined when a name's row number is beyond `MAX_FORM_ROWS`: one field named
 * `variants[99999999].price` would otherwise make a list of a hundred million rows to read.
 */
export function formPayloadOf(
  form: FormData | URLSearchParams,
): Record<string, unknown> | undefined {
  for (const name of form.keys()) {
    for (const [, row] of name.matchAll(/\[(\d+)\]/g)) {
      if ((row as string).length > 6 || Number(row) >= MAX_FORM_ROWS) return undefined;
    }
  }
  return parse(form, { resolve: (value) => ({ value }) }).payload as Record<string, unknown>;
}

/**
 * What a posted form stands for, through its codec: the body of every field that reads, and each
 * field's problem by its name. A field that does not read is left out of the body, so the route's
 * own checks still judge the others and the form says every problem at once. `message` is a
 * problem of the whole form (too many rows), which no field can show: nothing of it was read.
 */
export type DecodedForm<T> = { body: Partial<T>; errors?: FieldErrors; message?: string };

export function decodeForm<Codec extends FormCodec>(
  codec: Codec,
  form: FormData | URLSearchParams,
): DecodedForm<z.output<Codec>> {
  const payload = formPayloadOf(form);
  if (!payload) return { body: {}, message: TOO_MANY_ROWS };
  const body: Record<string, unknown> = {};
  const errors: FieldErrors = {};
  const sent = payload;
  for (const [key, field] of Object.entries(fieldsOf(codec, (name) => sent[name]))) {
    const read = field.safeParse(sent[key]);
    if (read.success) {
      if (read.data !== undefined) body[key] = read.data;
      continue;
    }
    for (const issue of read.error.issues) {
      const name = formNameOf([key, ...issue.path]);
      errors[name] = [...(errors[name] ?? []), issue.message];
    }
  }
  return Object.keys(errors).length > 0
    ? { body: body as Partial<z.output<Codec>>, errors }
    : { body: body as Partial<z.output<Codec>> };
}

/** Unwraps the optional, default and nullable layers around a field's own schema. */
function inner(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as { type: string; innerType?: z.ZodType };
  return def.innerType && ["optional", "default", "nullable", "prefault"].includes(def.type)
    ? inner(def.innerType)
    : schema;
}

/** What a codec of several fields wrote (`{ type, days }`, `["3", "7"]`), each by its name. */
function writeEncoded(values: Record<string, string>, encoded: unknown, name: string): void {
  if (Array.isArray(encoded)) {
    encoded.forEach((part, index) => {
      writeEncoded(values, part, `${name}[${index}]`);
    });
  } else if (encoded !== null && typeof encoded === "object") {
    for (const [key, part] of Object.entries(encoded)) {
      writeEncoded(values, part, name ? `${name}.${key}` : key);
    }
  } else values[name] = encoded === null || encoded === undefined ? "" : String(encoded);
}

function encodeInto(
  values: Record<string, string>,
  schema: z.ZodType,
  value: unknown,
  name: string,
): void {
  const own = inner(schema);
  const type = (own._zod.def as { type: string }).type;
  if (type === "object" || (type === "union" && "discriminator" in own._zod.def)) {
    const shape = fieldsOf(
      own as FormCodec,
      (key) => (value as Record<string, unknown> | null)?.[key],
    );
    for (const [key, field] of Object.entries(shape)) {
      encodeInto(
        values,
        field as z.ZodType,
        (value as Record<string, unknown> | null | undefined)?.[key],
        name ? `${name}.${key}` : key,
      );
    }
    return;
  }
  if (type === "array") {
    const element = (own as z.ZodArray).element as z.ZodType;
    (Array.isArray(value) ? value : []).forEach((row, index) => {
      encodeInto(values, element, row, `${name}[${index}]`);
    });
    return;
  }
  if (value === undefined) {
    values[name] = "";
    return;
  }
  if (type === "pipe") {
    // A codec: the record's value as its field shows it, or its fields (a rule's, a list's).
    const encoded = z.safeEncode(own, value as never);
    if (encoded.success) writeEncoded(values, encoded.data, name);
    else values[name] = "";
    return;
  }
  values[name] = value === null ? "" : String(value);
}

/**
 * A record as its form's fields show it, by field name, through each field's codec: pence as
 * "25.00", an instant as London's clock, an id as text; a field the record lacks is empty.
 */
export function formValuesOf(codec: FormCodec, record: object = {}): Record<string, string> {
  const values: Record<string, string> = {};
  const fields = fieldsOf(codec, (name) => (record as Record<string, unknown>)[name]);
  encodeInto(values, z.object(fields), record, "");
  return values;
}
