// The one VAT rule of the shop (docs/vat.md has it with worked examples). Prices are VAT
// included (architecture.md §5), so VAT is worked out of them, never added on. Pure functions on
// integer pence: no floats touch money, and the same basket always gives the same pennies.
import { splitProportionally } from "../discounts/index.ts";

// The UK and the Isle of Man are one VAT area; Jersey and Guernsey are outside it.
const UK_VAT_AREA = new Set(["GB", "IM"]);

/** Whether goods sent to `country` leave the UK VAT area: an export, sold without UK VAT. */
export function isExport(country: string): boolean {
  return !UK_VAT_AREA.has(country);
}

/**
 * The VAT inside `gross` pence at `rate` percent: gross × rate / (100 + rate), rounded half up
 * to the penny (312.5p is 313p). In whole numbers: with d = 100 + rate, the whole part of
 * (2 × gross × rate + d) / 2d is gross × rate / d rounded half up; it is taken by subtracting the
 * remainder, so no division is ever rounded by floating point.
 */
export function vatIn(gross: number, rate: number): number {
  const divisor = 2 * (100 + rate);
  const numerator = 2 * gross * rate + 100 + rate;
  return (numerator - (numerator % divisor)) / divisor;
}

/** A line of the order: its price for the quantity (pence, VAT included) and its VAT rate. */
export type VatLineInput = {
  gross: number;
  /** A whole percent: 20, or 0 for zero-rated goods. */
  vatRate: number;
  /**
   * False for a line the discount code does not cover (a band-scoped code): it then takes no
   * share, so the shares are exactly those `evaluateDiscount` reports for the same lines.
   */
  discountable?: boolean;
};

export type VatInput = {
  /** In basket order; at least one. */
  lines: VatLineInput[];
  /** The discount code's amount (pence, VAT included); at most the discountable lines' gross. */
  discount: number;
  /** The delivery charge (pence, VAT included), 0 when free. */
  delivery: number;
  /** Delivery outside the UK VAT area (`isExport`): the VAT is taken off every price. */
  exported: boolean;
};

/** A line of the breakdown; `net + vat` is what the line costs the shopper. */
export type VatLine = {
  /** The line's share of the discount. */
  discount: number;
  /** The VAT charged on the line: 0 on an export. */
  vat: number;
  /** The line's price after its discount, without VAT. */
  net: number;
};

export type VatBreakdown = {
  lines: VatLine[];
  /** The delivery charge split the same way: `net + vat` is what delivery costs the shopper. */
  delivery: { vat: number; net: number };
  totals: {
    /** The lines' gross, VAT included, before the discount. */
    subtotal: number;
    discount: number;
    /** The delivery charge, VAT included. */
    delivery: number;
    /** The VAT charged: in the lines and delivery; 0 on an export. */
    vat: number;
    /** On an export, the UK VAT taken off the prices; 0 otherwise. */
    vatTakenOff: number;
    /** What the shopper pays: subtotal − discount + delivery − vatTakenOff. */
    total: number;
  };
};

/**
 * Works out the order's VAT by the shop's one rule:
 * 1. the discount is shared over the discountable lines in proportion to their gross, by largest
 *    remainder (`splitProportionally`), so the shares add up to it exactly;
 * 2. each line's VAT is `vatIn` of its gross less its share, at its rate;
 * 3. delivery carries the VAT of the goods it delivers: split over the goods' VAT rates in
 *    proportion to their value after discount (by largest remainder, the higher rate first on a
 *    tie), each part's VAT by `vatIn`. One rate takes the whole charge;
 * 4. the order's VAT is the lines' VAT plus delivery's;
 * 5. on an export the same VAT is taken off every price instead of charged.
 * Throws on input no caller should send (negative or fractional pence, a rate outside 0–100, a
 * discount above the discountable lines, no lines): those are bugs, not a shopper's mistake.
 */
export function workOutVat(input: VatInput): VatBreakdown {
  checkInput(input);
  const { lines, exported } = input;
  const shares = splitProportionally(
    input.discount,
    lines.map((line) => (line.discountable === false ? 0 : line.gross)),
  );
  const paid = lines.map((line, index) => line.gross - (shares[index] ?? 0));
  const lineVat = lines.map((line, index) => vatIn(paid[index] ?? 0, line.vatRate));
  const deliveryVat = vatOfDelivery(input.delivery, lines, paid);
  const vatInPrices = sum(lineVat) + deliveryVat;

  const subtotal = sum(lines.map((line) => line.gross));
  return {
    lines: lines.map((_, index) => ({
      discount: shares[index] ?? 0,
      vat: exported ? 0 : (lineVat[index] ?? 0),
      net: (paid[index] ?? 0) - (lineVat[index] ?? 0),
    })),
    delivery: { vat: exported ? 0 : deliveryVat, net: input.delivery - deliveryVat },
    totals: {
      subtotal,
      discount: input.discount,
      delivery: input.delivery,
      vat: exported ? 0 : vatInPrices,
      vatTakenOff: exported ? vatInPrices : 0,
      total: subtotal - input.discount + input.delivery - (exported ? vatInPrices : 0),
    },
  };
}

/**
 * The VAT in the delivery charge: the charge split over the goods' rates by their value after
 * discount (by their gross when a code took everything off, so the charge still has a rate).
 */
function vatOfDelivery(delivery: number, lines: VatLineInput[], paid: number[]): number {
  const rates = [...new Set(lines.map((line) => line.vatRate))].sort((a, b) => b - a);
  const valueAt = (values: number[]) =>
    rates.map((rate) =>
      sum(lines.map((line, index) => (line.vatRate === rate ? (values[index] ?? 0) : 0))),
    );
  const paidByRate = valueAt(paid);
  const weights = sum(paidByRate) > 0 ? paidByRate : valueAt(lines.map((line) => line.gross));
  const parts = splitProportionally(delivery, weights);
  return sum(rates.map((rate, index) => vatIn(parts[index] ?? 0, rate)));
}

function checkInput({ lines, discount, delivery }: VatInput): void {
  const pence = (value: number) => Number.isSafeInteger(value) && value >= 0;
  if (lines.length === 0) throw new Error("workOutVat needs at least one line");
  for (const line of lines) {
    if (!pence(line.gross)) throw new Error(`Bad line gross: ${line.gross}`);
    if (!Number.isInteger(line.vatRate) || line.vatRate < 0 || line.vatRate > 100) {
      throw new Error(`Bad VAT rate: ${line.vatRate}`);
    }
  }
  if (!pence(delivery)) throw new Error(`Bad delivery charge: ${delivery}`);
  const discountable = sum(lines.map((line) => (line.discountable === false ? 0 : line.gross)));
  if (!pence(discount) || discount > discountable) throw new Error(`Bad discount: ${discount}`);
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
