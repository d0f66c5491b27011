// The refund email: which items, how much, to which card, and when the money arrives. Pure: the
// refund in, the message out; the caller queues it in the transaction that settles the refund.
import { formatPrice } from "../../../common/money.ts";
import type { MailMessage } from "../../mail/index.ts";
import {
  escapeHtml,
  HEADING_STYLE,
  htmlMail,
  LINK_STYLE,
  PARAGRAPH_STYLE,
  TRADER_DETAILS,
} from "../../mail/index.ts";
import type { OrderRow } from "../schema.ts";

export type RefundMailContent = {
  order: Pick<OrderRow, "email" | "number" | "shippingAddress">;
  lines: Array<{ line: { title: string }; quantity: number }>;
  /** Pence given back, VAT included. */
  amount: number;
  /** The part of `amount` that is the delivery charge. */
  delivery: number;
};

export type RefundMailOptions = {
  supportEmail: string;
  /** A customer's order page (built from PUBLIC_URL); none for a guest. */
  orderLink?: string;
  /** The payment came after the order was cancelled: it all goes back. */
  late?: boolean;
};

/** When card refunds reach the shopper: the banks' usual time, as the returns policy says. */
export const REFUND_ARRIVES =
  "It usually reaches your account within 5 to 10 working days, depending on your bank.";

/** The email telling the shopper money was given back (kind `order-refund`). Every value that
 * came from a person (names, titles) is escaped in the HTML. */
export function orderRefundMail(
  refund: RefundMailContent,
  options: RefundMailOptions,
): MailMessage {
  const { order } = refund;
  const name = order.shippingAddress.fullName;
  const subject = `Your refund of ${formatPrice(refund.amount)} for order ${order.number}`;
  const intro = options.late
    ? `Your payment for order ${order.number} arrived after the order had been cancelled, so we have refunded it in full: ${formatPrice(refund.amount)}, to the card you paid with.`
    : `We have refunded ${formatPrice(refund.amount)} for order ${order.number} to the card you paid with.`;
  const items = [
    ...refund.lines.map((planned) => `${planned.quantity} × ${planned.line.title}`),
    ...(refund.delivery > 0 ? [`Delivery: ${formatPrice(refund.delivery)}`] : []),
  ];
  const questions = `Questions? Reply to this email or write to ${options.supportEmail}, quoting your order number ${order.number}.`;

  const text = [
    `Hello ${name},`,
    "",
    intro,
    REFUND_ARRIVES,
    "",
    "WHAT WE REFUNDED",
    "",
    ...items,
    "",
    `Total refunded: ${formatPrice(refund.amount)}`,
    "",
    ...(options.orderLink ? [`View your order: ${options.orderLink}`, ""] : []),
    questions,
    "",
    TRADER_DETAILS,
  ].join("\n");

  const paragraph = (html: string) => `<p style="${PARAGRAPH_STYLE}">${html}</p>`;
  const body = [
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;">Your refund</h1>`,
    paragraph(`Hello ${escapeHtml(name)},`),
    paragraph(escapeHtml(intro)),
    paragraph(escapeHtml(REFUND_ARRIVES)),
    `<h2 style="${HEADING_STYLE}">What we refunded</h2>`,
    `<ul style="${PARAGRAPH_STYLE}">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`,
    paragraph(`<strong>Total refunded: ${escapeHtml(formatPrice(refund.amount))}</strong>`),
    ...(options.orderLink
      ? [
          paragraph(
            `<a href="${escapeHtml(options.orderLink)}" style="${LINK_STYLE}">View your order ${escapeHtml(order.number)}</a>`,
          ),
        ]
      : []),
    paragraph(escapeHtml(questions)),
  ].join("\n");

  return {
    to: order.email,
    toName: name,
    subject,
    text,
    html: htmlMail({ title: subject, body }),
    replyTo: options.supportEmail,
    kind: "order-refund",
    secret: false,
  };
}
