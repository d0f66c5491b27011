import { z } from "zod";
import { MAX_ID } from "../../common/ids.ts";
import { STAFF_ROLES, STAFF_STATUSES } from "../../common/staff.ts";
import { MAX_EMAIL_LENGTH } from "../customers/index.ts";
import { Pagination } from "../http/query-schemas.ts";
import { isOneLine, ONE_LINE } from "../http/text-input.ts";

/** The longest password we hash; longer ones are refused before any work is done. */
export const MAX_PASSWORD_LENGTH = 1024;
/** The longest name we keep: enough for anyone's full name. */
export const MAX_NAME_LENGTH = 120;

const Email = z
  .string({ error: "Enter your email address." })
  .trim()
  .min(1, "Enter your email address.")
  .max(MAX_EMAIL_LENGTH, `Must be at most ${MAX_EMAIL_LENGTH} characters.`)
  .pipe(z.email("Enter a valid email address."));

const Password = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .max(MAX_PASSWORD_LENGTH, `Must be at most ${MAX_PASSWORD_LENGTH} characters.`);

/** POST /api/login-user and /api/login-admin. */
export const LoginInput = z.strictObject({
  email: Email,
  password: Password("Enter your password."),
});
export type LoginInput = z.output<typeof LoginInput>;

/** POST /api/register. The password rules that need the email are checked by the service. */
export const RegisterInput = z.strictObject({
  name: z
    .string({ error: "Enter your name." })
    .trim()
    .min(1, "Enter your name.")
    .max(MAX_NAME_LENGTH, `Must be at most ${MAX_NAME_LENGTH} characters.`)
    .regex(/^[^\p{Cc}<>]+$/u, "Use letters, spaces and punctuation only.")
    .refine(isOneLine, ONE_LINE),
  email: Email,
  password: Password("Choose a password."),
  marketingConsent: z.boolean({ error: "Must be true or false." }).default(false),
});
export type RegisterInput = z.output<typeof RegisterInput>;

/** POST /api/has-full-account and POST /api/password/forgot. */
export const EmailInput = z.strictObject({ email: Email });

/** A reset link's token: 32 random bytes, base64url. */
export const ResetToken = z
  .string({ error: "This link is not valid." })
  .regex(/^[A-Za-z0-9_-]{43}$/, "This link is not valid.");

/** POST /api/password/reset. */
export const ResetPasswordInput = z.strictObject({
  token: ResetToken,
  password: Password("Choose a new password."),
});

/** POST /api/password/confirm-account: the link carries the password, so only its token is sent. */
export const ConfirmAccountInput = z.strictObject({ token: ResetToken });

/**
 * POST /api/orders/create-account: a guest's password, with the order and the token that proves
 * they placed it. A missing token opens nothing, like a wrong one: a 404, never a hint that the
 * order exists.
 */
export const OrderAccountInput = z.strictObject({
  orderId: z.number().int().min(1).max(MAX_ID, "No such id."),
  accessToken: z.string().max(100).default(""),
  password: Password("Choose a password."),
});

/** POST /api/user/user/password/update. */
export const UpdatePasswordInput = z.strictObject({
  currentPassword: Password("Enter your current password."),
  password: Password("Choose a new password."),
});

const StaffRoleInput = z.enum(STAFF_ROLES, { error: "Choose staff or admin." });
const staffFields = {
  name: z
    .string()
    .trim()
    .min(1, "Enter their name.")
    .max(100, "At most 100 characters.")
    .refine(isOneLine, ONE_LINE),
  role: StaffRoleInput,
};

/** POST /api/staff/staff/store: invites someone to the back office by email. */
export const StaffInviteInput = z.strictObject({
  ...staffFields,
  email: z
    .email({ error: "Enter an email address, like name@example.com." })
    .max(254, "An email address is at most 254 characters."),
});
export type StaffInviteInput = z.output<typeof StaffInviteInput>;

/** POST /api/staff/staff/update: rename, change the role, deactivate or reactivate. */
export const StaffUpdateFields = z.strictObject({
  ...staffFields,
  active: z.boolean(),
});
export type StaffUpdateInput = Partial<z.output<typeof StaffUpdateFields>> & { id: number };

/** GET /api/staff/staff. */
export const StaffListQuery = z.strictObject({
  ...Pagination,
  q: z.string().trim().max(100, "Search for 100 characters or fewer.").optional(),
  role: StaffRoleInput.optional(),
  status: z.enum(STAFF_STATUSES, { error: "Choose active, invited or deactivated." }).optional(),
  sort: z
    .enum(["name", "-name", "updated", "-updated"], {
      error: "Sort by one of: name, -name, updated, -updated.",
    })
    .default("name"),
});
