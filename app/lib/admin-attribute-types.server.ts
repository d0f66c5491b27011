import { attributeTypeRoutes } from "../../server/catalog/staff-api.ts";
import { resourceScreens } from "./admin-resource.server";

/** A place in a list as typed: empty is "at the end", digits a number, anything else refused. */
export const position = (typed: string | undefined) => {
  const text = typed?.trim() ?? "";
  if (text === "") return undefined;
  return /^\d{1,9}$/.test(text) ? Number(text) : text;
};

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
  fields: { title: "text", slug: "optional", display: "optional", position },
});
