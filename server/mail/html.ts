// The HTML part of the shop's emails: one document shell and the escaping every value put into it
// goes through. Mail clients keep little of a web page, so the rules are those of email: tables
// for layout, inline styles only, no images, fonts or anything else fetched from elsewhere.
//
// Dark mode: some clients invert light mail, some keep its colours, some darken only what has no
// colour of its own. So every block that sets a text colour sets its background too (children
// inherit both), and whatever a client does, text and background change together and stay
// readable. Each pair below is at least 7:1 (WCAG AAA).

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/**
 * `text` as HTML text or attribute value: `<script>` reads as those letters, never as markup
 * (security.md #22). Every value that did not come from this code (names, addresses, product
 * titles, links) goes through it.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** The colours of the shop's emails. */
export const MAIL_COLOURS = {
  /** Body text on `paper`: 16.5:1. */
  ink: "#1f1f1f",
  /** Secondary text on `paper` (8.9:1) and on `page` (7.9:1). */
  muted: "#4a4a4a",
  /** Links on `paper`: 8.4:1. */
  link: "#1a4a9a",
  paper: "#ffffff",
  /** Around the message and behind the footer. */
  page: "#f2f2f2",
  /** The masthead's background, under `paper` text: 18.9:1. */
  mast: "#111111",
  /** Rules between rows; decoration only, never the only sign of anything. */
  rule: "#c4c4c4",
};

const FONT = "Arial, Helvetica, sans-serif";

/** Inline style of a section heading (`<h2>`) inside a mail body. */
export const HEADING_STYLE = `margin:28px 0 8px;font-family:${FONT};font-size:18px;line-height:1.3;color:${MAIL_COLOURS.ink};`;
/** Inline style of a paragraph inside a mail body. */
export const PARAGRAPH_STYLE = `margin:0 0 12px;font-family:${FONT};font-size:16px;line-height:1.5;color:${MAIL_COLOURS.ink};`;
/** Inline style of a link inside a mail body: underlined, so it is not told by colour alone. */
export const LINK_STYLE = `color:${MAIL_COLOURS.link};text-decoration:underline;`;

/** Who sends the shop's emails, as the law asks a trader to say (terms and conditions §1). */
export const TRADER_DETAILS =
  "Encore is a trading name of Encore Merch Ltd, registered in England and Wales, company number 15550123. Unit 7, Canal Works, 21 Wharf Street, Manchester, M1 2AB, United Kingdom. VAT number GB 412 7731 58.";

/**
 * A whole HTML email around `body` (HTML the caller built with `escapeHtml`): `lang="en-GB"`, a
 * title, a masthead, a single column at most 600 pixels wide, and a footer with the trader's
 * details. Layout tables are `role="presentation"`, so screen readers read only the tables that
 * hold data.
 */
export function htmlMail({ title, body }: { title: string; body: string }): string {
  const { ink, muted, paper, page, mast } = MAIL_COLOURS;
  return [
    "<!DOCTYPE html>",
    '<html lang="en-GB" dir="ltr">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    '<meta name="supported-color-schemes" content="light dark">',
    `<title>${escapeHtml(title)}</title>`,
    "</head>",
    `<body style="margin:0;padding:0;background-color:${page};color:${ink};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;background-color:${page};color:${ink};">`,
    `<tr><td align="center" style="padding:24px 12px;background-color:${page};color:${ink};">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;border-collapse:collapse;background-color:${paper};color:${ink};font-family:${FONT};font-size:16px;line-height:1.5;">`,
    `<tr><td style="padding:16px 24px;background-color:${mast};color:${paper};font-family:${FONT};font-size:22px;font-weight:bold;letter-spacing:1px;">Encore</td></tr>`,
    `<tr><td style="padding:24px;background-color:${paper};color:${ink};font-family:${FONT};font-size:16px;line-height:1.5;">`,
    body,
    "</td></tr>",
    `<tr><td style="padding:16px 24px;background-color:${page};color:${muted};font-family:${FONT};font-size:13px;line-height:1.5;">${escapeHtml(TRADER_DETAILS)}</td></tr>`,
    "</table>",
    "</td></tr>",
    "</table>",
    "</body>",
    "</html>",
  ].join("\n");
}
