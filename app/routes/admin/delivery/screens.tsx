import {
  DeliveryGroupFields,
  DeliveryOptionFields,
} from "../../../components/admin/delivery-fields";
import { staffScreen } from "../../../components/admin/staff-screen";

type Record = { id: number; updatedAt: string };
type GroupChoice = { id: string; title: string };

// Delivery groups and options have no list of their own: both are listed on the delivery
// overview (/admin/delivery), which their forms lead back to (decision 0013).
const overview = { path: "/admin/delivery", title: "Delivery" };

/** A delivery group's new and edit forms: /admin/delivery/groups/new and /:id. */
export const deliveryGroupScreen = staffScreen<Record, Record>({
  ...overview,
  noun: "delivery group",
  plural: "delivery groups",
  form: {
    label: "Delivery group",
    buttonNoun: "group",
    Fields: () => <DeliveryGroupFields />,
    deleteDescription:
      "Its countries will no longer be delivered to. A group that still has options cannot be deleted: delete or move them first.",
  },
});

/** A delivery option's new and edit forms: /admin/delivery/options/new and /:id. */
export const deliveryOptionScreen = staffScreen<Record, Record, object, { groups: GroupChoice[] }>({
  ...overview,
  noun: "delivery option",
  plural: "delivery options",
  form: {
    label: "Delivery option",
    buttonNoun: "option",
    Fields: ({ data }) => <DeliveryOptionFields groups={data.groups} />,
    deleteDescription:
      "An option an order names cannot be deleted: make it inactive instead, so the order keeps its history.",
  },
});
