import { z } from "zod";
import { STAFF_ROLES } from "./staff-roles.ts";

export type { StaffRole, StaffStatus } from "./staff-roles.ts";
export {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  STAFF_STATUS_LABELS,
  STAFF_STATUSES,
} from "./staff-roles.ts";

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
