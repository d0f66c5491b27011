import {
  DeliveryGroupEdit,
  DeliveryOptionEdit,
  StaffDeliveryGroupItem,
  StaffDeliveryOptionItem,
} from "../../common/delivery-admin.ts";
import { resourceRoutes } from "../http/resource.ts";
import type { AnyRoute } from "../http/route-table.ts";
import { deliveryGroupService, deliveryOptionService } from "./admin.ts";
import {
  DeliveryGroupCreateInput,
  DeliveryGroupUpdateFields,
  DeliveryOptionCreateInput,
  DeliveryOptionUpdateFields,
  StaffDeliveryGroupListQuery,
  StaffDeliveryOptionListQuery,
} from "./validators.ts";

const tag = "delivery";

export const deliveryGroupRoutes = resourceRoutes({
  name: "delivery-option-groups",
  tag,
  noun: "delivery group",
  query: StaffDeliveryGroupListQuery,
  item: StaffDeliveryGroupItem,
  edit: DeliveryGroupEdit,
  create: DeliveryGroupCreateInput,
  update: DeliveryGroupUpdateFields,
  label: (group: DeliveryGroupEdit) => group.title,
  service: deliveryGroupService,
});

export const deliveryOptionRoutes = resourceRoutes({
  name: "delivery-options",
  tag,
  noun: "delivery option",
  query: StaffDeliveryOptionListQuery,
  item: StaffDeliveryOptionItem,
  edit: DeliveryOptionEdit,
  create: DeliveryOptionCreateInput,
  update: DeliveryOptionUpdateFields,
  label: (option: DeliveryOptionEdit) => option.title,
  service: deliveryOptionService,
});

/** Issue 15: delivery option groups (countries) and their options (prices), for staff. */
export const deliveryStaffRoutes: AnyRoute[] = [
  ...Object.values(deliveryGroupRoutes),
  ...Object.values(deliveryOptionRoutes),
];
