import { z } from "zod";
import {
  idField,
  idListField,
  optionalPoundsField,
  optionalTextField,
  textField,
  variantField,
  wholeNumberField,
} from "./form-codecs.ts";

// The collection form (issue 30): each field's name is the API body's path (`rule.days`,
// `productIds[2]`), so the API's errors land beside their fields. The rules stay in the API's
// input (server/catalog/validators.ts); the form only reads, and asks for what a rule lacks.

/** A count a rule needs: asked for when empty or unreadable; its range is the API's to say. */
const ruleCount = (message: string) => wholeNumberField({ max: 9_999_999_999, message });

/** A price rule's bound: empty is no bound. The API's unit is pence; staff type pounds. */
const bound = () =>
  optionalPoundsField({ max: 100_000_000, message: "Enter the price in pounds, such as 25.00." });

/** The collection form: /admin/collections/new and /admin/collections/{id}. */
export const CollectionForm = z.object({
  title: textField(),
  slug: optionalTextField(),
  description: textField(),
  heroFileId: idField("Choose a picture from the media library."),
  position: wholeNumberField({ max: 100_000, empty: "omit" }),
  // Hand-picked (`rule.kind`) makes the rule `null`; a rule reads only its own type's fields.
  rule: variantField(
    {
      "new-in": { days: ruleCount("Enter how many days a product counts as new.") },
      "low-stock": { below: ruleCount("Enter the stock below which a product is shown.") },
      band: { brandId: idField("Choose the band.", { required: true }) },
      tag: { tag: textField() },
      "product-type": { productType: textField() },
      price: { min: bound(), max: bound() },
      "on-sale": {},
    },
    { switch: { field: "kind", on: "rule", off: "curated" } },
  ),
  productIds: idListField("Enter a product's number, shown under its title in Products."),
});
