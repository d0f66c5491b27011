import { DeliveryOptionGroup } from "../../common/delivery.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { determineDeliveryGroup } from "./service.ts";
import { deliveryStaffRoutes } from "./staff-api.ts";
import { PublicDeliveryGroupInput } from "./validators.ts";

/** behaviour.md §7: the delivery options for where the basket is going, priced for it. */
export const determineDeliveryOptionGroup = defineRoute({
  method: "post",
  path: "/delivery/option-groups/determined-delivery-option-group",
  tag: "delivery",
  summary: "The delivery options for a country (and UK postcode), priced for the basket",
  description:
    "Each option's price is already 0 when the basket's goods subtotal (VAT included, before any discount code) reaches its freeOver. A country the shop does not deliver to, or a UK postcode that is not one, is a 422 naming the field. No lines price the options as for an empty basket.",
  body: PublicDeliveryGroupInput,
  headers: { "Cache-Control": "no-store" },
  answers: { data: DeliveryOptionGroup },
  call: ({ db }, { body }) => determineDeliveryGroup(db, body),
});

export const deliveryRoutes: RouteGroup[] = [
  { area: "public", routes: [determineDeliveryOptionGroup] },
  { area: "staff", routes: deliveryStaffRoutes },
];
