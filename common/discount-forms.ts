import { z } from "zod";
import { DiscountTarget } from "./discounts-admin.ts";
import {
  idField,
  londonTimeField,
  optionalPoundsField,
  poundsField,
  textField,
  wholeNumberField,
} from "./form-codecs.ts";

// The discount forms (issue 15, issue 30): a code's, and a generated batch's, which shares a
// code's rules under `rules.`. Rules stay in the API's inputs (server/discounts/validators.ts).

const MONEY = "Enter an amount in pounds, such as 5.00.";
const TIME = "Enter a date and time, such as 24/11/2026 09:00.";

/** The targets the picker keeps as JSON in one field (so a refused save keeps them). */
export function targetsOfJson(json: string | undefined): DiscountTarget[] {
  try {
    const parsed: unknown = JSON.parse(json || "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((target) => DiscountTarget.safeParse(target).success);
  } catch {
    return [];
  }
}

const TargetIds = z.object({
  brandIds: z.array(z.number()),
  productIds: z.array(z.number()),
  collectionIds: z.array(z.number()),
});

/**
 * The picker's field: the API takes ids by kind; the form shows the record's targets, names and
 * all, so a record's list is written as the picker's JSON.
 */
const targetsField = () =>
  z.codec(z.string().optional(), z.union([TargetIds, z.array(DiscountTarget)]), {
    decode: (typed) => {
      const targets = targetsOfJson(typed);
      const ids = (kind: DiscountTarget["kind"]) =>
        targets.filter((target) => target.kind === kind).map((target) => target.id);
      return {
        brandIds: ids("brand"),
        productIds: ids("product"),
        collectionIds: ids("collection"),
      };
    },
    encode: (targets) => (Array.isArray(targets) ? JSON.stringify(targets) : "[]"),
  });

const ruleFields = {
  description: textField(),
  minSubtotal: optionalPoundsField({ message: MONEY }),
  // Empty on a new code: from now, as the API starts a code sent without a start.
  startsAt: londonTimeField({ message: TIME, empty: "omit" }),
  endsAt: londonTimeField({ message: TIME }),
  eligibleGroup: textField(),
  segmentId: idField("Choose a segment from the list."),
  scope: textField(),
  targets: targetsField(),
};

/**
 * A code's rules: its value is pounds off for a fixed amount and a whole percentage otherwise,
 * so the type chosen says how the value reads.
 */
export const DiscountRulesForm = z.discriminatedUnion("unitType", [
  z.object({
    unitType: z.literal("percentage", { error: "Choose a percentage or a fixed amount." }),
    value: wholeNumberField({
      min: 1,
      max: 100,
      message: "Enter a whole percentage from 1 to 100.",
    }),
    ...ruleFields,
  }),
  z.object({
    unitType: z.literal("fixed", { error: "Choose a percentage or a fixed amount." }),
    value: poundsField({ min: 1, max: 100_000_000, message: MONEY }),
    ...ruleFields,
  }),
]);

const limitFields = {
  code: textField(),
  usageLimit: wholeNumberField({
    min: 1,
    empty: "null",
    message: "Enter the usage limit as a whole number from 1, or leave it empty for no limit.",
  }),
  perCustomerLimit: wholeNumberField({
    min: 1,
    empty: "null",
    message:
      "Enter the limit per customer as a whole number from 1, or leave it empty for no limit.",
  }),
};

/** A discount code's form: /admin/discounts/new and /admin/discounts/{id}. */
export const DiscountForm = z.discriminatedUnion("unitType", [
  (DiscountRulesForm.options[0] as z.ZodObject).extend(limitFields),
  (DiscountRulesForm.options[1] as z.ZodObject).extend(limitFields),
]);

/** A new code's form before anything is typed: a percentage off the basket, for everyone. */
export const NEW_DISCOUNT = {
  unitType: "percentage",
  eligibleGroup: "everyone",
  scope: "basket",
  targets: [],
} as const;

/**
 * A generated batch's form: its own fields and, unless it copies another code's rules
 * (`copyFrom`), the rules its codes share (`rules.`).
 */
export const BatchForm = z.object({
  title: textField(),
  prefix: textField(),
  count: wholeNumberField({
    min: 1,
    max: 10_000,
    message: "Enter how many codes, from 1 to 10,000.",
  }),
  copyFrom: idField("Enter a discount's number, such as 12, or leave it empty."),
});

/** A batch that makes its own rules. */
export const BatchWithRulesForm = BatchForm.extend({ rules: DiscountRulesForm });
