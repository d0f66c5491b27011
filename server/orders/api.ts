import { z } from "zod";
import { ANSWER_PENDING, defineRoute, type RouteGroup } from "../http/route-table.ts";
import { CHARGE_TYPES } from "./charge-types.ts";

/** spec §7, public order reference data. */
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
        answers: { data: z.array(ANSWER_PENDING) },
        call: () => CHARGE_TYPES,
      }),
    ],
  },
];
