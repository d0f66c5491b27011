import { Basket } from "../../common/basket.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { priceBasket } from "./service.ts";
import { PublicBasketLinesInput } from "./validators.ts";

/** POST /api/basket/lines: the stored basket, priced and checked; nothing is stored server-side. */
export const priceBasketLines = defineRoute({
  method: "post",
  path: "/basket/lines",
  tag: "basket",
  summary: "The stored basket's lines, priced and checked against stock (behaviour.md §4)",
  description: "A basket with more than one fan-club membership, or two of one, is refused (422).",
  body: PublicBasketLinesInput,
  headers: { "Cache-Control": "no-store" },
  answers: { data: Basket },
  call: ({ db }, { body }) => priceBasket(db, body.lines),
});

export const basketRoutes: RouteGroup[] = [{ area: "public", routes: [priceBasketLines] }];
