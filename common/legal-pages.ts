/**
 * behaviour.md §2's eight legal pages: their paths and titles, and a one-line summary for search
 * results.
 */
export const LEGAL_PAGES = [
  {
    slug: "accessibility-policy",
    title: "Accessibility policy",
    summary: "How we make the shop usable for everyone, and how to tell us when it is not.",
  },
  {
    slug: "cookie-policy",
    title: "Cookie policy",
    summary: "The cookies we use, why, and how to change your choice.",
  },
  {
    slug: "fair-use-and-content-policy",
    title: "Fair use and content policy",
    summary: "The rules for using the shop fairly, including limits on bots and reselling.",
  },
  {
    slug: "intellectual-property-policy",
    title: "Intellectual property policy",
    summary: "Who owns the bands' names and artwork, and how to report counterfeits.",
  },
  {
    slug: "privacy-policy",
    title: "Privacy policy",
    summary: "What personal data we keep, why, for how long, and your rights under UK GDPR.",
  },
  {
    slug: "returns-and-refunds-policy",
    title: "Returns and refunds policy",
    summary: "Your 14-day right to cancel, our 30-day returns, and faulty goods.",
  },
  {
    slug: "shipping-policy",
    title: "Shipping policy",
    summary: "Delivery options, prices and times in the UK and abroad.",
  },
  {
    slug: "terms-and-conditions",
    title: "Terms and conditions",
    summary:
      "The terms on which we sell to you: orders, prices, delivery, returns and your rights.",
  },
] as const;

export type LegalPage = (typeof LEGAL_PAGES)[number];
