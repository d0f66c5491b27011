/**
 * Turns what a shopper typed into a safe prefix tsquery: words of letters and digits only, each
 * matched as a prefix (search as you type), all required. Punctuation and operators are dropped,
 * so odd input can never break the query. Returns undefined when nothing searchable is left.
 */
export function toPrefixQuery(text: string): string | undefined {
  const words = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  if (words.length === 0) return undefined;
  return words.map((word) => `${word}:*`).join(" & ");
}
