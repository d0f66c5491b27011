import { eq } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.ts";
import type { Db } from "../db/client.ts";
import { customerAddresses, users } from "./schema.ts";

/** The demo accounts, as documented for trying the shop out. */
export const DEMO_ACCOUNTS = {
  customer: { email: "fan@example.com", password: "encore-fan-2026", name: "Alex Fan" },
  staff: { email: "staff@example.com", password: "encore-staff-2026", name: "Sam Staff" },
} as const;

/**
 * A demo customer and a demo staff member. Accounts already present are left alone, so a second
 * run changes nothing (and never resets a password someone changed).
 */
export async function seedDemoCustomers(db: Db): Promise<void> {
  const { customer, staff } = DEMO_ACCOUNTS;
  const [customerHash, staffHash] = await Promise.all([
    hashPassword(customer.password),
    hashPassword(staff.password),
  ]);
  await db
    .insert(users)
    .values([
      { email: customer.email, name: customer.name, passwordHash: customerHash, role: "customer" },
      { email: staff.email, name: staff.name, passwordHash: staffHash, role: "staff" },
    ])
    .onConflictDoNothing();
  const [fan] = await db.select().from(users).where(eq(users.email, customer.email));
  if (!fan) return;
  const address = {
    userId: fan.id,
    fullName: customer.name,
    line1: "Flat 3, 18 Tib Street",
    city: "Manchester",
    postcode: "M4 1SH",
    country: "GB",
    phone: "07700 900123",
  };
  // Saved as if from an earlier checkout: delivery and billing at the same address.
  await db
    .insert(customerAddresses)
    .values([
      { ...address, kind: "shipping" },
      { ...address, kind: "billing" },
    ])
    .onConflictDoNothing();
}
