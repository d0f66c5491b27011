// What a new password must be, for the server's policy and the page's field. Kept free of zod,
// so a page that only shows the rule does not carry the validators to the browser.

/** The shortest password an account may have (server/auth/password-policy.ts, and its field). */
export const MIN_PASSWORD_LENGTH = 10;
