import { z } from "zod";
import {
  DISCOUNT_SCOPE_VALUES,
  DISCOUNT_UNIT_TYPES,
  ELIGIBLE_USER_GROUPS,
} from "./discount-choices.ts";
import { DISCOUNT_STATUSES } from "./discount-status.ts";

export { DISCOUNT_SCOPE_LABELS, DISCOUNT_SCOPE_VALUES } from "./discount-choices.ts";

// Issue 15: discount codes as staff manage them. Views shared by the staff API and its screens.

/** Generated codes: an unambiguous alphabet (no 0/O, no 1/I), so a code read aloud is typed right. */
export const BATCH_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
/** The most codes one batch makes. */
export const MAX_BATCH_COUNT = 10_000;

const Id = z.number().int();
const Instant = z.string().meta({ description: "ISO 8601 UTC." });
const UpdatedAt = z.string().meta({
  description: "ISO 8601 UTC; send it back with an update to catch a colleague's save.",
});

/** A band, product or collection a "selected" code covers, with its name. */
export const DiscountTarget = z.object({
  kind: z.enum(["brand", "product", "collection"]),
  id: Id,
  title: z.string(),
});
export type DiscountTarget = z.output<typeof DiscountTarget>;

/** GET /api/staff/discounts: one row of the table, a code or a batch of generated codes. */
export const StaffDiscountItem = z
  .object({
    kind: z.enum(["code", "batch"]),
    /** The code's id; for a batch, the batch's. */
    id: Id,
    /** The code; for a batch, its title. */
    code: z.string(),
    description: z.string(),
    unitType: z.enum(DISCOUNT_UNIT_TYPES),
    value: z.number().int().meta({ description: "A whole percent, or pence off." }),
    eligibleGroup: z.enum(ELIGIBLE_USER_GROUPS),
    segmentTitle: z.string().nullable(),
    scope: z.enum(DISCOUNT_SCOPE_VALUES),
    targetCount: z.number().int(),
    status: z.enum(DISCOUNT_STATUSES),
    startsAt: Instant,
    endsAt: Instant.nullable(),
    timesUsed: z.number().int().meta({ description: "For a batch: its codes used." }),
    usageLimit: z.number().int().nullable().meta({ description: "For a batch: its code count." }),
    updatedAt: Instant,
  })
  .meta({ id: "StaffDiscountItem" });
export type StaffDiscountItem = z.output<typeof StaffDiscountItem>;

/** One use of a code, as staff need it: the order and when; no shopper's personal data. */
export const DiscountRedemptionView = z.object({
  orderId: Id.nullable(),
  orderNumber: z.string().nullable(),
  at: Instant,
});
export type DiscountRedemptionView = z.output<typeof DiscountRedemptionView>;

/** GET /api/staff/discounts/edit/{id}, and what store and update answer. */
export const DiscountEdit = z
  .object({
    id: Id,
    code: z.string(),
    description: z.string(),
    unitType: z.enum(DISCOUNT_UNIT_TYPES),
    value: z.number().int(),
    minSubtotal: z.number().int().nullable().meta({ description: "Pence; null for none." }),
    startsAt: Instant,
    endsAt: Instant.nullable(),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    eligibleGroup: z.enum(ELIGIBLE_USER_GROUPS),
    segmentId: Id.nullable(),
    scope: z.enum(DISCOUNT_SCOPE_VALUES),
    targets: z.array(DiscountTarget),
    batchId: Id.nullable(),
    timesUsed: z.number().int(),
    /** The latest uses, newest first (at most 10). */
    recentRedemptions: z.array(DiscountRedemptionView),
    updatedAt: UpdatedAt,
  })
  .meta({ id: "DiscountEdit" });
export type DiscountEdit = z.output<typeof DiscountEdit>;

/** A batch of generated single-use codes. */
export const DiscountBatchView = z
  .object({
    id: Id,
    title: z.string(),
    prefix: z.string(),
    count: z.number().int(),
    used: z.number().int().meta({ description: "How many of its codes have been used." }),
    createdAt: Instant,
    /** The rules every code of the batch shares (those of its first code). */
    rules: DiscountEdit.omit({ recentRedemptions: true }).nullable(),
    /** A few of its codes, for the page. */
    sample: z.array(z.string()),
  })
  .meta({ id: "DiscountBatchView" });
export type DiscountBatchView = z.output<typeof DiscountBatchView>;

/** A segment as a select offers it. */
export const SegmentOption = z.object({ id: Id, title: z.string() });
export type SegmentOption = z.output<typeof SegmentOption>;
