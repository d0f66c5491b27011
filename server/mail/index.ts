// The public surface of server/mail/: what other server modules may import
// (architecture.md §6, rule `only-through-module-index`). Everything else is internal.

export { dropMailOf, mailOf } from "./erasure.ts";
export {
  escapeHtml,
  HEADING_STYLE,
  htmlMail,
  LINK_STYLE,
  MAIL_COLOURS,
  PARAGRAPH_STYLE,
  TRADER_DETAILS,
} from "./html.ts";
export type { MailMessage } from "./service.ts";
export { outboxCounts, queueMail } from "./service.ts";
