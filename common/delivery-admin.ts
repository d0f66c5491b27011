import { z } from "zod";

// Issue 15: delivery option groups and options as staff manage them. Views shared by the staff
// API and its screens; money is pence, VAT included.

const Id = z.number().int();
const Instant = z.string().meta({ description: "ISO 8601 UTC." });
const UpdatedAt = z.string().meta({
  description: "ISO 8601 UTC; send it back with an update to catch a colleague's save.",
});

/** GET /api/staff/delivery-option-groups: one group, with its countries and how many options. */
export const StaffDeliveryGroupItem = z
  .object({
    id: Id,
    title: z.string(),
    position: z.number().int(),
    countries: z.array(z.string()).meta({ description: "ISO 3166-1 alpha-2 codes, A to Z." }),
    optionCount: z.number().int(),
    activeOptionCount: z.number().int(),
    updatedAt: Instant,
  })
  .meta({ id: "StaffDeliveryGroupItem" });
export type StaffDeliveryGroupItem = z.output<typeof StaffDeliveryGroupItem>;

/** GET /api/staff/delivery-option-groups/edit/{id}, and what store and update answer. */
export const DeliveryGroupEdit = z
  .object({
    id: Id,
    title: z.string(),
    position: z.number().int(),
    countries: z.array(z.string()),
    updatedAt: UpdatedAt,
  })
  .meta({ id: "DeliveryGroupEdit" });
export type DeliveryGroupEdit = z.output<typeof DeliveryGroupEdit>;

/** GET /api/staff/delivery-options/edit/{id}, and what store and update answer. */
export const DeliveryOptionEdit = z
  .object({
    id: Id,
    groupId: Id,
    title: z.string(),
    carrier: z.string(),
    price: z.number().int().meta({ description: "Pence, VAT included." }),
    freeOver: z.number().int().nullable().meta({ description: "Pence; null if never free." }),
    estimatedDaysMin: z.number().int(),
    estimatedDaysMax: z.number().int(),
    servesBfpo: z.boolean(),
    position: z.number().int(),
    active: z.boolean(),
    updatedAt: UpdatedAt,
  })
  .meta({ id: "DeliveryOptionEdit" });
export type DeliveryOptionEdit = z.output<typeof DeliveryOptionEdit>;

/** GET /api/staff/delivery-options: one option, with its group's title. */
export const StaffDeliveryOptionItem = DeliveryOptionEdit.extend({ groupTitle: z.string() }).meta({
  id: "StaffDeliveryOptionItem",
});
export type StaffDeliveryOptionItem = z.output<typeof StaffDeliveryOptionItem>;
