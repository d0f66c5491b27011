/** behaviour.md §8: what the shopper is told after a sign-in attempt. */
export const LOGIN_SUCCEEDED = "Logged in successfully.";
export const LOGIN_FAILED = "Please check your details and try again.";

/** What an account form answers: a message for the form, messages per field, and what was typed. */
export type FormResult = {
  message?: string;
  errors?: Record<string, string[]>;
  values?: Record<string, string>;
};
