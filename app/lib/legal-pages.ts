/** The eight legal pages of spec §2, in footer order. */
export const legalPages = [
  { slug: "accessibility-policy", title: "Accessibility policy" },
  { slug: "cookie-policy", title: "Cookie policy" },
  { slug: "fair-use-and-content-policy", title: "Fair use and content policy" },
  { slug: "intellectual-property-policy", title: "Intellectual property policy" },
  { slug: "privacy-policy", title: "Privacy policy" },
  { slug: "returns-and-refunds-policy", title: "Returns and refunds policy" },
  { slug: "shipping-policy", title: "Shipping policy" },
  { slug: "terms-and-conditions", title: "Terms and conditions" },
] as const;

export type LegalPage = (typeof legalPages)[number];
