import { z } from "zod";
import { optionalTextField, textField } from "./form-codecs.ts";

/** The billing model form (issue 15): a one-off or pre-order has no period, so empty is none. */
export const BillingModelForm = z.object({
  title: textField(),
  type: textField(),
  period: optionalTextField("null"),
});
