import { type AnyColumn, type SQL, sql } from "drizzle-orm";

// UK GDPR erasure (issue 15): personal words taken out of free text that other records keep (a
// timeline's message, an audit entry's fields), leaving the rest of the text as it was.

/** What an erased word reads as. */
export const ERASED = "[erased]";

/** The words worth looking for: at least three characters, each once, longest first. */
export function personalWords(words: Array<string | null | undefined>): string[] {
  const kept = words.map((word) => word?.trim() ?? "").filter((word) => word.length >= 3);
  return [...new Set(kept)].sort((a, b) => b.length - a.length);
}

/** `column` (text) with every one of `words` replaced by `[erased]`. */
export function scrubbedText(column: AnyColumn | SQL, words: string[]): SQL {
  return words.reduce<SQL>(
    (text, word) => sql`replace(${text}, ${word}, ${ERASED})`,
    sql`${column}`,
  );
}

/**
 * `column` (jsonb) with `words` replaced inside its text. Only words that JSON writes as they are
 * (no quotes, backslashes or control characters) are replaced, so the result is still JSON.
 */
export function scrubbedJson(column: AnyColumn | SQL, words: string[]): SQL {
  const safe = words.filter((word) => JSON.stringify(word) === `"${word}"`);
  return sql`(${scrubbedText(sql`${column}::text`, safe)})::jsonb`;
}

/** Whether `column` (text, or jsonb read as text) holds any of `words`. */
export function holdsAny(column: AnyColumn | SQL, words: string[]): SQL {
  if (words.length === 0) return sql`false`;
  return sql`(${sql.join(
    words.map((word) => sql`strpos(${column}::text, ${word}) > 0`),
    sql` or `,
  )})`;
}
