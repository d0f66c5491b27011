// The public surface of server/customers/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export {
  conditionsHoldFor,
  countCustomersWhere,
  customerIdSql,
  isRegisteredCustomer,
  marketingConsentIs,
  sampleCustomersWhere,
  signedUpAfter,
} from "./customer-sql.ts";
export type { User } from "./service.ts";
export {
  ACCOUNT_EXISTS,
  accountCounts,
  accountView,
  createCustomerAccount,
  findUserByEmail,
  guestCustomerFor,
  isStaffRole,
  MAX_EMAIL_LENGTH,
  normaliseEmail,
  publicUser,
  saveAddress,
  savedAddress,
  setPasswordHash,
  updateSavedAddress,
} from "./service.ts";
export type { StaffListQuery } from "./staff-accounts.ts";
export {
  createStaffMember,
  findStaffMember,
  listStaff,
  updateStaffMember,
} from "./staff-accounts.ts";
