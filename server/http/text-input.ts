import type { FieldErrors } from "../../common/refusal.ts";

// Tab, line feed and carriage return are text; every other control character is not, and NUL
// is refused by PostgreSQL itself (22021). A lone surrogate is half a character.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Deeper than any input of ours; walking further would only let a body exhaust the stack. */
const MAX_DEPTH = 32;

export const UNSAFE_TEXT = "Remove the control characters from this text.";
/** What a field that must be one line says of a line break. */
export const ONE_LINE = "Write this on one line, without line breaks.";

// CR, LF, NEL and the Unicode line and paragraph separators: each ends a line somewhere.
const LINE_BREAK = /[\r\n\u0085\u2028\u2029]/;

/**
 * Whether `text` is one line. Names and other short fields must be: a name reaches mail headers
 * ("Full Name <email>", a reply-to), where a line break would start a header of the sender's
 * choosing (a Bcc), and the lines of a plain-text mail, where it would forge one.
 */
export const isOneLine = (text: string) => !LINE_BREAK.test(text);
export const TOO_DEEP = "The input is nested too deeply.";

/** Whether `text` holds a character no text field takes. */
export const isUnsafeText = (text: string) => CONTROL.test(text) || LONE_SURROGATE.test(text);

/**
 * security.md #22 and issue 12: every string anywhere in `value` (a JSON body, a query, a form)
 * that holds a control character or a lone surrogate, by its dotted path, so one check at the edge
 * covers every field of every route. Nesting past 32 levels is refused too.
 */
export function unsafeTextErrors(value: unknown, path: string[] = []): FieldErrors {
  const field = path.join(".") || "body";
  if (typeof value === "string") return isUnsafeText(value) ? { [field]: [UNSAFE_TEXT] } : {};
  if (typeof value !== "object" || value === null) return {};
  if (path.length >= MAX_DEPTH) return { [field]: [TOO_DEEP] };
  const errors: FieldErrors = {};
  for (const [key, item] of Object.entries(value)) {
    if (isUnsafeText(key)) errors[field] = [UNSAFE_TEXT];
    Object.assign(errors, unsafeTextErrors(item, [...path, key]));
  }
  return errors;
}
