import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VatTable } from "./vat-table";

describe("VatTable", () => {
  it("heads the columns HMRC asks for, a row per line, and the totals with the last in bold", () => {
    const html = renderToStaticMarkup(
      <VatTable
        caption="Items invoiced, in pounds sterling"
        rows={[
          {
            key: 1,
            description: "Tour tee",
            quantity: 2,
            rate: "20%",
            net: 4000,
            vat: 800,
            gross: 4800,
          },
          {
            key: "delivery",
            description: "Delivery",
            quantity: 1,
            rate: "Mixed",
            net: 329,
            vat: 66,
            gross: 395,
          },
        ]}
        totals={[
          ["Total without VAT", 4329],
          ["Total VAT", 866],
          ["Total paid", 5195],
        ]}
      />,
    );
    const headings = [...html.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(headings).toEqual(["Description", "Qty", "VAT rate", "Net", "VAT", "Total"]);
    expect(html).toContain(">Items invoiced, in pounds sterling</caption>");
    expect(html).toMatch(/Tour tee<\/th><td[^>]*>2<\/td><td[^>]*>20%<\/td><td[^>]*>£40\.00<\/td>/);
    expect(html).toMatch(/<tr class="font-bold"><th[^>]*>Total paid<\/th><td[^>]*>£51\.95<\/td>/);
    expect(html.match(/font-bold/g)).toHaveLength(1);
    // The table scrolls inside itself on a phone, named by its caption.
    const captionId = html.match(/<caption id="([^"]+)"/)?.[1];
    expect(html).toContain(`aria-labelledby="${captionId}"`);
  });
});
