import { MIN_PASSWORD_LENGTH } from "../../common/password-rules";
import { TextField } from "./ui/form";

/** The rule a new password meets, as server/auth/password-policy.ts applies it. */
export const NEW_PASSWORD_RULES = `At least ${MIN_PASSWORD_LENGTH} characters, not your email address and not a commonly used password.`;

/**
 * The one "choose a new password" field (a staff invitation, a reset link, a new account, a
 * guest's account offer, a password change): `autocomplete="new-password"` so a password manager
 * offers a strong one and saves it, the length rule in the browser as on the server, the rules
 * said before typing, and the server's errors beside it (an invalid field is described by them).
 */
export function NewPasswordField({
  label = "Password",
  hint = NEW_PASSWORD_RULES,
  errors,
}: {
  label?: string;
  /** The words before typing, where a page says them its own way (a new account's advice). */
  hint?: string;
  errors?: string[];
}) {
  return (
    <TextField
      name="password"
      label={label}
      type="password"
      autoComplete="new-password"
      hint={hint}
      minLength={MIN_PASSWORD_LENGTH}
      required
      errors={errors}
    />
  );
}
