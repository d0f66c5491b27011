// A staff account's roles and statuses and their words. Free of zod, so a screen showing them
// does not carry the validators to the browser.

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
