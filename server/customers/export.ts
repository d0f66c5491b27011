import type { CustomerDataExport } from "../../common/customers-admin.ts";
import { contactMessagesOf } from "../content/index.ts";
import type { Db } from "../db/client.ts";
import { redemptionsOf } from "../discounts/index.ts";
import { mailOf } from "../mail/index.ts";
import { exportOrdersOfCustomer } from "../orders/index.ts";
import { segmentsOf } from "../segments/index.ts";
import { addressesOf, findCustomer } from "./staff-customers.ts";

const ANALYTICS_NOTE =
  "The shop's analytics are first-party and cookieless: events keep no account, cookie, IP " +
  "address or User-Agent, so none of them can be linked to this customer.";

/**
 * Everything the shop holds about a customer (UK GDPR right of access), or undefined for an id
 * that is not a customer: the account, saved addresses, orders with their lines, shipments,
 * refunds and timeline, codes used, segments, contact messages and the emails sent to them.
 */
export async function exportCustomerData(
  db: Db,
  id: number,
  now = new Date(),
): Promise<CustomerDataExport | undefined> {
  const user = await findCustomer(db, id);
  if (!user) return undefined;
  const [addresses, orders, discountUses, segments, contactMessages, emails] = await Promise.all([
    addressesOf(db, id),
    exportOrdersOfCustomer(db, user),
    redemptionsOf(db, user),
    segmentsOf(db, id),
    contactMessagesOf(db, user.email),
    mailOf(db, user.email),
  ]);
  return {
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      kind: user.isGuest || user.passwordHash === null ? "guest" : "registered",
      marketingConsent: user.marketingConsent,
      joinedAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      erasedAt: user.erasedAt?.toISOString() ?? null,
    },
    addresses,
    orders,
    discountUses,
    segments,
    contactMessages,
    emails,
    analytics: { note: ANALYTICS_NOTE, events: [] },
  };
}
