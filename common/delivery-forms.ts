import { z } from "zod";
import {
  checkboxField,
  codeListField,
  idField,
  optionalPoundsField,
  poundsField,
  textField,
  wholeNumberField,
} from "./form-codecs.ts";

// The delivery forms (issue 15, issue 30). Rules stay in the API's inputs
// (server/delivery/validators.ts); a form only reads.

const MONEY = "Enter an amount in pounds, such as 3.95.";
const position = () => wholeNumberField({ max: 100_000, empty: 0 });
const days = () =>
  wholeNumberField({ max: 365, message: "Enter a number of working days, from 0 to 365." });

/** A delivery group's form: its countries typed as ISO codes ("GB, IE, FR"). */
export const DeliveryGroupForm = z.object({
  title: textField(),
  position: position(),
  countries: codeListField(),
  moveCountries: checkboxField(),
});

/** A new group's form: first in checkout's order, serving no country yet. */
export const NEW_DELIVERY_GROUP = { position: 0, countries: [] };

/** A delivery option's form: money in pounds. */
export const DeliveryOptionForm = z.object({
  groupId: idField("Choose the group it belongs to.", { required: true }),
  title: textField(),
  carrier: textField(),
  price: poundsField({ max: 100_000_000, message: MONEY }),
  freeOver: optionalPoundsField({
    min: 1,
    max: 100_000_000,
    message: "Enter an amount in pounds, such as 50.00, or leave it empty for never free.",
  }),
  estimatedDaysMin: days(),
  estimatedDaysMax: days(),
  servesBfpo: checkboxField(),
  position: position(),
  active: checkboxField(),
});

/** A new option's form: offered at checkout from the start, first in its group. */
export const NEW_DELIVERY_OPTION = { position: 0, active: true };
