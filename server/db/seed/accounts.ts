import { hashPassword } from "../../auth/passwords.ts";
import { createAccounts } from "../../customers/service.ts";
import type { Db } from "../client.ts";

/** The demo accounts, as documented for trying the shop out. */
export const DEMO_ACCOUNTS = {
  customer: { email: "fan@example.com", password: "encore-fan-2026", name: "Alex Fan" },
  staff: { email: "staff@example.com", password: "encore-staff-2026", name: "Sam Staff" },
  admin: { email: "admin@example.com", password: "encore-admin-2026", name: "Jo Admin" },
} as const;

/**
 * A demo customer, with a delivery and a billing address at the same place, a demo staff
 * member and a demo admin (who may also delete and manage staff). Accounts already present are left alone, so a second run changes nothing (and never
 * resets a password someone changed).
 */
export async function seedDemoAccounts(db: Db): Promise<void> {
  const { customer, staff, admin } = DEMO_ACCOUNTS;
  const [customerHash, staffHash, adminHash] = await Promise.all([
    hashPassword(customer.password),
    hashPassword(staff.password),
    hashPassword(admin.password),
  ]);
  const address = {
    fullName: customer.name,
    line1: "Flat 3, 18 Tib Street",
    city: "Manchester",
    postcode: "M4 1SH",
    country: "GB",
    phone: "07700 900123",
  };
  await createAccounts(db, [
    {
      email: customer.email,
      name: customer.name,
      passwordHash: customerHash,
      role: "customer",
      addresses: [
        { ...address, kind: "shipping" },
        { ...address, kind: "billing" },
      ],
    },
    { email: staff.email, name: staff.name, passwordHash: staffHash, role: "staff" },
    { email: admin.email, name: admin.name, passwordHash: adminHash, role: "admin" },
  ]);
}
