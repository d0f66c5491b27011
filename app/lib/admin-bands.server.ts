import type { RouterContextProvider } from "react-router";
import { BrandForm } from "../../common/catalog-forms";
import { getBrand } from "../../server/catalog/service/brands.ts";
import { brandRoutes } from "../../server/catalog/staff-api.ts";
import { resourceScreens } from "./admin-resource.server";
import { appContext } from "./app-context.server";

/** The bands' screens (issue 14): the staff API's `brands` resource, as /admin/bands. */
export const bandScreens = resourceScreens({
  routes: brandRoutes,
  path: "/admin/bands",
  noun: "band",
  plural: "bands",
  label: (band) => band.title,
  form: BrandForm,
});

/** The band's logo and hero as the shop shows them, for the form's previews. */
export async function bandImages(context: Readonly<RouterContextProvider>, id: number) {
  const band = await getBrand(context.get(appContext).db, id);
  return { logo: band?.logo ?? null, hero: band?.hero ?? null };
}
