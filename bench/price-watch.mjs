// Reading a price off the product page, and whether a price change reached a process: the pure
// part of drop day's price change, apart from the requests that feed it.

/** Pence as the page's structured data writes a price: 2699 → "26.99". */
export const offerPrice = (pence) => (pence / 100).toFixed(2);

/**
 * The product's lowest offered price from the page's `Product` JSON-LD (`offers.lowPrice`, or
 * `offers.price` for a single offer), as written there ("28.00"); undefined when there is none.
 * The visible price is no use here: recommendations on the same page show other products' prices.
 */
export function lowestOfferedPrice(html) {
  for (const [, json] of html.matchAll(
    /<script[^>]*type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs,
  )) {
    let data;
    try {
      data = JSON.parse(json);
    } catch {
      continue;
    }
    if (data?.["@type"] !== "Product") continue;
    const price = data.offers?.lowPrice ?? data.offers?.price;
    return price === undefined ? undefined : String(price);
  }
  return undefined;
}

/**
 * Which of the two prices a page shows: "old", "new", or "other" (neither, or no structured data).
 * @param {{ oldPrice: string, newPrice: string }} prices
 * @returns {"old" | "new" | "other"}
 */
export function priceShown(html, { oldPrice, newPrice }) {
  const price = lowestOfferedPrice(html);
  return price === newPrice ? "new" : price === oldPrice ? "old" : "other";
}

/**
 * @typedef {{ sentAt: number, receivedAt: number, status: number, seen: "old" | "new" | "other" }} Poll
 */

/**
 * How a price change reached one process, from its polls since the change was sent; `changedAt`
 * is when the change's answer arrived (same clock). `delayMs`: from that answer to the sending of
 * the first poll answered with the new price, i.e. since when a shopper asking gets it (0 when it
 * showed before the answer; a poll's own wait in the queue is load, not staleness: `waitMs`);
 * null if no poll got it. `oldAfterNew`: polls sent after that one that still got the old price
 * (0 when the change holds). `failed`: polls answered with neither price (errors, non-200, no
 * structured data).
 * @param {Poll[]} polls
 */
export function changeVisibility(polls, changedAt) {
  const sent = [...polls].sort((a, b) => a.sentAt - b.sentAt);
  const firstNew = sent.find((poll) => poll.seen === "new");
  const after = firstNew ? sent.filter((poll) => poll.sentAt > firstNew.sentAt) : [];
  return {
    polls: sent.length,
    delayMs: firstNew ? Math.max(0, firstNew.sentAt - changedAt) : null,
    waitMs: firstNew ? firstNew.receivedAt - firstNew.sentAt : null,
    oldAfterNew: after.filter((poll) => poll.seen === "old").length,
    failed: sent.filter((poll) => poll.seen === "other").length,
  };
}
