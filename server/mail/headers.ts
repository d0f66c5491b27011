// Control characters (CR and LF among them), NEL, and the Unicode line and paragraph separators:
// any of them in a header could end the line and start a header of the sender's choosing.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is taken out.
const BREAKS_AND_CONTROLS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]+/g;
/** A display name longer than this is cut: no header needs a longer one. */
const MAX_NAME_LENGTH = 120;
/** A subject longer than this is cut (RFC 5322 asks lines to stay under 78 characters). */
const MAX_SUBJECT_LENGTH = 200;

/**
 * `text` as the value of one header line: every control character and line break becomes a
 * space, runs of spaces one, and the ends are trimmed; at most `max` characters. Inputs refuse
 * line breaks in the fields that reach a header; this holds for whatever reaches the outbox
 * anyway (rows written before those checks, an import, another module's text).
 */
export function headerText(text: string, max: number): string {
  const line = text.replace(BREAKS_AND_CONTROLS, " ").replace(/\s+/g, " ").trim();
  return [...line].slice(0, max).join("").trim();
}

/** A subject made header-safe. */
export const headerSubject = (subject: string) => headerText(subject, MAX_SUBJECT_LENGTH);

/** A display name made header-safe, or undefined when nothing of it is left. */
export function headerName(name: string | null | undefined): string | undefined {
  const safe = headerText(name ?? "", MAX_NAME_LENGTH);
  return safe === "" ? undefined : safe;
}

// One mailbox: no spaces, controls, quotes, brackets, commas or semicolons, which in an address
// header would start a display name or a second address.
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is refused.
const SINGLE_ADDRESS = /^[^\s\x00-\x1F\x7F"<>(),;:\\[\]@]+@[^\s\x00-\x1F\x7F"<>(),;:\\[\]@]+$/;

/**
 * A mailbox for nodemailer's address fields: `{ name, address }`, which it writes as
 * `"Full Name" <address>` (quoting or encoding the name as the name needs), or the bare address
 * without a name. An address that is not exactly one mailbox throws: the message is not sent to
 * whatever a forged address names (the outbox marks it failed after its retries).
 */
export function mailbox(
  address: string,
  name?: string | null,
): string | { name: string; address: string } {
  if (!SINGLE_ADDRESS.test(address)) throw new Error("Not a single email address");
  const safeName = headerName(name);
  return safeName ? { name: safeName, address } : address;
}
