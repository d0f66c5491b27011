import type { DeliveryGroupEdit, DeliveryOptionEdit } from "../../common/delivery-admin";
import {
  DeliveryGroupForm,
  DeliveryOptionForm,
  NEW_DELIVERY_GROUP,
  NEW_DELIVERY_OPTION,
} from "../../common/delivery-forms";
import { formValuesOf } from "../../common/form-codecs";
import { deliveryGroupRoutes, deliveryOptionRoutes } from "../../server/delivery/staff-api.ts";
import { listAll, mayCall, resourceScreens, type ScreenContext } from "./admin-resource.server";

/** Delivery groups' screens (issue 15): `/admin/delivery/groups/…`, listed on /admin/delivery. */
export const deliveryGroupScreens = resourceScreens({
  routes: deliveryGroupRoutes,
  path: "/admin/delivery",
  recordPath: (id) => `/admin/delivery/groups/${id}`,
  noun: "delivery group",
  plural: "delivery groups",
  label: (group) => group.title,
  form: DeliveryGroupForm,
});

/** A group as its form's fields hold it. */
export const groupValues = (group?: DeliveryGroupEdit) => ({
  ...formValuesOf(DeliveryGroupForm, group ?? NEW_DELIVERY_GROUP),
  // Moving countries is confirmed for one save only.
  moveCountries: "",
});

/** Delivery options' screens (issue 15): `/admin/delivery/options/…`. */
export const deliveryOptionScreens = resourceScreens({
  routes: deliveryOptionRoutes,
  path: "/admin/delivery",
  recordPath: (id) => `/admin/delivery/options/${id}`,
  noun: "delivery option",
  plural: "delivery options",
  label: (option) => option.title,
  form: DeliveryOptionForm,
});

/** An option as its form's fields hold it: money in pounds. */
export const optionValues = (option?: DeliveryOptionEdit, groupId?: string) =>
  option
    ? formValuesOf(DeliveryOptionForm, option)
    : { ...formValuesOf(DeliveryOptionForm, NEW_DELIVERY_OPTION), groupId: groupId ?? "" };

/** Every group with its options, in checkout's order, for /admin/delivery. */
export async function deliveryOverview(context: ScreenContext) {
  const [groups, options] = await Promise.all([
    listAll(deliveryGroupRoutes.list, context, { sort: "position" }),
    listAll(deliveryOptionRoutes.list, context, { sort: "position" }),
  ]);
  return {
    groups: groups.map((group) => ({
      ...group,
      options: options.filter((option) => option.groupId === group.id),
    })),
    canAdd: mayCall(deliveryGroupRoutes.store, context),
  };
}

/** The groups, for an option's group select. */
export async function groupChoices(context: ScreenContext) {
  const groups = await listAll(deliveryGroupRoutes.list, context, {
    sort: "position",
  });
  return groups.map((group) => ({ id: String(group.id), title: group.title }));
}
