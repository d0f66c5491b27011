import { describe, expect, it } from "vitest";
import type { OrderLineView, OrderView } from "../../../common/orders.ts";
import { orderConfirmationMail } from "./confirmation-mail.ts";

const OPTIONS = {
  publicUrl: "https://encore.example",
  supportEmail: "help@encore.example",
  orderLink: "https://encore.example/customer/orders/42",
};

const line = (fields: Partial<OrderLineView>): OrderLineView => ({
  id: 1,
  variantId: 11,
  productSlug: "night-drive-tour-hoodie",
  title: "Night Drive Tour Hoodie",
  band: "The Static Hearts",
  attributes: ["M", "Black"],
  sku: "TSH-HOOD-M-BLK",
  unitPrice: 4500,
  quantity: 2,
  lineTotal: 9000,
  discount: 0,
  vatRate: 20,
  vat: 1500,
  billingModelType: "one_off",
  shipsFrom: null,
  billingPeriod: null,
  ...fields,
});

/**
 * A UK order as checkout writes it (docs/vat.md): two hoodies and an LP at 20%, a £5.00 code,
 * UK Standard at £3.95. Placed at 00:30 UTC on 23 November 2026, which is 23 November in London.
 */
function ukOrder(): OrderView {
  const address = {
    fullName: "Jane Doe",
    line1: "14 Ancoats Street",
    line2: "Flat 3",
    city: "Manchester",
    county: null,
    postcode: "M4 6DE",
    country: "GB",
    phone: null,
  };
  return {
    id: 42,
    number: "EN-10042",
    status: "paid",
    email: "jane@example.com",
    createdAt: "2026-11-23T00:30:00.000Z",
    timeline: [
      { status: "pending_payment", at: "2026-11-23T00:30:00.000Z" },
      { status: "paid", at: "2026-11-23T00:31:00.000Z" },
    ],
    lines: [
      line({ discount: 391, vat: 1435 }),
      line({
        id: 2,
        variantId: 21,
        productSlug: "afterglow-lp",
        title: "Afterglow (Heavyweight Vinyl LP)",
        band: "Paper Lanterns",
        attributes: ["Transparent orange"],
        sku: "PL-AFT-LP",
        unitPrice: 2499,
        quantity: 1,
        lineTotal: 2499,
        discount: 109,
        vat: 398,
      }),
    ],
    shippingAddress: address,
    billingAddress: address,
    delivery: {
      title: "UK Standard",
      carrier: "Royal Mail Tracked 48",
      estimatedDays: { min: 2, max: 3 },
    },
    exported: false,
    discountCode: "ENCORE5",
    totals: { subtotal: 11_499, discount: 500, delivery: 395, vat: 1899, total: 11_394 },
    cancelReason: null,
    shipments: [],
    refundedTotal: 0,
    refunds: [],
    shipsFrom: null,
    dispatchPlan: null,
    memberships: [],
  };
}

