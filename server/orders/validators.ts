import { z } from "zod";
import { CARRIER_IDS } from "../../common/carriers.ts";
import { ORDER_LIST_STATUSES } from "../../common/orders-admin.ts";
import { bothWays } from "../db/staff-lists.ts";
import { Flag, Pagination } from "../http/query-schemas.ts";
import { isUnsafeText, UNSAFE_TEXT } from "../http/text-input.ts";

// Issue 15: the staff side of orders — the list's query, dispatch, and the bulk-dispatch file.

export const ORDER_SORTS = ["created", "number", "total"] as const;
const SORTS = bothWays(ORDER_SORTS) as [string, ...string[]];

/** A day as staff filter by it (Europe/London): `2026-11-24`. */
const Day = z
  .string()
  .max(10, "Use a date like 2026-11-24.")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-24.")
  // A day that exists (not 31 February), or PostgreSQL's `::date` would refuse it with a 500.
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, "Use a real date.");

/** GET /api/staff/orders and its CSV export: pagination, status, London days, search. */
export const StaffOrderListQuery = z
  .strictObject({
    ...Pagination,
    q: z
      .string()
      .trim()
      .max(100, "Search for 100 characters or fewer.")
      .refine((text) => !isUnsafeText(text), UNSAFE_TEXT)
      .optional(),
    status: z
      .enum(ORDER_LIST_STATUSES, { error: `One of: ${ORDER_LIST_STATUSES.join(", ")}.` })
      .optional(),
    from: Day.optional(),
    to: Day.optional(),
    archived: Flag.optional(),
    sort: z
      .enum(SORTS, { error: `Sort by one of: ${SORTS.join(", ")}.` })
      .default("-created")
      .transform(
        (sort) => sort as (typeof ORDER_SORTS)[number] | `-${(typeof ORDER_SORTS)[number]}`,
      ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "The last day must not be before the first.",
  });
export type StaffOrderListQuery = z.output<typeof StaffOrderListQuery>;

/** A carrier's parcel number: letters, digits, spaces and hyphens. */
export const TrackingNumber = z
  .string({ error: "Enter the tracking number." })
  .trim()
  .min(1, "Enter the tracking number.")
  .max(40, "At most 40 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "Use letters, digits, spaces and hyphens only.")
  .transform((value) => value.replace(/\s+/g, "").toUpperCase());

export const TrackingUrl = z
  .string()
  .trim()
  .max(500, "At most 500 characters.")
  .refine((value) => value === "" || /^https:\/\/[^\s<>"]+$/.test(value), {
    message: "Enter a web address starting with https://.",
  })
  .transform((value) => value || undefined);

export const Carrier = z.enum(CARRIER_IDS, {
  error: "Choose one of: Royal Mail, DPD, Evri, DHL, Parcelforce.",
});

/** POST /api/staff/orders/status/dispatch/{id}. */
export const DispatchInput = z.strictObject({
  carrier: Carrier,
  trackingNumber: TrackingNumber,
  trackingUrl: TrackingUrl.optional(),
});
export type DispatchInput = z.output<typeof DispatchInput>;

/** POST /api/staff/orders/dispatch-csv: the file, and whether to check it only. */
export const DispatchCsvInput = z.strictObject({
  file: z
    .instanceof(File, { message: "Choose a CSV file of tracking numbers." })
    .refine((file) => file.size > 0 || file.name !== "", "Choose a CSV file of tracking numbers.")
    .meta({ type: "string", format: "binary", description: "The CSV file (UTF-8), up to 1 MB." }),
  dryRun: z
    .enum(["true", "false"], {
      error: "Send dryRun true to check the file, or false to dispatch.",
    })
    .transform((value) => value === "true"),
});
export type DispatchCsvInput = z.output<typeof DispatchCsvInput>;
