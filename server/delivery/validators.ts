import { z } from "zod";
import { COUNTRY_CODES } from "../../common/countries.ts";
import { BasketLinesInput } from "../basket/validators.ts";

/** A country by its ISO 3166-1 alpha-2 code, exactly as `common/countries.ts` lists it. */
export const CountryCodeInput = z
  .enum(COUNTRY_CODES as [string, ...string[]], { error: "Choose a country from the list." })
  .meta({ description: "ISO 3166-1 alpha-2, upper case: GB, IE, US …", example: "GB" });

/**
 * POST /api/delivery/option-groups/determined-delivery-option-group: where the order goes and
 * what is in it (ids and quantities only: the server prices everything).
 */
export const PublicDeliveryGroupInput = z.strictObject({
  country: CountryCodeInput,
  postcode: z
    .string({ error: "Enter a postcode." })
    .trim()
    .max(16, "A postcode is at most 16 characters.")
    .optional()
    .meta({ description: "Checked for UK addresses; an empty one counts as not given." }),
  lines: BasketLinesInput,
});

export type PublicDeliveryGroup = z.output<typeof PublicDeliveryGroupInput>;
