/** What a contact-form message is about, as the form offers it. */
export const CONTACT_TOPICS = [
  { id: "order", title: "An order I have placed" },
  { id: "returns", title: "Returns and refunds" },
  { id: "sizing", title: "Sizing and products" },
  { id: "delivery", title: "Delivery" },
  { id: "account", title: "My account" },
  { id: "other", title: "Something else" },
] as const;
