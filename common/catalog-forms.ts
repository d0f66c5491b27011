import { z } from "zod";
import {
  checkboxField,
  fieldGroup,
  idField,
  optionalTextField,
  textField,
  wholeNumberField,
} from "./form-codecs.ts";

// The catalogue's staff forms (issue 30): each field's name is the API body's path, read by its
// codec. Rules stay in the API's inputs (server/catalog/validators.ts); a form only reads.

/** A place in a list: empty is "at the end", as the API places a record sent without one. */
const position = () => wholeNumberField({ max: 100_000, empty: "omit" });

/** The band form: /admin/bands/new and /admin/bands/{id} (`brands` in the API). */
export const BrandForm = z.object({
  title: textField(),
  slug: optionalTextField(),
  story: textField(),
  genre: textField(),
  origin: textField(),
  links: fieldGroup({
    website: textField(),
    instagram: textField(),
    spotify: textField(),
    bandcamp: textField(),
    youtube: textField(),
  }),
  logoFileId: idField("Choose a logo from the media library."),
  heroFileId: idField("Choose a picture from the media library."),
  featured: checkboxField(),
  seoTitle: textField(),
  seoDescription: textField(),
});

/** The attribute type form (Size, Colour): /admin/attribute-types/… */
export const AttributeTypeForm = z.object({
  title: textField(),
  slug: optionalTextField(),
  display: optionalTextField(),
  position: position(),
});

/** An attribute value's form (S, Black): its type is chosen when it is made, and never changes. */
export const AttributeForm = z.object({
  title: textField(),
  slug: optionalTextField(),
  position: position(),
  swatch: optionalTextField("null"),
});

/** The new attribute value's form: its own fields and its type. */
export const NewAttributeForm = AttributeForm.extend({
  attributeTypeId: idField("Choose the attribute type.", { required: true }),
});
