import { ANSWER_PENDING, defineRoute, type RouteGroup } from "../http/route-table.ts";
import { resolveBasket } from "./service.ts";
import { PublicBasketLinesInput } from "./validators.ts";

/** POST /api/basket/lines: the stored basket, priced and checked; nothing is stored server-side. */
export const priceBasketLines = defineRoute({
  method: "post",
  path: "/basket/lines",
  tag: "basket",
  summary: "The stored basket's lines, priced and checked against stock (spec §4)",
  body: PublicBasketLinesInput,
  headers: { "Cache-Control": "no-store" },
  answers: { data: ANSWER_PENDING },
  call: ({ db }, { body }) => resolveBasket(db, body.lines),
});

export const basketRoutes: RouteGroup[] = [{ area: "public", routes: [priceBasketLines] }];
