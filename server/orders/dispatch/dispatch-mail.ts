// The dispatch email: which items left, with which carrier, and the link to track the parcel.
// Pure: the order and its parcel in, the message out; `dispatch.ts` queues it in the transaction
// that records the parcel, so the email exists exactly when the dispatch does.

import type { MailMessage } from "../../mail/index.ts";
import {
  escapeHtml,
  HEADING_STYLE,
  htmlMail,
  LINK_STYLE,
  PARAGRAPH_STYLE,
  TRADER_DETAILS,
} from "../../mail/index.ts";

export type DispatchMailInput = {
  number: string;
  email: string;
  name: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /** What is in this parcel: "2 × Night Owls Tee (M, Black)". */
  items: string[];
  /** Whether more will follow (the first parcel of a split order). */
  partial: boolean;
  supportEmail: string;
};

/**
 * The email telling the shopper their parcel has left (kind `order-dispatched`). Plain text and
 * HTML say the same; every value that came from a person or staff is escaped in the HTML.
 */
export function orderDispatchMail(input: DispatchMailInput): MailMessage {
  const subject = input.partial
    ? `Part of your Encore order ${input.number} is on its way`
    : `Your Encore order ${input.number} is on its way`;
  const intro = input.partial
    ? `Part of your order ${input.number} has been dispatched with ${input.carrier}. The rest follows when it is released; we will email you again then.`
    : `Your order ${input.number} has been dispatched with ${input.carrier}.`;
  const tracking = `Tracking number: ${input.trackingNumber}`;
  const text = [
    `Hello ${input.name},`,
    "",
    intro,
    "",
    tracking,
    ...(input.trackingUrl ? [`Track your parcel: ${input.trackingUrl}`] : []),
    "",
    "IN THIS PARCEL",
    "",
    ...input.items,
    "",
    `Questions? Reply to this email or write to ${input.supportEmail}, quoting ${input.number}.`,
    "",
    TRADER_DETAILS,
  ].join("\n");
  const p = (html: string) => `<p style="${PARAGRAPH_STYLE}">${html}</p>`;
  const body = [
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;">Your order is on its way</h1>`,
    p(`Hello ${escapeHtml(input.name)},`),
    p(escapeHtml(intro)),
    p(escapeHtml(tracking)),
    ...(input.trackingUrl
      ? [
          p(
            `<a href="${escapeHtml(input.trackingUrl)}" style="${LINK_STYLE}">Track your parcel with ${escapeHtml(input.carrier)}</a>`,
          ),
        ]
      : []),
    `<h2 style="${HEADING_STYLE}">In this parcel</h2>`,
    `<ul>${input.items.map((item) => `<li style="${PARAGRAPH_STYLE}">${escapeHtml(item)}</li>`).join("")}</ul>`,
    p(
      `Questions? Reply to this email or write to <a href="mailto:${escapeHtml(input.supportEmail)}" style="${LINK_STYLE}">${escapeHtml(input.supportEmail)}</a>, quoting ${escapeHtml(input.number)}.`,
    ),
  ].join("\n");
  return {
    to: input.email,
    toName: input.name,
    subject,
    text,
    html: htmlMail({ title: subject, body }),
    replyTo: input.supportEmail,
    kind: "order-dispatched",
    secret: false,
  };
}
