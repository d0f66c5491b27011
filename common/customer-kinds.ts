// Who a customer is, and the words for it. Free of zod, so a screen does not carry the
// validators to the browser.

/** Who a customer is: an account with a password, or a guest known only from an order. */
export const CUSTOMER_KINDS = ["registered", "guest"] as const;
export type CustomerKind = (typeof CUSTOMER_KINDS)[number];

/** Each kind as staff read it: the customer list's filter, the audit log. */
export const CUSTOMER_KIND_LABELS: Readonly<Record<CustomerKind, string>> = {
  registered: "Registered",
  guest: "Guests",
};
