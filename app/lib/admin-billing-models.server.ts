import { BillingModelForm } from "../../common/billing-forms";
import { billingModelRoutes } from "../../server/billing/api.ts";
import { resourceScreens } from "./admin-resource.server";

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
  form: BillingModelForm,
});
