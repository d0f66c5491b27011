import { z } from "zod";
import { MAX_EMAIL_LENGTH } from "../customers/schema.ts";

/** The longest password we hash; longer ones are refused before any work is done. */
export const MAX_PASSWORD_LENGTH = 1024;

/** POST /api/login-user and /api/login-admin. */
export const LoginInput = z.strictObject({
  email: z
    .string({ error: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(MAX_EMAIL_LENGTH, `Must be at most ${MAX_EMAIL_LENGTH} characters.`)
    .pipe(z.email("Enter a valid email address.")),
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(MAX_PASSWORD_LENGTH, `Must be at most ${MAX_PASSWORD_LENGTH} characters.`),
});
export type LoginInput = z.output<typeof LoginInput>;