const mail = (order: OrderView = ukOrder()) => orderConfirmationMail(order, OPTIONS);
/** The HTML's text as a reader meets it: tags gone, entities read. */
const htmlText = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("orderConfirmationMail", () => {
  it("goes to the order's email, as an order confirmation with the order number in the subject", () => {
    const message = mail();
    expect(message).toMatchObject({
      to: "jane@example.com",
      subject: "Your Encore order EN-10042 is confirmed",
      kind: "order-confirmation",
      replyTo: "help@encore.example",
    });
    expect(message.secret).toBeFalsy();
  });

  it("greets the shipping name and gives the order number and its date in London", () => {
    const { text } = mail();
    expect(text).toMatch(/^Hello Jane Doe,/);
    expect(text).toContain("EN-10042, placed on 23 November 2026");
    // Half past midnight in summer time is already the next day in London.
    const summer = { ...ukOrder(), createdAt: "2026-07-31T23:30:00.000Z" };
    expect(mail(summer).text).toContain("placed on 1 August 2026");
  });

  it("lists every line with its band, attributes, quantity × unit price and line total", () => {
    const { text } = mail();
    expect(text).toContain(
      "Night Drive Tour Hoodie\nThe Static Hearts\nM, Black\n2 × £45.00 = £90.00",
    );
    expect(text).toContain(
      "Afterglow (Heavyweight Vinyl LP)\nPaper Lanterns\nTransparent orange\n1 × £24.99 = £24.99",
    );
  });

  it("gives the subtotal, the discount with its code, delivery, the total and the VAT in it", () => {
    const { text } = mail();
    expect(text).toContain("Subtotal: £114.99");
    expect(text).toContain("Discount (code ENCORE5): −£5.00");
    expect(text).toContain("Delivery: UK Standard (Royal Mail Tracked 48): £3.95");
    expect(text).toContain("Total: £113.94");
    expect(text).toContain("VAT included: £18.99");
    expect(text).not.toContain("export");
  });

  it("shows the delivery address and the estimate in working days after dispatch", () => {
    const { text } = mail();
    expect(text).toContain(
      "Jane Doe\n14 Ancoats Street\nFlat 3\nManchester\nM4 6DE\nUnited Kingdom",
    );
    expect(text).toContain("Usually arrives 2–3 working days after dispatch");
  });

  it("says one working day when the estimate is a single day", () => {
    const order = ukOrder();
    order.delivery = {
      title: "UK Express",
      carrier: "Royal Mail Tracked 24",
      estimatedDays: { min: 1, max: 1 },
    };
    expect(mail(order).text).toContain("Usually arrives 1 working day after dispatch");
  });

  it("states the 14-day right to cancel, its exemptions and how to cancel", () => {
    const { text } = mail();
    expect(text).toContain(
      "Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013",
    );
    expect(text).toContain("14 days from the day the goods arrive to tell us");
    expect(text).toContain("a further 14 days to send the goods back");
    expect(text).toContain("We refund you within 14 days");
    expect(text).toContain(
      "does not cover sealed audio or video recordings (vinyl, CDs, cassettes) once you have unsealed them, or personalised or made-to-order goods",
    );
    expect(text).toContain("To cancel, reply to this email or write to help@encore.example.");
    expect(text).toContain("I hereby give notice that I cancel my contract of sale");
    expect(text).toContain("https://encore.example/legal/returns-and-refunds-policy");
  });

  it("links to the order and gives the support address, in text and HTML", () => {
    const guestLink = "https://encore.example/orders/42?token=abc_DEF-123";
    const message = orderConfirmationMail(ukOrder(), { ...OPTIONS, orderLink: guestLink });
    expect(message.text).toContain(`View your order: ${guestLink}`);
    expect(message.text).toContain(
      "write to help@encore.example, quoting your order number EN-10042",
    );
    expect(message.html).toContain(`href="${guestLink}"`);
    expect(message.html).toContain('href="mailto:help@encore.example"');
  });

  it("refuses an order link that is not on the shop's own address", () => {
    expect(() =>
      orderConfirmationMail(ukOrder(), { ...OPTIONS, orderLink: "https://evil.example/orders/42" }),
    ).toThrow(/PUBLIC_URL/);
  });

  it("says what the text says in an accessible HTML part: lang, a table with headers", () => {
    const { html = "" } = mail();
    expect(html).toContain('<html lang="en-GB"');
    expect(html).toContain('<th scope="col"');
    expect(html).toMatch(/<th scope="row"[^>]*>\s*<strong>Night Drive Tour Hoodie<\/strong>/);
    expect(html).not.toMatch(/<img|<link|<script|src=|url\(/i);
    const read = htmlText(html);
    for (const words of [
      "Hello Jane Doe,",
      "23 November 2026",
      "The Static Hearts",
      "M, Black",
      "2 × £45.00",
      "£90.00",
      "Discount (code ENCORE5)",
      "−£5.00",
      "Total £113.94",
      "VAT included £18.99",
      "14 Ancoats Street",
      "Usually arrives 2–3 working days after dispatch",
      "sealed audio or video recordings (vinyl, CDs, cassettes)",
    ]) {
      expect(read).toContain(words);
    }
  });

  it("escapes a hostile name, address and product title in the HTML", () => {
    const order = ukOrder();
    order.shippingAddress = {
      ...order.shippingAddress,
      fullName: '<script>alert("x")</script>',
      line1: "<img src=x onerror=alert(1)>",
    };
    const first = order.lines[0];
    if (first) order.lines[0] = { ...first, title: "<b>Free</b> & \"quoted\" 'hoodie'" };
    const { html = "", text } = mail(order);
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("<b>Free</b>");
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("&lt;b&gt;Free&lt;/b&gt; &amp; &quot;quoted&quot; &#39;hoodie&#39;");
    // Plain text is not markup: the name is written as given.
    expect(text).toContain('Hello <script>alert("x")</script>,');
  });

  it("says an export carries no UK VAT, and shows the VAT taken off the prices", () => {
    // docs/vat.md example 5: a £25.00 T-shirt to France with £9.95 delivery; £5.83 of UK VAT off.
    const order: OrderView = {
      ...ukOrder(),
      lines: [line({ quantity: 1, unitPrice: 2500, lineTotal: 2500, vat: 0 })],
      shippingAddress: {
        ...ukOrder().shippingAddress,
        city: "Lyon",
        postcode: "69002",
        country: "FR",
      },
      delivery: {
        title: "Europe",
        carrier: "Royal Mail International Tracked",
        estimatedDays: { min: 5, max: 8 },
      },
      exported: true,
      discountCode: null,
      totals: { subtotal: 2500, discount: 0, delivery: 995, vat: 0, total: 2912 },
    };
    const { text, html = "" } = mail(order);
    expect(text).toContain("Prices exclude UK VAT (export)");
    expect(text).toContain("UK VAT taken off (export): −£5.83");
    expect(text).toContain("Total: £29.12");
    expect(text).not.toContain("VAT included");
    expect(text).toContain("France");
    expect(htmlText(html)).toContain("Prices exclude UK VAT (export)");
  });

  it("says Free for free delivery", () => {
    const order = ukOrder();
    order.totals = { ...order.totals, delivery: 0, total: 10_999 };
    const { text, html = "" } = mail(order);
    expect(text).toContain("Delivery: UK Standard (Royal Mail Tracked 48): Free");
    expect(htmlText(html)).toMatch(/Delivery: UK Standard \(Royal Mail Tracked 48\) Free/);
  });

  it("notes the VAT rates when the order mixes them, and not when it does not", () => {
    expect(mail().text).not.toContain("mixes VAT rates");
    const order = ukOrder();
    order.lines.push(
      line({
        id: 3,
        title: "Little Static Kids' T-shirt",
        attributes: ["5–6 years"],
        unitPrice: 1500,
        quantity: 1,
        lineTotal: 1500,
        vatRate: 0,
        vat: 0,
      }),
    );
    const { text } = mail(order);
    expect(text).toContain(
      "This order mixes VAT rates: Night Drive Tour Hoodie and Afterglow (Heavyweight Vinyl LP) at 20%; Little Static Kids' T-shirt at 0% (zero-rated",
    );
  });

  it("says when pre-orders ship and how the shopper chose to send them (decision 0016)", () => {
    expect(mail().text).not.toContain("Pre-order");
    const order: OrderView = {
      ...ukOrder(),
      shipsFrom: "2027-03-14",
      dispatchPlan: "split",
    };
    order.lines[1] = {
      ...(order.lines[1] as OrderLineView),
      billingModelType: "pre_order",
      shipsFrom: "2027-03-14",
    };
    const { text, html } = mail(order);
    expect(text).toContain("Transparent orange\nPre-order: ships from 14 March 2027\n1 × £24.99");
    expect(text).toContain(
      "Pre-orders ship from 14 March 2027. You chose: Send what's ready now and the rest on release (at no extra delivery charge).",
    );
    expect(htmlText(html ?? "")).toContain("Pre-order: ships from 14 March 2027");
    const together = mail({ ...order, dispatchPlan: "together" }).text;
    expect(together).toContain("You chose: Send everything together from 14 March 2027.");
  });
});
