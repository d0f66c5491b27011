import type { RouterContextProvider } from "react-router";
import { AttributeForm, NewAttributeForm } from "../../common/catalog-forms";
import { attributeRoutes, attributeTypeRoutes } from "../../server/catalog/staff-api.ts";
import { listAll, resourceScreens } from "./admin-resource.server";

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
  form: AttributeForm,
  newForm: NewAttributeForm,
});

/** The attribute types, for the list's filter and the form's choice of type. */
export async function attributeTypeChoices(context: Readonly<RouterContextProvider>) {
  const types = await listAll(attributeTypeRoutes.list, context, { sort: "position" });
  return types.map(({ id, title, display }) => ({ id, title, display }));
}
