// Test support for customers and segments (tests only): accounts, saved addresses and orders of
// a test's own, written in SQL so every amount and date is exactly what the test says.
import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "../../server/auth/passwords.ts";
import { customerAddresses, users } from "../../server/customers/schema.ts";
import type { Db } from "../../server/db/client.ts";
import { type OrderAddress, orderLines, orders } from "../../server/orders/schema.ts";

export const unique = () => randomBytes(4).toString("hex");

export const CUSTOMER_PASSWORD = "correct horse battery staple";

type CustomerValues = {
  name?: string;
  email?: string;
  guest?: boolean;
  consent?: boolean;
  createdAt?: Date;
  /** Sign-in-able: a real hash of CUSTOMER_PASSWORD (slow); otherwise a placeholder. */
  canSignIn?: boolean;
};

/** A customer of the test's own: registered (with a password) unless `guest`. */
export async function makeCustomer(db: Db, values: CustomerValues = {}) {
  const id = unique();
  const guest = values.guest ?? false;
  const passwordHash = guest
    ? null
    : values.canSignIn
      ? await hashPassword(CUSTOMER_PASSWORD)
      : `placeholder-${id}`;
  const [user] = await db
    .insert(users)
    .values({
      name: values.name ?? `Test Customer ${id}`,
      email: values.email ?? `customer-${id}@example.com`,
      passwordHash,
      isGuest: guest,
      marketingConsent: values.consent ?? false,
      ...(values.createdAt ? { createdAt: values.createdAt, updatedAt: values.createdAt } : {}),
    })
    .returning();
  if (!user) throw new Error("customer not created");
  return user;
}

export const testAddress = (values: Partial<OrderAddress> = {}): OrderAddress => ({
  fullName: "Test Person",
  line1: "1 Test Street",
  city: "Leeds",
  postcode: "LS1 4AP",
  country: "GB",
  ...values,
});

export async function makeAddress(
  db: Db,
  userId: number,
  kind: "shipping" | "billing",
  address: OrderAddress,
) {
  await db.insert(customerAddresses).values({
    userId,
    kind,
    fullName: address.fullName,
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    county: address.county ?? null,
    postcode: address.postcode,
    country: address.country,
    phone: address.phone ?? null,
  });
}

type LineValues = { productId: number; band: string; unitPrice: number; quantity?: number };

/**
 * An order of `customer` (paid unless `paid: false`) with `lines`; its total is the lines' sum
 * and `refunded` pence of it were given back.
 */
export async function makeOrder(
  db: Db,
  customer: { id: number | null; email: string },
  options: {
    lines: LineValues[];
    paid?: boolean;
    refunded?: number;
    createdAt?: Date;
    address?: OrderAddress;
  },
) {
  const total = options.lines.reduce((sum, line) => sum + line.unitPrice * (line.quantity ?? 1), 0);
  const paid = options.paid ?? true;
  const at = options.createdAt ?? new Date();
  const address = options.address ?? testAddress();
  const [order] = await db
    .insert(orders)
    .values({
      customerId: customer.id,
      email: customer.email,
      status: paid ? "paid" : "pending_payment",
      stockState: paid ? "sold" : "reserved",
      reservedUntil: new Date(at.getTime() + 86_400_000),
      shippingAddress: address,
      billingAddress: address,
      deliveryOptionId: 1,
      deliveryTitle: "UK Standard",
      deliveryCarrier: "Royal Mail Tracked 48",
      deliveryDaysMin: 2,
      deliveryDaysMax: 3,
      subtotal: total,
      discount: 0,
      delivery: 0,
      deliveryVat: 0,
      vat: Math.round(total / 6),
      total,
      refundedTotal: options.refunded ?? 0,
      paymentProvider: "test",
      accessTokenHash: randomUUID(),
      paidAt: paid ? at : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning();
  if (!order) throw new Error("order not created");
  await db.insert(orderLines).values(
    options.lines.map((line, position) => ({
      orderId: order.id,
      productId: line.productId,
      productSlug: `product-${line.productId}`,
      title: `Product ${line.productId}`,
      band: line.band,
      attributes: [],
      sku: `SKU-${line.productId}-${unique()}`,
      unitPrice: line.unitPrice,
      quantity: line.quantity ?? 1,
      lineTotal: line.unitPrice * (line.quantity ?? 1),
      discount: 0,
      vatRate: 20,
      vat: Math.round((line.unitPrice * (line.quantity ?? 1)) / 6),
      position,
    })),
  );
  return order;
}
