import { z } from "zod";
import { DISCOUNT_STATUSES } from "../../common/discount-status.ts";
import { DISCOUNT_UNIT_TYPES, ELIGIBLE_USER_GROUPS } from "../../common/discounts.ts";
import { DISCOUNT_SCOPE_VALUES, MAX_BATCH_COUNT } from "../../common/discounts-admin.ts";
import { BasketLineInput } from "../basket/validators.ts";
import { bothWays } from "../db/staff-lists.ts";
import { MAX_ID, Pagination, Pence } from "../http/query-schemas.ts";
import { isUnsafeText, UNSAFE_TEXT } from "../http/text-input.ts";
import { MAX_CODE_LENGTH } from "./schema.ts";

/** A code as a shopper may send it anywhere (checkout too): trimmed, at most the stored length. */
export const DiscountCodeText = z
  .string({ error: "Enter a discount code." })
  .trim()
  .max(MAX_CODE_LENGTH, `A discount code is at most ${MAX_CODE_LENGTH} characters.`);

/** POST /api/discounts/basket/apply: the code as typed, and the basket's ids and quantities. */
export const PublicDiscountApplyInput = z.strictObject({
  discount: DiscountCodeText.min(1, "Enter a discount code."),
  lines: z
    .array(BasketLineInput, { error: "Send the basket lines." })
    .min(1, "Your basket is empty")
    .max(100, "A basket holds at most 100 different items."),
});

export type PublicDiscountApply = z.output<typeof PublicDiscountApplyInput>;

// ---------------------------------------------------------------------------------------------
// Issue 15: the staff side of discount codes (decision 0014). No defaults in the fields: an
// update changes only what it sends; the service fills a new code's and checks what spans fields
// against the schema's checks (each a 422 naming its field).

const Id = z
  .number({ error: "Must be an id." })
  .int("Must be an id.")
  .min(1)
  .max(MAX_ID, "No such id.");
const IdArray = z
  .array(Id)
  .max(200, "At most 200.")
  .refine((ids) => new Set(ids).size === ids.length, "Name each one once.");
const Count = (what: string) =>
  z
    .number({ error: `Enter the ${what} as a whole number.` })
    .int(`Enter the ${what} as a whole number.`)
    .min(1, `The ${what} must be at least 1, or empty for no limit.`)
    .max(1_000_000, "At most 1,000,000.");
const Instant = z.iso.datetime({ offset: true, error: "Enter a date and time." });

/** A code as staff type it: stored trimmed and upper case, as shoppers' codes are matched. */
export const DiscountCodeInput = z
  .string({ error: "Enter the code." })
  .trim()
  .toUpperCase()
  .min(1, "Enter the code.")
  .max(MAX_CODE_LENGTH, `A code is at most ${MAX_CODE_LENGTH} characters.`)
  .regex(
    /^[A-Z0-9][A-Z0-9_-]*$/,
    "Use letters, digits, hyphens and underscores, starting with a letter or digit.",
  );

/** Every rule of a code but the code itself (what a generated batch shares). */
const discountRules = {
  description: z.string().trim().max(500, "At most 500 characters."),
  unitType: z.enum(DISCOUNT_UNIT_TYPES, { error: "Choose a percentage or a fixed amount." }),
  value: z
    .number({ error: "Enter the value." })
    .int("Enter a whole percent, or whole pence.")
    .min(1, "The value must be more than zero.")
    .max(100_000_000, "At most £1,000,000."),
  minSubtotal: Pence.nullable(),
  startsAt: Instant,
  endsAt: Instant.nullable(),
  usageLimit: Count("usage limit").nullable(),
  perCustomerLimit: Count("limit per customer").nullable(),
  eligibleGroup: z.enum(ELIGIBLE_USER_GROUPS, { error: "Choose who may use the code." }),
  segmentId: Id.nullable(),
  scope: z.enum(DISCOUNT_SCOPE_VALUES, { error: "Choose the whole basket or selected items." }),
  targets: z.strictObject({
    brandIds: IdArray.optional(),
    productIds: IdArray.optional(),
    collectionIds: IdArray.optional(),
  }),
};

const discountFields = { code: DiscountCodeInput, ...discountRules };

