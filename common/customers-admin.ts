import { z } from "zod";
import { CUSTOMER_KINDS } from "./customer-kinds.ts";

export type { CustomerKind } from "./customer-kinds.ts";
export { CUSTOMER_KIND_LABELS, CUSTOMER_KINDS } from "./customer-kinds.ts";

import { PublicAddress } from "./accounts.ts";
import { ORDER_STATUS_IDS } from "./orders.ts";

// Issue 15: customers as staff see them (the list, the customer page), shared with the screens.

const Id = z.number().int();
const Pence = z.number().int();
const Instant = z.string().meta({ description: "ISO 8601 UTC." });

/** The customer list's sort keys, each also descending (`-spend`). */
export const CUSTOMER_SORTS = ["name", "joined", "orders", "spend"] as const;

/** GET /api/staff/customers: one row of the customers table. */
export const StaffCustomerItem = z
  .object({
    id: Id,
    name: z.string(),
    email: z.string(),
    kind: z.enum(CUSTOMER_KINDS),
    marketingConsent: z.boolean(),
    orderCount: z.number().int(),
    lifetimeSpend: Pence.meta({ description: "Paid, less refunds; pence." }),
    joinedAt: Instant,
    erased: z.boolean(),
  })
  .meta({ id: "StaffCustomerItem" });
export type StaffCustomerItem = z.output<typeof StaffCustomerItem>;

export const CustomerOrderItem = z.object({
  id: Id,
  number: z.string(),
  status: z.enum(ORDER_STATUS_IDS),
  total: Pence,
  refundedTotal: Pence,
  createdAt: Instant,
});
export type CustomerOrderItem = z.output<typeof CustomerOrderItem>;

/** GET /api/staff/customers/edit/{id}: the customer page. */
export const StaffCustomerDetail = z
  .object({
    id: Id,
    name: z.string(),
    email: z.string(),
    kind: z.enum(CUSTOMER_KINDS),
    marketingConsent: z.boolean(),
    joinedAt: Instant,
    erasedAt: Instant.nullable(),
    addresses: z.array(PublicAddress.extend({ kind: z.enum(["shipping", "billing"]) })),
    orders: z.array(CustomerOrderItem),
    orderCount: z.number().int(),
    lifetimeSpend: Pence.meta({ description: "Paid, less refunds; pence." }),
    segments: z.array(z.object({ id: Id, title: z.string() })),
    updatedAt: Instant,
  })
  .meta({ id: "StaffCustomerDetail" });
export type StaffCustomerDetail = z.output<typeof StaffCustomerDetail>;

/** GET /api/staff/customers/export/{id}: everything held about a customer (right of access). */
export const CustomerDataExport = z
  .object({
    exportedAt: Instant,
    account: z.object({
      id: Id,
      name: z.string(),
      email: z.string(),
      kind: z.enum(CUSTOMER_KINDS),
      marketingConsent: z.boolean(),
      joinedAt: Instant,
      updatedAt: Instant,
      erasedAt: Instant.nullable(),
    }),
    addresses: z.array(PublicAddress.extend({ kind: z.enum(["shipping", "billing"]) })),
    orders: z.array(z.record(z.string(), z.unknown())),
    discountUses: z.array(z.object({ code: z.string(), usedAt: Instant })),
    segments: z.array(z.object({ id: Id, title: z.string() })),
    contactMessages: z.array(z.record(z.string(), z.unknown())),
    emails: z.array(z.record(z.string(), z.unknown())),
    analytics: z.object({ note: z.string(), events: z.array(z.unknown()) }),
  })
  .meta({ id: "CustomerDataExport" });
export type CustomerDataExport = z.output<typeof CustomerDataExport>;
