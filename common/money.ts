const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** Integer pence as the shop writes money, on pages, in mails and in messages: £25.00. */
export function formatPrice(pence: number): string {
  return gbp.format(pence / 100);
}
