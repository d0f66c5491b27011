// A venue's limits, for the staff API's validators and the venue form. Free of zod, so the form
// does not carry the validators to the browser.

/** The most people a venue holds, as staff may type it: Wembley Stadium holds 90,000. */
export const MAX_VENUE_CAPACITY = 100_000;
