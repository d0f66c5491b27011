import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { scrubbedJson, scrubbedText } from "../db/scrub.ts";
import { ofCustomer } from "./reads/customer-orders.ts";
import { type OrderAddress, orderEvents, orderRefunds, orders } from "./schema.ts";

/** What an erased customer's order keeps of an address: the country (for the accounts' VAT). */
const anonymousAddress = (address: OrderAddress): OrderAddress => ({
  fullName: "Erased customer",
  line1: "",
  city: "",
  postcode: "",
  country: address.country,
});

/**
 * UK GDPR erasure, the orders' part: the customer's orders (their account's, and any placed with
 * their email) stay for the accounts with their money, lines and country, but their email, names,
 * address lines and phone are gone, from the timeline and refund notes too; the order links the
 * shopper was given stop working. Answers how many orders were anonymised.
 */
export async function anonymiseOrdersOf(
  tx: Db,
  customer: { id: number; email: string; erasedEmail: string; words: string[] },
): Promise<number> {
  const rows = await tx
    .select({
      id: orders.id,
      shippingAddress: orders.shippingAddress,
      billingAddress: orders.billingAddress,
    })
    .from(orders)
    .where(ofCustomer(customer));
  for (const row of rows) {
    await tx
      .update(orders)
      .set({
        email: customer.erasedEmail,
        shippingAddress: anonymousAddress(row.shippingAddress),
        billingAddress: anonymousAddress(row.billingAddress),
        // A random hash no token has: the order's links open nothing any more.
        accessTokenHash: randomBytes(32).toString("hex"),
        mailTokenHash: null,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, row.id));
  }
  const ids = rows.map((row) => row.id);
  if (ids.length > 0 && customer.words.length > 0) {
    await tx
      .update(orderEvents)
      .set({
        message: sql`${scrubbedText(orderEvents.message, customer.words)}`,
        detail: sql`${scrubbedJson(orderEvents.detail, customer.words)}`,
      })
      .where(inArray(orderEvents.orderId, ids));
    await tx
      .update(orderRefunds)
      .set({ reason: sql`${scrubbedText(orderRefunds.reason, customer.words)}` })
      .where(inArray(orderRefunds.orderId, ids));
  }
  return ids.length;
}

/** The personal words an order holds: its email and every part of its addresses but the country. */
export async function personalWordsOfOrders(
  db: Db,
  customer: { id: number; email: string },
): Promise<string[]> {
  const rows = await db
    .select({ shipping: orders.shippingAddress, billing: orders.billingAddress })
    .from(orders)
    .where(ofCustomer(customer));
  return rows.flatMap(({ shipping, billing }) =>
    [shipping, billing].flatMap((address) => [
      address.fullName,
      address.line1,
      address.line2 ?? "",
      address.city,
      address.county ?? "",
      address.postcode,
      address.phone ?? "",
    ]),
  );
}
