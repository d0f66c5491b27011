// A paid order's VAT receipt as the server computes it and the customer's order page shows it.

/** One row of a VAT receipt (pence); `vatRate` null where delivery carries the goods' mixed rates. */
export type VatReceiptRow = {
  description: string;
  quantity: number;
  vatRate: number | null;
  net: number;
  vat: number;
  gross: number;
};

/**
 * A UK VAT receipt for the customer (HMRC VAT Notice 700 §16: the seller's name, address and VAT
 * number, the tax point, each line's rate and VAT, and the totals without VAT, of VAT and with
 * it), from the order's stored figures as the staff's VAT invoice reads them.
 */
export type VatReceipt = {
  seller: { legalName: string; address: string[]; vatNumber: string };
  number: string;
  /** The day it was paid (ISO). */
  taxPoint: string;
  exported: boolean;
  rows: VatReceiptRow[];
  totals: { net: number; vat: number; gross: number };
};
