import { z } from "zod";
import { EVENT_NAMES } from "../../common/analytics.ts";

/** Pounds as GA4 takes them: a non-negative number with at most two decimal places. */
const Pounds = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    message: "Must be an amount in pounds with at most two decimal places.",
  });

/** One item of an event in GA4's item shape (security.md #4: unknown keys are refused). */
export const PublicEventItem = z.strictObject({
  item_id: z.string().trim().min(1).max(100),
  item_name: z.string().trim().min(1).max(200),
  item_brand: z.string().trim().max(200).optional(),
  item_category: z.string().trim().max(100).optional(),
  item_variant: z.string().trim().max(200).optional(),
  price: Pounds.optional(),
  quantity: z.number().int("Must be a whole number.").min(1).max(1000).optional(),
  index: z.number().int("Must be a whole number.").min(0).max(100_000).optional(),
});

/** POST /api/events: one shop event from the browser, nothing that names the shopper. */
export const PublicEventInput = z.strictObject({
  name: z.enum(EVENT_NAMES),
  path: z
    .string()
    .max(2000)
    .startsWith("/", "Must be a path starting with '/'.")
    // Control characters and spaces never appear in a browser's location.pathname.
    .regex(/^[^\s\p{Cc}]*$/u, "Must be a path without spaces or control characters.")
    // The query and fragment can carry search words or tokens: only the path is kept.
    .transform((path) => path.replace(/[?#].*$/s, "")),
  items: z.array(PublicEventItem).max(50).optional(),
  value: Pounds.optional(),
  currency: z.literal("GBP").optional(),
  searchTerm: z.string().trim().max(100).optional(),
  listName: z.string().trim().max(100).optional(),
  /** The host name of the site the shopper came from (never the full address). */
  referrerHost: z
    .string()
    .max(253)
    .regex(/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::[0-9]{1,5})?$/i, "Must be a host name.")
    .transform((host) => host.toLowerCase())
    .optional(),
});
export type PublicEventInput = z.output<typeof PublicEventInput>;
