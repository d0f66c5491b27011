import type { z } from "zod";
import { MAX_ID } from "./ids.ts";

/**
 * The limits every declared query and path parameter keeps (docs/security.md #15): a number is
 * a PostgreSQL integer at most, and text has a length limit. What passes a declaration reaches a
 * service, and from there a query: a value PostgreSQL cannot take must be refused before.
 */
export const INPUT_BOUNDS = {
  /** The largest and smallest number a parameter may be: PostgreSQL's `integer`. */
  maxNumber: MAX_ID,
  minNumber: -MAX_ID - 1,
  /** The longest text a query or path parameter may be. */
  maxLength: 10_000,
} as const;

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Leaves that hold no unbounded value: a choice among values, a flag, a transform's function. */
const BOUNDED_LEAVES = new Set(["enum", "literal", "boolean", "transform", "never", "undefined"]);

/**
 * Where `schema` lets an unbounded value through, as `path: why` lines (none when it is bounded):
 * text without a length limit, a number without limits within PostgreSQL's `integer`, an object
 * that takes keys it does not name (when `strict`), or a part of a kind it cannot judge.
 */
export function unboundedInputs(schema: z.ZodType, strict = true, path = "query"): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case "string": {
      const max = (schema as z.ZodString).maxLength;
      return max !== null && max <= INPUT_BOUNDS.maxLength
        ? []
        : [`${path}: text without a length limit of ${INPUT_BOUNDS.maxLength} or less`];
    }
    case "number": {
      const { maxValue, minValue } = schema as z.ZodNumber;
      return maxValue !== null &&
        minValue !== null &&
        maxValue <= INPUT_BOUNDS.maxNumber &&
        minValue >= INPUT_BOUNDS.minNumber
        ? []
        : [
            `${path}: a number not bounded within a PostgreSQL integer (${minValue} to ${maxValue})`,
          ];
    }
    case "object": {
      const open =
        strict && defOf(def.catchall ?? ({} as z.ZodType))?.type !== "never"
          ? [`${path}: takes parameters it does not name (make it a strictObject)`]
          : [];
      return [
        ...open,
        ...Object.entries(def.shape ?? {}).flatMap(([key, value]) =>
          unboundedInputs(value, strict, `${path}.${key}`),
        ),
      ];
    }
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return def.innerType ? unboundedInputs(def.innerType, strict, path) : [];
    case "pipe":
      return [
        ...(def.in ? unboundedInputs(def.in, strict, path) : []),
        ...(def.out ? unboundedInputs(def.out, strict, path) : []),
      ];
    case "union":
      return (def.options ?? []).flatMap((option) => unboundedInputs(option, strict, path));
    case "array":
      return def.element ? unboundedInputs(def.element, strict, `${path}[]`) : [];
    case "lazy":
      return def.getter ? unboundedInputs(def.getter(), strict, path) : [];
    default:
      return BOUNDED_LEAVES.has(def.type) ? [] : [`${path}: a ${def.type} cannot be judged`];
  }
}

/** Numbers past a PostgreSQL integer, written as query strings send them. */
export const OUT_OF_RANGE_NUMBERS = [
  "2147483648",
  "-2147483649",
  "9223372036854775807",
  "9223372036854775808",
  "99999999999999999999999",
  "1e309",
];

const OUT_OF_RANGE_DIGITS = /^-?[0-9]+$/;

/**
 * The out-of-range numbers a parsed value carries: numbers past a PostgreSQL integer, and text
 * of digits past one in a list (a list of ids or slugs a service may read the ids of again). A
 * free-text field keeps digits as text, so text on its own is not judged.
 */
export function outOfRangeNumbers(value: unknown, inList = false): unknown[] {
  if (typeof value === "number") {
    return Number.isFinite(value) &&
      value <= INPUT_BOUNDS.maxNumber &&
      value >= INPUT_BOUNDS.minNumber
      ? []
      : [value];
  }
  if (typeof value === "bigint") return [value];
  if (typeof value === "string") {
    if (!inList || !OUT_OF_RANGE_DIGITS.test(value)) return [];
    const number = Number(value);
    return number <= INPUT_BOUNDS.maxNumber && number >= INPUT_BOUNDS.minNumber ? [] : [value];
  }
  if (Array.isArray(value)) return value.flatMap((each) => outOfRangeNumbers(each, true));
  if (value && typeof value === "object") {
    return Object.values(value).flatMap((each) => outOfRangeNumbers(each, inList));
  }
  return [];
}
