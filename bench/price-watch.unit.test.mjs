import { describe, expect, it } from "vitest";
import { changeVisibility, lowestOfferedPrice, offerPrice, priceShown } from "./price-watch.mjs";

const page = (offers) =>
  `<html><script type="application/ld+json">{"@type":"BreadcrumbList"}</script>` +
  `<script type="application/ld+json">${JSON.stringify({ "@type": "Product", offers })}</script></html>`;

describe("drop day's price watch", () => {
  it("reads the product's lowest offer, not other structured data", () => {
    expect(lowestOfferedPrice(page({ lowPrice: "26.99", highPrice: "30.00" }))).toBe("26.99");
    expect(lowestOfferedPrice(page({ price: "12.00" }))).toBe("12.00");
    expect(lowestOfferedPrice("<html></html>")).toBeUndefined();
    expect(offerPrice(2699)).toBe("26.99");
  });

  it("tells the old price from the new one", () => {
    const prices = { oldPrice: "28.00", newPrice: "26.99" };
    expect(priceShown(page({ lowPrice: "26.99" }), prices)).toBe("new");
    expect(priceShown(page({ lowPrice: "28.00" }), prices)).toBe("old");
    expect(priceShown("busy", prices)).toBe("other");
  });

  it("measures the delay to the first new price and counts old prices after it", () => {
    const polls = [
      { sentAt: 100, receivedAt: 150, status: 200, seen: "old" },
      { sentAt: 300, receivedAt: 320, status: 200, seen: "new" },
      { sentAt: 400, receivedAt: 420, status: 200, seen: "old" },
      { sentAt: 500, receivedAt: 520, status: 503, seen: "other" },
    ];
    expect(changeVisibility(polls, 200)).toEqual({
      polls: 4,
      delayMs: 100,
      waitMs: 20,
      oldAfterNew: 1,
      failed: 1,
    });
    expect(changeVisibility(polls.slice(0, 1), 200).delayMs).toBeNull();
  });
});
