import { z } from "zod";
import { MAX_ID } from "../../common/ids.ts";

export { MAX_ID };

/** An id or a slug in a path: `/api/products/42` and `/api/products/night-owls-tee` alike. */
export const IdOrSlug = z.union([
  z
    .string()
    .max(10)
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    // Ids are PostgreSQL integers: a bigger number names nothing (and must not reach the query).
    .refine((id) => id <= MAX_ID, "No such id."),
  z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Must be an id or a slug.")
    .max(200),
]);

/** A numeric id in a path (`/api/user/orders/show/42`); anything else names nothing. */
export const PathId = z
  .string()
  .max(10)
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .refine((id) => id <= MAX_ID, "No such id.");

/** architecture.md §4: a comma-joined list of positive ids (`?ids=3,5,8`). */
export const IdList = z
  .string()
  .max(2000)
  .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9})*$/, "Must be comma-separated ids.")
  .transform((value) => [...new Set(value.split(",").map(Number))])
  .refine((ids) => ids.every((id) => id <= MAX_ID), "Must be comma-separated ids.");

/** A comma-joined list of slugs. */
export const SlugList = z
  .string()
  .max(2000)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(,[a-z0-9]+(?:-[a-z0-9]+)*)*$/, "Must be comma-separated slugs.")
  .transform((value) => [...new Set(value.split(","))]);

export const Pence = z.coerce
  .number({ error: "Must be a whole number of pence." })
  .int("Must be a whole number of pence.")
  .min(0)
  .max(100_000_000);

export const Flag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** architecture.md §4 pagination: `page` from 1, `perPage` up to 100. */
export const Pagination = {
  page: z.coerce.number().int("Must be a whole number.").min(1).max(10_000).default(1),
  perPage: z.coerce.number().int("Must be a whole number.").min(1).max(100).default(24),
};
