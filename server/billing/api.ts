import { z } from "zod";
import { billingModelTypeChoices, billingPeriodChoices } from "../../common/billing.ts";
import {
  BillingChoice,
  BillingModelEdit,
  StaffBillingModelItem,
} from "../../common/billing-admin.ts";
import { resourceRoutes } from "../http/resource.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { billingModelService } from "./admin.ts";
import {
  BillingModelCreateInput,
  BillingModelUpdateFields,
  StaffBillingModelListQuery,
} from "./validators.ts";

const tag = "billing";

/** The billing models' resource name: its routes' path segment and the audit log's name. */
export const BILLING_MODELS = "billing-models";

export const billingModelRoutes = resourceRoutes({
  name: BILLING_MODELS,
  tag,
  noun: "billing model",
  query: StaffBillingModelListQuery,
  item: StaffBillingModelItem,
  edit: BillingModelEdit,
  create: BillingModelCreateInput,
  update: BillingModelUpdateFields,
  label: (model) => model.title,
  service: billingModelService,
});

/** behaviour.md §7 staff: billing models, their types and their renewal periods (issue 15). */
export const billingStaffRoutes = [
  ...Object.values(billingModelRoutes),
  defineRoute({
    method: "get",
    path: "/billing-model-types",
    tag,
    summary: "The billing model types: one-off, pre-order and membership",
    answers: { data: z.array(BillingChoice) },
    call: async () => billingModelTypeChoices(),
  }),
  defineRoute({
    method: "get",
    path: "/billing-periods",
    tag,
    summary: "How often a membership renews: monthly or yearly",
    answers: { data: z.array(BillingChoice) },
    call: async () => billingPeriodChoices(),
  }),
];

export const billingRoutes: RouteGroup[] = [{ area: "staff", routes: billingStaffRoutes }];
