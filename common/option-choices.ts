// Kept apart from common/catalog.ts, whose zod schemas must stay out of the pages' bundles (zod
// probes for eval, which the shop's CSP refuses).
const optionList = new Intl.ListFormat("en-GB", { type: "conjunction" });

/**
 * What a product page asks for while options are missing: "Choose your size", "Choose your
 * format", "Choose your size, colour and fit". Only the options still to pick, by their own names.
 */
export function choiceNeeded(missingOptionTitles: readonly string[]): string {
  return `Choose your ${optionList.format(missingOptionTitles.map((title) => title.toLowerCase()))}`;
}
