import { dictionary } from "@zxcvbn-ts/language-common";
import { MIN_PASSWORD_LENGTH } from "../../common/accounts.ts";
import { normaliseEmail } from "../customers/index.ts";

let common: Set<string> | undefined;

/**
 * The well-known leaked passwords (zxcvbn's list) long enough to pass the length rule; shorter
 * ones are refused by length already. Built on first use: about 1,500 entries.
 */
function commonPasswords(): Set<string> {
  common ??= new Set(
    (dictionary["passwords-common"] as string[])
      .filter((password) => password.length >= MIN_PASSWORD_LENGTH)
      .map((password) => password.toLowerCase()),
  );
  return common;
}

/**
 * Why `password` may not be used by the account with `email`, or undefined when it may: at least
 * 10 characters, not the email address (or its name part), not a commonly used password.
 */
export function passwordProblem(password: string, email: string): string | undefined {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  }
  const lowered = password.trim().toLowerCase();
  const address = normaliseEmail(email);
  if (lowered === address || lowered === address.split("@")[0]) {
    return "Your password must not be your email address.";
  }
  if (commonPasswords().has(lowered)) {
    return "This password is too common. Choose one that is harder to guess.";
  }
  return undefined;
}
