import { z } from "zod";
import { optionalTextField, textField, wholeNumberField } from "./form-codecs.ts";
import { MAX_VENUE_CAPACITY } from "./venues-admin.ts";

/**
 * The venue form (decision 0041): a postcode or capacity left empty is none (`null`), so clearing
 * one clears it; the postcode is read as a UK postcode by the API, which says so beside it.
 */
export const VenueForm = z.object({
  name: textField(),
  city: textField(),
  postcode: optionalTextField("null"),
  capacity: wholeNumberField({ min: 1, max: MAX_VENUE_CAPACITY, empty: "null" }),
});
