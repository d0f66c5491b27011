import type { RouterContextProvider } from "react-router";
import { attributeRoutes, attributeTypeRoutes } from "../../server/catalog/staff-api.ts";
import { position } from "./admin-attribute-types.server";
import { type FormFields, formBodyOf, listAll, resourceScreens } from "./admin-resource.server";

/** A value's own fields; a new one also names its type (a value never changes type). */
const FIELDS: FormFields = {
  title: "text",
  slug: "optional",
  position,
  // A colour for swatches, or none.
  swatch: (typed) => (typed?.trim() ? typed.trim() : null),
};

/**
 * The attributes' screens (issue 14): the values of each attribute type (S, M, L; Black, White),
 * the staff API's `product-attributes` resource, as /admin/attributes.
 */
export const attributeScreens = resourceScreens({
  routes: attributeRoutes,
  path: "/admin/attributes",
  noun: "attribute",
  plural: "attributes",
  label: (value) => value.title,
  fields: { attributeTypeId: "id", ...FIELDS },
  body: (form, isNew) => ({
    body: formBodyOf(form, isNew ? { attributeTypeId: "id", ...FIELDS } : FIELDS),
    errorsAt: (errors) => {
      const { attributeTypeId, ...rest } = errors;
      return attributeTypeId && !form.get("attributeTypeId")
        ? { ...rest, attributeTypeId: ["Choose the attribute type."] }
        : errors;
    },
  }),
});

/** The attribute types, for the list's filter and the form's choice of type. */
export async function attributeTypeChoices(context: Readonly<RouterContextProvider>) {
  const types = await listAll(attributeTypeRoutes.list, context, { sort: "position" });
  return types.map(({ id, title, display }) => ({ id, title, display }));
}
