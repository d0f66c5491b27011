/**
 * security.md #19: one answer for every wrong detail, naming neither the email nor the password.
 * Here rather than in the auth service so the sign-in form can tell it from a field's own
 * problem and say it once, as the form's message.
 */
export const DETAILS_DO_NOT_MATCH = "These details do not match our records.";
