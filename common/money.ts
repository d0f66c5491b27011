import { formatCount } from "./numbers.ts";

// Issue 29: the first Intl formatter a page makes loads the browser's locale data, a task of
// 150–600 ms on a phone-speed CPU (4× slowdown) that every storefront page paid while its
// scripts started. Whole pence, all the shop holds, are written here by plain arithmetic, in
// exactly Intl's en-GB GBP form; anything else (a fraction of a penny, NaN, -0, sums beyond
// £10bn where `pence / 100` is no longer exact to the penny) goes to Intl, made on first use.
let gbp: Intl.NumberFormat | undefined;
const PLAIN_LIMIT = 1e12;

/** Integer pence as the shop writes money, on pages, in mails and in messages: £25.00. */
export function formatPrice(pence: number): string {
  if (Number.isInteger(pence) && Math.abs(pence) < PLAIN_LIMIT && !Object.is(pence, -0)) {
    const whole = Math.abs(pence);
    const pennies = String(whole % 100).padStart(2, "0");
    return `${pence < 0 ? "-" : ""}£${formatCount(Math.floor(whole / 100))}.${pennies}`;
  }
  gbp ??= new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
  return gbp.format(pence / 100);
}

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

// Made on first use (issue 29), one for each notation.
const wholePounds = new Map<string, Intl.NumberFormat>();

/** Pence as whole pounds, for a chart's axis: "£1,200", and "£12K" from £10,000. */
export function formatWholePounds(pence: number): string {
  const notation = pence >= 1_000_000 ? "compact" : "standard";
  let format = wholePounds.get(notation);
  if (!format) {
    format = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: "GBP",
      maximumFractionDigits: 0,
      notation,
    });
    wholePounds.set(notation, format);
  }
  return format.format(pence / 100);
}
