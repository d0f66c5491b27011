// The order confirmation email: what was bought, for how much, where it goes, and the shopper's
// right to cancel, as the Consumer Contracts Regulations 2013 ask us to confirm on a durable
// medium. Pure: the order in, the message out; the caller queues it (`queueMail`) in the
// transaction that settles the order, once (`claimConfirmation`).

import type { PublicAddress } from "../../../common/accounts.ts";
import { billingNote, orderDispatchNote, termsOfLine } from "../../../common/billing-notes.ts";
import { countryByCode } from "../../../common/countries.ts";
import { formatLongDate } from "../../../common/dates.ts";
import { formatPrice } from "../../../common/money.ts";
import type { OrderView } from "../../../common/orders.ts";
import type { MailMessage } from "../../mail/index.ts";
import {
  escapeHtml,
  HEADING_STYLE,
  htmlMail,
  LINK_STYLE,
  MAIL_COLOURS,
  PARAGRAPH_STYLE,
  TRADER_DETAILS,
} from "../../mail/index.ts";

export type ConfirmationMailOptions = {
  /** The shop's address (`PUBLIC_URL`), for links to its policies. */
  publicUrl: string;
  /** Customer care's address: where to cancel or ask; replies to the email go there too. */
  supportEmail: string;
  /**
   * Where the shopper views the order: a customer's `/customer/orders/{id}`, a guest's link with
   * the order's token. Built by the caller from `publicUrl`, never from a request
   * (security.md #21).
   */
  orderLink: string;
};

/** A row of the totals, worked out once and written twice: as text, and escaped in HTML. */
type Row = { label: string; amount: string; strong?: boolean };

const MINUS = "\u2212";
const list = new Intl.ListFormat("en-GB", { style: "long", type: "conjunction" });

/** "Usually arrives 2–3 working days after dispatch", or "1 working day" when min = max = 1. */
function deliveryEstimate({ min, max }: { min: number; max: number }): string {
  const days = min === max ? `${max}` : `${min}\u2013${max}`;
  return `Usually arrives ${days} working ${max === 1 ? "day" : "days"} after dispatch`;
}

/** The lines of an address as the order keeps it, the country by name. */
function addressLines(address: PublicAddress): string[] {
  return [
    address.fullName,
    address.line1,
    address.line2,
    address.city,
    address.county,
    address.postcode,
    countryByCode(address.country)?.name ?? address.country,
  ].filter((line): line is string => Boolean(line?.trim()));
}

/** The totals under the lines, in the order a receipt reads. */
function totalRows(order: OrderView): Row[] {
  const { totals } = order;
  const rows: Row[] = [{ label: "Subtotal", amount: formatPrice(totals.subtotal) }];
  if (totals.discount > 0) {
    rows.push({
      label: order.discountCode ? `Discount (code ${order.discountCode})` : "Discount",
      amount: `${MINUS}${formatPrice(totals.discount)}`,
    });
  }
  rows.push({
    label: `Delivery: ${order.delivery.title} (${order.delivery.carrier})`,
    amount: totals.delivery === 0 ? "Free" : formatPrice(totals.delivery),
  });
  // On an export the UK VAT inside the shop's prices is taken off them (docs/vat.md, step 5):
  // whatever the prices above leave over the total is that VAT.
  const vatTakenOff = totals.subtotal - totals.discount + totals.delivery - totals.total;
  if (order.exported && vatTakenOff > 0) {
    rows.push({
      label: "UK VAT taken off (export)",
      amount: `${MINUS}${formatPrice(vatTakenOff)}`,
    });
  }
  rows.push({ label: "Total", amount: formatPrice(totals.total), strong: true });
  if (!order.exported) rows.push({ label: "VAT included", amount: formatPrice(totals.vat) });
  return rows;
}

/** What the shopper is told about VAT besides the amount: exports, and orders that mix rates. */
function vatNotes(order: OrderView): string[] {
  if (order.exported) {
    return [
      "Prices exclude UK VAT (export). The destination country may charge import duties and taxes on delivery; they are not included in this order and are paid to its customs, not to us.",
    ];
  }
  const rates = [...new Set(order.lines.map((line) => line.vatRate))].sort((a, b) => b - a);
  if (rates.length < 2) return [];
  const parts = rates.map((rate) => {
    const titles = [...new Set(order.lines.filter((l) => l.vatRate === rate).map((l) => l.title))];
    const name = rate === 0 ? "0% (zero-rated, like children's clothing and books)" : `${rate}%`;
    return `${list.format(titles)} at ${name}`;
  });
  return [
    `This order mixes VAT rates: ${parts.join("; ")}. Delivery carries VAT at the same rates, in proportion to the goods at each.`,
  ];
}

