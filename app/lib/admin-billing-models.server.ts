import { billingModelRoutes } from "../../server/billing/api.ts";
import { resourceScreens } from "./admin-resource.server";

/** A choice that may be none: empty is null (a one-off or pre-order has no period). */
const orNull = (typed: string | undefined) =>
  typed === undefined ? undefined : typed.trim() === "" ? null : typed;

/**
 * The billing models' screens (issue 15, decision 0016): how products are sold (one-off,
 * pre-order, membership), the staff API's `billing-models` resource, as /admin/billing-models.
 */
export const billingModelScreens = resourceScreens({
  routes: billingModelRoutes,
  path: "/admin/billing-models",
  noun: "billing model",
  plural: "billing models",
  label: (model) => model.title,
  fields: { title: "text", type: "text", period: orNull },
});
