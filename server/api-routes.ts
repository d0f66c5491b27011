import { z } from "zod";
import { analyticsRoutes } from "./analytics/api.ts";
import { API_ANSWER_EXAMPLES, API_EXAMPLES } from "./api-examples.ts";
import { auditRoutes } from "./audit/api.ts";
import { authRoutes } from "./auth/api.ts";
import { basketRoutes } from "./basket/api.ts";
import { billingRoutes } from "./billing/api.ts";
import { catalogRoutes } from "./catalog/api.ts";
import { checkoutRoutes } from "./checkout/api.ts";
import { contentRoutes } from "./content/api.ts";
import { customersRoutes } from "./customers/api.ts";
import { deliveryRoutes } from "./delivery/api.ts";
import { discountsRoutes } from "./discounts/api.ts";
import { openApiDocument } from "./http/openapi.ts";
import { defineRoute, type RouteGroup } from "./http/route-table.ts";
import { mediaRoutes } from "./media/api.ts";
import { ordersRoutes } from "./orders/api.ts";
import { refundsRoutes } from "./orders/refunds/refunds-api.ts";
import { paymentsRoutes } from "./payments/api.ts";
import { platformRoutes } from "./platform/api.ts";
import { dashboardRoutes } from "./platform/dashboard-api.ts";
import { docsPage } from "./platform/docs-page.ts";
import { segmentsRoutes } from "./segments/api.ts";
import { venuesRoutes } from "./venues/api.ts";

const MODULE_ROUTES: RouteGroup[] = [
  ...platformRoutes,
  ...catalogRoutes,
  ...mediaRoutes,
  ...analyticsRoutes,
  ...basketRoutes,
  ...discountsRoutes,
  ...deliveryRoutes,
  ...checkoutRoutes,
  ...ordersRoutes,
  ...paymentsRoutes,
  ...contentRoutes,
  ...authRoutes,
  ...auditRoutes,
  ...customersRoutes,
  ...segmentsRoutes,
  ...dashboardRoutes,
  ...refundsRoutes,
  ...billingRoutes,
  ...venuesRoutes,
];

let document: ReturnType<typeof openApiDocument> | undefined;

/** GET /api/openapi.json: the OpenAPI 3.1 document of the table, made once. */
const openApiJson = defineRoute({
  method: "get",
  path: "/openapi.json",
  tag: "platform",
  summary: "This document: every route of the API, generated from the route table",
  answers: { json: z.record(z.string(), z.unknown()), description: "OpenAPI 3.1." },
  handle(c) {
    document ??= openApiDocument(API_ROUTES, c.get("config").publicUrl, {
      requests: API_EXAMPLES,
      answers: API_ANSWER_EXAMPLES,
    });
    return c.json(document);
  },
});

/** The route table: every API route of every module, mounted and documented from here alone. */
export const API_ROUTES: RouteGroup[] = [
  ...MODULE_ROUTES,
  { area: "public", routes: [openApiJson, docsPage] },
];
