import { z } from "zod";
import { bothWays } from "../db/staff-lists.ts";
import { isUnsafeText, UNSAFE_TEXT } from "./text-input.ts";

// What a staff list's query shares (decision 0014), for the resources of issue 15; the catalogue's
// validators keep their own copy of the same two schemas.

/** A list's `sort`: each key both ways (`name`, `-name`), wrong ones named in the message. */
export function sortParam<K extends string>(keys: readonly K[], fallback: K | `-${K}`) {
  const values = bothWays(keys) as [K | `-${K}`, ...Array<K | `-${K}`>];
  return z
    .enum(values, { error: `Sort by one of: ${values.join(", ")}.` })
    .default(fallback as never);
}

/** A staff list's search box; control characters are refused (PostgreSQL refuses NUL). */
export const ListSearch = z
  .string()
  .trim()
  .max(100, "Search for 100 characters or fewer.")
  .refine((text) => !isUnsafeText(text), UNSAFE_TEXT)
  .optional();
