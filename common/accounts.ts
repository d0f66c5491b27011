import { z } from "zod";

export { MIN_PASSWORD_LENGTH } from "./password-rules.ts";

/** What an account may do: shop, or also run the shop (staff, and admin above staff). */
export const USER_ROLES = ["customer", "staff", "admin"] as const;

/** GET /api/user/user/show and /api/user: an allow-list, so the hash never leaves the server. */
export const PublicUser = z
  .object({
    id: z.number().int().min(1),
    name: z.string(),
    email: z.string(),
    role: z.enum(USER_ROLES),
  })
  .meta({ id: "PublicUser", description: "A signed-in account as the API shows it." });
export type PublicUser = z.output<typeof PublicUser>;

/** POST /api/login-user, /api/login-admin, and /api/register when the account was made. */
export const SignedIn = z.object({ token: z.string(), user: PublicUser }).meta({
  id: "SignedIn",
  description: "A new bearer token (also set as the token cookie) and its account.",
});
export type SignedIn = z.output<typeof SignedIn>;

/** POST /api/register (202) for an email that has only guest orders: a link was sent instead. */
export const ConfirmationSent = z
  .object({ status: z.literal("confirmation-sent"), message: z.string() })
  .meta({
    id: "ConfirmationSent",
    description: "No account was made yet: a link to finish signing up was emailed.",
  });
export type ConfirmationSent = z.output<typeof ConfirmationSent>;

/** POST /api/has-full-account. */
export const FullAccountCheck = z.object({ hasFullAccount: z.boolean() }).meta({
  id: "FullAccountCheck",
  description: "Whether the email has an account with a password (not only guest orders).",
});
export type FullAccountCheck = z.output<typeof FullAccountCheck>;

/** GET /api/user/shipping-details and /api/user/billing-details (null when none is saved). */
export const PublicAddress = z
  .object({
    fullName: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    county: z.string().nullable(),
    postcode: z.string(),
    country: z.string().meta({ description: "ISO 3166-1 alpha-2, e.g. GB." }),
    phone: z.string().nullable(),
  })
  .meta({ id: "PublicAddress", description: "A saved address (no ids, no owner)." });
export type PublicAddress = z.output<typeof PublicAddress>;
