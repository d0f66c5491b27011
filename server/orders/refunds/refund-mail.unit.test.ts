import { describe, expect, it } from "vitest";
import { orderRefundMail } from "./refund-mail.ts";

const order = {
  email: "fan@example.com",
  number: "EN-10042",
  shippingAddress: {
    fullName: "Ali <b>Fan</b>",
    line1: "1 High Street",
    city: "Leeds",
    postcode: "LS1 4AP",
    country: "GB",
  },
};

describe("the refund email", () => {
  const mail = orderRefundMail(
    {
      order,
      lines: [{ line: { title: 'Tour shirt <script>alert("x")</script>' }, quantity: 1 }],
      amount: 1299,
      delivery: 399,
    },
    { supportEmail: "help@encore.test", orderLink: "https://encore.test/customer/orders/42" },
  );

  it("says which items, how much, to which card and when it arrives", () => {
    expect(mail).toMatchObject({
      to: "fan@example.com",
      subject: "Your refund of £12.99 for order EN-10042",
      kind: "order-refund",
      replyTo: "help@encore.test",
    });
    expect(mail.text).toContain(
      "We have refunded £12.99 for order EN-10042 to the card you paid with.",
    );
    expect(mail.text).toContain('1 × Tour shirt <script>alert("x")</script>');
    expect(mail.text).toContain("Delivery: £3.99");
    expect(mail.text).toContain("5 to 10 working days");
    expect(mail.text).toContain("View your order: https://encore.test/customer/orders/42");
  });

  it("escapes every value a person wrote in the HTML", () => {
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("Tour shirt &lt;script&gt;");
    expect(mail.html).toContain("Ali &lt;b&gt;Fan&lt;/b&gt;");
  });

  it("tells the shopper of a payment that came too late that all of it went back", () => {
    const late = orderRefundMail(
      { order, lines: [], amount: 1299, delivery: 0 },
      { supportEmail: "help@encore.test", late: true },
    );
    expect(late.text).toContain("arrived after the order had been cancelled");
    expect(late.text).not.toContain("View your order");
  });
});
