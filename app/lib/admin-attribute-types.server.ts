import { AttributeTypeForm } from "../../common/catalog-forms";
import { attributeTypeRoutes } from "../../server/catalog/staff-api.ts";
import { resourceScreens } from "./admin-resource.server";

/**
 * The attribute types' screens (issue 14): the options products come in (Size, Colour, Format),
 * the staff API's `product-attribute-types` resource, as /admin/attribute-types.
 */
export const attributeTypeScreens = resourceScreens({
  routes: attributeTypeRoutes,
  path: "/admin/attribute-types",
  noun: "attribute type",
  plural: "attribute types",
  label: (type) => type.title,
  form: AttributeTypeForm,
});
