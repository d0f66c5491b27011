// The one money format lives in common/ (pages, mails and the server's messages share it).
export { formatPrice } from "../../common/money";

/** Integer pence as a money field holds it: 2500 → "25.00" (no "£", no thousands commas). */
export function penceAsPounds(pence: number | null | undefined): string {
  if (pence === null || pence === undefined) return "";
  const sign = pence < 0 ? "-" : "";
  const abs = Math.abs(pence);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * What staff typed in a money field, in pence: "25", "25.5", "£25.50" and "1,250.00" are read
 * exactly (no floating point), an empty field is `undefined`, and anything else (a negative,
 * three decimals, words) is `null`, for the form to say so beside the field.
 */
export function poundsToPence(typed: string | null | undefined): number | null | undefined {
  const text = (typed ?? "").trim().replace(/^£\s*/, "");
  if (text === "") return undefined;
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const pounds = Number((match[1] ?? "0").replaceAll(",", ""));
  const pence = Number((match[2] ?? "").padEnd(2, "0"));
  const total = pounds * 100 + pence;
  return Number.isSafeInteger(total) ? total : null;
}
