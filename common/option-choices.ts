// Kept apart from common/catalog.ts, whose zod schemas must stay out of the pages' bundles (zod
// probes for eval, which the shop's CSP refuses).

/**
 * "size", "size and colour", "size, colour and fit": Intl.ListFormat's en-GB conjunction, written
 * out because the product page says it as it hydrates, and a page's first Intl formatter loads
 * the browser's locale data, a long task on a phone (issue 29).
 */
function conjunction(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/**
 * What a product page asks for while options are missing: "Choose your size", "Choose your
 * format", "Choose your size, colour and fit". Only the options still to pick, by their own names.
 */
export function choiceNeeded(missingOptionTitles: readonly string[]): string {
  return `Choose your ${conjunction(missingOptionTitles.map((title) => title.toLowerCase()))}`;
}