/** Every rule optional but the value itself: a new code's defaults are the service's. */
const optionalRules = {
  description: discountRules.description.optional(),
  minSubtotal: discountRules.minSubtotal.optional(),
  startsAt: discountRules.startsAt.optional(),
  endsAt: discountRules.endsAt.optional(),
  eligibleGroup: discountRules.eligibleGroup.optional(),
  segmentId: discountRules.segmentId.optional(),
  scope: discountRules.scope.optional(),
  targets: discountRules.targets.optional(),
  unitType: discountRules.unitType,
  value: discountRules.value,
};

/** POST /api/staff/discounts/store: a code, its unit type and value; the rest has defaults. */
export const DiscountCreateInput = z.strictObject({
  code: DiscountCodeInput,
  ...optionalRules,
  usageLimit: discountRules.usageLimit.optional(),
  perCustomerLimit: discountRules.perCustomerLimit.optional(),
});
export type DiscountCreateInput = z.output<typeof DiscountCreateInput>;

/** POST /api/staff/discounts/update: the fields sent change, the others stay. */
export const DiscountUpdateFields = z.strictObject(discountFields);
export type DiscountUpdateInput = Partial<z.output<typeof DiscountUpdateFields>> & { id: number };

const Search = z
  .string()
  .trim()
  .max(100, "Search for 100 characters or fewer.")
  .refine((text) => !isUnsafeText(text), UNSAFE_TEXT)
  .optional();
const DISCOUNT_SORTS = bothWays(["code", "starts", "used", "updated"] as const) as [
  string,
  ...string[],
];

/** GET /api/staff/discounts: batches are one row each unless `batch` names one to list its codes. */
export const StaffDiscountListQuery = z.strictObject({
  ...Pagination,
  q: Search,
  status: z
    .enum(DISCOUNT_STATUSES, { error: `Choose one of: ${DISCOUNT_STATUSES.join(", ")}.` })
    .optional(),
  type: z
    .enum(DISCOUNT_UNIT_TYPES, { error: `Choose one of: ${DISCOUNT_UNIT_TYPES.join(", ")}.` })
    .optional(),
  batch: z.coerce.number().int().min(1).max(MAX_ID, "No such batch.").optional(),
  sort: z
    .enum(DISCOUNT_SORTS, { error: `Sort by one of: ${DISCOUNT_SORTS.join(", ")}.` })
    .default("-updated"),
});
export type StaffDiscountListQuery = z.output<typeof StaffDiscountListQuery> & {
  sort: "code" | "-code" | "starts" | "-starts" | "used" | "-used" | "updated" | "-updated";
};

/** POST /api/staff/discounts/end: the code to end now. */
export const DiscountEndInput = z.strictObject({ id: Id });

/**
 * POST /api/staff/discounts/generate: `count` single-use codes `PREFIX-XXXX-XXXX`, with the
 * `rules` given or those of the discount `copyFrom` (one of the two).
 */
export const DiscountGenerateInput = z
  .strictObject({
    title: z
      .string({ error: "Enter a title." })
      .trim()
      .min(1, "Enter a title, such as “Static Gulls mailing list”.")
      .max(120, "At most 120 characters."),
    prefix: z
      .string({ error: "Enter a prefix." })
      .trim()
      .toUpperCase()
      .min(1, "Enter a prefix, such as GULLS.")
      .max(20, "A prefix is at most 20 characters.")
      .regex(/^[A-Z0-9]+$/, "Use letters and digits only."),
    count: z
      .number({ error: "Enter how many codes to make." })
      .int("Enter a whole number.")
      .min(1, "Make at least 1 code.")
      .max(MAX_BATCH_COUNT, `At most ${MAX_BATCH_COUNT.toLocaleString("en-GB")} codes at once.`),
    rules: z.strictObject(optionalRules).optional(),
    copyFrom: Id.optional(),
  })
  .refine((input) => (input.rules === undefined) !== (input.copyFrom === undefined), {
    path: ["rules"],
    message: "Give the codes' rules, or the discount whose rules to copy (one of the two).",
  });
export type DiscountGenerateInput = z.output<typeof DiscountGenerateInput>;
/** The rules a batch's codes share. */
export type DiscountRules = NonNullable<DiscountGenerateInput["rules"]>;
