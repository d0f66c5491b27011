// UK postcodes, for the address form and the API alike: plain code, no zod, so the browser can
// import it. The rules are Royal Mail's (the Postcode Address File's formats), not a loose
// "letters and digits" check, so a typo is caught before checkout.

/** The countries whose addresses have UK-style postcodes: the UK, Guernsey, Jersey, Isle of Man. */
export const UK_POSTCODE_COUNTRIES: ReadonlySet<string> = new Set(["GB", "GG", "IM", "JE"]);

// Outward code: A9, A99, A9A, AA9, AA99 or AA9A. Letters that never appear are left out: Q, V, X
// first; I, J, Z second; only ABCDEFGHJKPSTUW third in A9A; only ABEHMNPRVWXY fourth in AA9A.
const OUTWARD = "[A-PR-UWYZ](?:[0-9][0-9A-HJKPSTUW]?|[A-HK-Y][0-9][0-9ABEHMNPRVWXY]?)";
// Inward code: a digit and two letters, never C, I, K, M, O or V.
const INWARD = "[0-9][ABD-HJLNP-UW-Z]{2}";
// GIR 0AA (Girobank) breaks the rules above; BFPO numbers address British Forces post.
const POSTCODE = new RegExp(`^(?:${OUTWARD} ${INWARD}|GIR 0AA|BFPO [0-9]{1,4})$`);

/**
 * A UK postcode as Royal Mail writes it (upper case, one space before the inward code: "SW1A
 * 1AA", "BFPO 123"), or undefined when `input` is not one. Spaces anywhere and any case are
 * forgiven: "sw1a1aa" and " SW1A  1AA " are both "SW1A 1AA".
 */
export function normaliseUkPostcode(input: string): string | undefined {
  const compact = input.replace(/\s+/g, "").toUpperCase();
  const spaced = compact.startsWith("BFPO")
    ? `BFPO ${compact.slice(4)}`
    : `${compact.slice(0, -3)} ${compact.slice(-3)}`;
  return POSTCODE.test(spaced) ? spaced : undefined;
}

/** Whether a normalised postcode is a British Forces Post Office number. */
export function isBfpo(postcode: string): boolean {
  return postcode.startsWith("BFPO ");
}
