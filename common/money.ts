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