/** The right to cancel, paragraph by paragraph (returns and refunds policy §2, §4, §7, §12). */
function cancellationParagraphs(order: OrderView, date: string) {
  return {
    right:
      "Under the Consumer Contracts (Information, Cancellation and Additional Charges) Regulations 2013 you can cancel this order for any reason. You have 14 days from the day the goods arrive to tell us (from the day the last item arrives, if the order comes in more than one parcel), then a further 14 days to send the goods back. We refund you within 14 days of receiving them back, or of receiving your proof of return if that comes first, to your original payment method, including the standard delivery charge when you return the whole order.",
    exemptions:
      "The right to cancel does not cover sealed audio or video recordings (vinyl, CDs, cassettes) once you have unsealed them, or personalised or made-to-order goods, unless they are faulty.",
    /** How to cancel, around the support address (a link in HTML). */
    how: [
      "To cancel, reply to this email or write to ",
      ". You do not have to give a reason; a clear statement is enough, such as the model cancellation form:",
    ] as const,
    form: `"I hereby give notice that I cancel my contract of sale of the following goods: [the goods], order ${order.number}, ordered on ${date}, received on [date]. [Your name and address]."`,
    extra:
      "On top of this legal right, we take back unworn, unwashed items with their tags within 30 days of delivery. None of this affects your rights if something is faulty.",
  };
}

/**
 * The email confirming `order` to its shopper (kind `order-confirmation`, to the order's email).
 * Plain text and HTML say the same things; every value that came from a person (names, address
 * lines, titles, the discount code) is escaped in the HTML. Not secret: it may carry a guest's
 * link to the order, but the outbox never shows bodies to staff.
 */
export function orderConfirmationMail(
  order: OrderView,
  options: ConfirmationMailOptions,
): MailMessage {
  const publicUrl = options.publicUrl.replace(/\/+$/, "");
  const { supportEmail, orderLink } = options;
  if (!orderLink.startsWith(`${publicUrl}/`)) {
    throw new Error("The order link must be on the shop's own address (PUBLIC_URL)");
  }
  const returnsPolicy = `${publicUrl}/legal/returns-and-refunds-policy`;
  const date = formatLongDate(order.createdAt);
  const name = order.shippingAddress.fullName;
  const subject = `Your Encore order ${order.number} is confirmed`;
  const intro = `Thank you for your order ${order.number}, placed on ${date}. We have received it and will email you again when it is dispatched, with a link to track it.`;
  const dispatch = orderDispatchNote(order);
  const estimate = `${order.delivery.title} with ${order.delivery.carrier}. ${deliveryEstimate(order.delivery.estimatedDays)}.${dispatch ? ` ${dispatch}` : ""}`;
  const rows = totalRows(order);
  const notes = vatNotes(order);
  const address = addressLines(order.shippingAddress);
  const cancel = cancellationParagraphs(order, date);

  const text = [
    `Hello ${name},`,
    "",
    intro,
    "",
    `View your order: ${orderLink}`,
    "",
    `YOUR ORDER ${order.number}`,
    "",
    ...order.lines.flatMap((line) => [
      line.title,
      line.band,
      ...(line.attributes.length > 0 ? [line.attributes.join(", ")] : []),
      ...(billingNote(termsOfLine(line)) ? [billingNote(termsOfLine(line)) as string] : []),
      `${line.quantity} × ${formatPrice(line.unitPrice)} = ${formatPrice(line.lineTotal)}`,
      "",
    ]),
    ...rows.map((row) => `${row.label}: ${row.amount}`),
    ...notes.flatMap((note) => ["", note]),
    "",
    "DELIVERY",
    "",
    ...address,
    "",
    estimate,
    "",
    "YOUR RIGHT TO CANCEL",
    "",
    cancel.right,
    "",
    cancel.exemptions,
    "",
    cancel.how.join(supportEmail),
    "",
    cancel.form,
    "",
    cancel.extra,
    `The full policy: ${returnsPolicy}`,
    "",
    "QUESTIONS",
    "",
    `Reply to this email or write to ${supportEmail}, quoting your order number ${order.number}.`,
    "",
    TRADER_DETAILS,
  ].join("\n");

  return {
    to: order.email,
    toName: name,
    subject,
    text,
    html: confirmationHtml(order, {
      subject,
      name,
      intro,
      orderLink,
      rows,
      notes,
      address,
      estimate,
      cancel,
      supportEmail,
      returnsPolicy,
    }),
    replyTo: supportEmail,
    kind: "order-confirmation",
    secret: false,
  };
}

