import { z } from "zod";
import { DISPATCH_PLANS } from "../../common/billing.ts";
import { MAX_ID } from "../../common/ids.ts";
import { normaliseUkPostcode, UK_POSTCODE_COUNTRIES } from "../../common/postcode.ts";
import { BasketLinesInput } from "../basket/validators.ts";
import { CountryCodeInput } from "../delivery/validators.ts";
import { DiscountCodeText } from "../discounts/validators.ts";
import { PathId } from "../http/query-schemas.ts";
import { isOneLine, ONE_LINE } from "../http/text-input.ts";

const Id = z.number().int().min(1).max(MAX_ID, "No such id.");

const line = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `${label[0]?.toUpperCase()}${label.slice(2)} must be at most ${max} characters.`)
    .refine(isOneLine, ONE_LINE);
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine(isOneLine, ONE_LINE)
    .optional()
    .transform((value) => value || undefined);

/** A delivery or billing address; a UK one needs a real UK postcode, kept in its usual form. */
export const AddressInput = z
  .strictObject({
    fullName: line("a full name", 100),
    line1: line("an address", 100),
    line2: optionalLine(100),
    city: line("a town or city", 60),
    county: optionalLine(60),
    postcode: line("a postcode", 16),
    country: CountryCodeInput,
    phone: z
      .string()
      .trim()
      .max(30, "At most 30 characters.")
      .regex(/^[0-9+() -]*$/, "Enter a phone number using digits, spaces and + ( ) -.")
      .optional()
      .transform((value) => value || undefined),
  })
  .transform((address, context) => {
    if (!UK_POSTCODE_COUNTRIES.has(address.country)) return address;
    const postcode = normaliseUkPostcode(address.postcode);
    if (postcode) return { ...address, postcode };
    context.addIssue({
      code: "custom",
      path: ["postcode"],
      message: "Enter a UK postcode, like SW1A 1AA.",
    });
    return z.NEVER;
  });
export type AddressInput = z.output<typeof AddressInput>;

const DiscountCode = DiscountCodeText.optional().transform((value) => value || undefined);

/** POST /api/checkout/show: ids and quantities, a code, where it goes; never a price. */
export const CheckoutShowInput = z.strictObject({
  lines: BasketLinesInput,
  discount: DiscountCode,
  country: CountryCodeInput.optional(),
  postcode: z.string().trim().max(16).optional(),
  deliveryOptionId: Id.optional(),
});
export type CheckoutShowInput = z.output<typeof CheckoutShowInput>;

/** POST /api/checkout/charge. */
export const CheckoutChargeInput = z.strictObject({
  lines: BasketLinesInput,
  discount: DiscountCode,
  email: z
    .email({ error: "Enter an email address, like name@example.com." })
    .max(254, "An email address is at most 254 characters."),
  shippingAddress: AddressInput,
  billingAddress: AddressInput.optional(),
  deliveryOptionId: Id,
  dispatchPlan: z
    .enum(DISPATCH_PLANS, { error: "Choose how to send your order." })
    .optional()
    .meta({
      description:
        "Only, and always, when the quote offers `dispatchPlans` (pre-orders with goods that ship now).",
    }),
  saveDetails: z.boolean().optional().meta({
    description:
      "A signed-in customer's wish to keep these addresses for next time; a guest's is ignored.",
  }),
  expectedTotal: z
    .int({ error: "The total shown is a whole number of pence." })
    .min(0, "The total shown is a whole number of pence.")
    .max(2_147_483_647, "The total shown is a whole number of pence.")
    .optional()
    .meta({
      description:
        "The total, in pence, that the shopper was shown beside the pay button: a check, never a price. When the charge's own total differs (another delivery option, a price or code that changed since), nothing is written and the answer is 409 with the new total, for the shopper to check and pay again (Consumer Contracts Regulations: what the order button shows is what is charged).",
      example: 2895,
    }),
  payment: z.strictObject({
    provider: z.enum(["test", "stripe"], { error: "Choose how to pay." }),
    outcome: z
      .enum(["success", "decline", "authenticate"])
      .optional()
      .meta({ description: "The test provider only: how the simulated card answers." }),
  }),
});
export type CheckoutChargeInput = z.output<typeof CheckoutChargeInput>;

/** POST /api/orders/store (a guest brings the access token the charge gave) and /api/user/orders/store. */
export const GuestOrderStoreInput = z.strictObject({
  orderId: Id,
  accessToken: z.string().min(1, "Send the order's access token.").max(100),
});
export const CustomerOrderStoreInput = z.strictObject({ orderId: Id });

export const OrderIdParams = z.strictObject({ id: PathId });
/** A missing token opens nothing, like a wrong one: a 404, never a hint that the order exists. */
export const OrderTokenQuery = z.strictObject({ token: z.string().max(100).optional() });

/** The test bank's answer to a payment waiting for authentication. */
export const TestBankInput = z.strictObject({
  orderId: Id,
  clientSecret: z.string().min(1).max(200),
  approve: z.boolean(),
});
