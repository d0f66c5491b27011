import { z } from "zod";

export const STAFF_ROLES = ["staff", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Each role as staff read it: the staff form's choice, the list's badge and filter, the audit log. */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  staff: "Staff",
  admin: "Admin",
};

/** Where an account stands: in use, invited but without a password yet, or switched off. */
export const STAFF_STATUSES = ["active", "invited", "deactivated"] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** Each status as staff read it: the list's badge and filter. */
export const STAFF_STATUS_LABELS: Readonly<Record<StaffStatus, string>> = {
  active: "Active",
  invited: "Invited",
  deactivated: "Deactivated",
};

/**
 * GET /api/staff/staff (a page of these), its edit route, and what store and update answer: a
 * back-office account as admins manage it.
 */
export const StaffMember = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
    /** False once an admin has deactivated the account. */
    active: z.boolean(),
    /** True until the invited person has chosen a password. */
    invited: z.boolean(),
    updatedAt: z.string().meta({ description: "ISO 8601 UTC." }),
  })
  .meta({ id: "StaffMember" });
export type StaffMember = z.output<typeof StaffMember>;