const { ink, muted, paper, rule } = MAIL_COLOURS;
const CELL = `padding:8px 4px;border-bottom:1px solid ${rule};vertical-align:top;color:${ink};background-color:${paper};`;
const MONEY = `${CELL}text-align:right;white-space:nowrap;`;

const paragraph = (html: string) => `<p style="${PARAGRAPH_STYLE}">${html}</p>`;
const heading = (text: string) => `<h2 style="${HEADING_STYLE}">${escapeHtml(text)}</h2>`;
const link = (href: string, text = href) =>
  `<a href="${escapeHtml(href)}" style="${LINK_STYLE}">${escapeHtml(text)}</a>`;

function confirmationHtml(
  order: OrderView,
  parts: {
    subject: string;
    name: string;
    intro: string;
    orderLink: string;
    rows: Row[];
    notes: string[];
    address: string[];
    estimate: string;
    cancel: ReturnType<typeof cancellationParagraphs>;
    supportEmail: string;
    returnsPolicy: string;
  },
): string {
  const { cancel, supportEmail } = parts;
  const mailto = link(`mailto:${supportEmail}`, supportEmail);
  const lineRows = order.lines.map((line) => {
    const details = [line.band, line.attributes.join(", "), billingNote(termsOfLine(line))]
      .filter((detail): detail is string => Boolean(detail))
      .map(escapeHtml);
    return [
      "<tr>",
      `<th scope="row" style="${CELL}text-align:left;font-weight:normal;">`,
      `<strong>${escapeHtml(line.title)}</strong>`,
      ...details.map((detail) => `<br><span style="color:${muted};">${detail}</span>`),
      "</th>",
      `<td style="${MONEY}">${line.quantity} × ${formatPrice(line.unitPrice)}</td>`,
      `<td style="${MONEY}">${formatPrice(line.lineTotal)}</td>`,
      "</tr>",
    ].join("");
  });
  const footRows = parts.rows.map((row) => {
    const weight = row.strong ? "font-weight:bold;font-size:18px;" : "font-weight:normal;";
    return `<tr><th scope="row" colspan="2" style="${CELL}text-align:right;${weight}">${escapeHtml(row.label)}</th><td style="${MONEY}${weight}">${escapeHtml(row.amount)}</td></tr>`;
  });
  const table = [
    `<table cellpadding="0" cellspacing="0" border="0" width="100%" style="width:100%;border-collapse:collapse;background-color:${paper};color:${ink};font-size:15px;line-height:1.4;">`,
    `<caption style="text-align:left;padding:0 0 8px;color:${muted};font-size:14px;">Items in order ${escapeHtml(order.number)}, prices in pounds sterling</caption>`,
    "<thead><tr>",
    `<th scope="col" style="${CELL}text-align:left;">Item</th>`,
    `<th scope="col" style="${CELL}text-align:right;">Quantity × price</th>`,
    `<th scope="col" style="${CELL}text-align:right;">Total</th>`,
    "</tr></thead>",
    `<tbody>${lineRows.join("")}</tbody>`,
    `<tfoot>${footRows.join("")}</tfoot>`,
    "</table>",
  ].join("\n");

  const body = [
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:${ink};">Thank you for your order</h1>`,
    paragraph(`Hello ${escapeHtml(parts.name)},`),
    paragraph(escapeHtml(parts.intro)),
    paragraph(link(parts.orderLink, `View your order ${order.number}`)),
    heading(`Your order ${order.number}`),
    table,
    ...parts.notes.map(
      (note) => `<p style="${PARAGRAPH_STYLE}margin-top:12px;">${escapeHtml(note)}</p>`,
    ),
    heading("Delivery"),
    paragraph(parts.address.map(escapeHtml).join("<br>")),
    paragraph(escapeHtml(parts.estimate)),
    heading("Your right to cancel"),
    paragraph(escapeHtml(cancel.right)),
    paragraph(escapeHtml(cancel.exemptions)),
    paragraph(cancel.how.map(escapeHtml).join(mailto)),
    `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:4px solid ${rule};color:${ink};background-color:${paper};">${escapeHtml(cancel.form)}</blockquote>`,
    paragraph(
      `${escapeHtml(cancel.extra)} ${link(parts.returnsPolicy, "Read our returns and refunds policy")}.`,
    ),
    heading("Questions"),
    paragraph(
      `Reply to this email or write to ${mailto}, quoting your order number ${escapeHtml(order.number)}.`,
    ),
  ].join("\n");

  return htmlMail({ title: parts.subject, body });
}
