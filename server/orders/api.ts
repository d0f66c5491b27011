import { z } from "zod";
import { ChargeTypeOption } from "../../common/orders.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { CHARGE_TYPES } from "./placement/charge-types.ts";
import { orderStaffRoutes } from "./staff-api.ts";

/** behaviour.md §7, public order reference data. */
export const ordersRoutes: RouteGroup[] = [
  {
    area: "public",
    routes: [
      defineRoute({
        method: "get",
        path: "/charge-types",
        tag: "orders",
        summary: "The kinds of charge an order's total is made of",
        query: z.strictObject({}),
        answers: { data: z.array(ChargeTypeOption) },
        call: () => CHARGE_TYPES,
      }),
    ],
  },
  // Issue 15: the staff side of orders.
  { area: "staff", routes: orderStaffRoutes },
];
