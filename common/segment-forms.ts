import { z } from "zod";
import {
  idField,
  poundsField,
  rowsField,
  textField,
  variantField,
  wholeNumberField,
} from "./form-codecs.ts";

// The segment form (issue 30): each rule is a row named by its place (`rules[1].amount`), as the
// API names its errors; the rules stay in the API's input (common/segments.ts).

/** A yes-or-no chosen in a select: "true" or "false". */
const yesOrNoField = () =>
  z.codec(z.string().optional(), z.boolean(), {
    decode: (typed) => typed === "true",
    encode: (yes) => String(yes),
  });

/** One rule of the builder: its type's own fields. */
export const SegmentRuleFields = variantField({
  "bought-from-band": {
    brandId: idField("Choose a band.", { required: true }),
  },
  "spent-over": { amount: poundsField({ max: 100_000_000 }) },
  "ordered-within": { days: wholeNumberField({ min: 1, max: 3650 }) },
  "signed-up-after": { date: textField() },
  "marketing-consent": { consent: yesOrNoField() },
});

/** The rules alone: what the rule builder's live count asks the API about. */
export const SegmentRulesForm = z.object({ rules: rowsField(SegmentRuleFields) });

/** The segment form: /admin/segments/new and /admin/segments/{id}. */
export const SegmentForm = SegmentRulesForm.extend({
  title: textField(),
  description: textField(),
});
