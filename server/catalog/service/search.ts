import { asc, sql } from "drizzle-orm";
import { type Actor, recordAudit } from "../../audit/index.ts";
import type { Db } from "../../db/client.ts";
import { searchSynonyms } from "../schema.ts";

/**
 * Search (issue 29): what a shopper types becomes a tsquery over the products' search documents
 * in three steps, each kept apart so it can be read and tested alone:
 * - words: letters and digits only, accents dropped, lower case (odd input never breaks a query);
 * - synonyms: a word (or two or three words together, "t shirt") that is in a staff group also
 *   finds every other word of the group (tee finds T-shirts);
 * - spelling (`correctSpelling`): a word no product has, not even as the start of a word, is
 *   replaced by the nearest catalogue word (pg_trgm), and the page says so.
 */

/** At most this many words of a search are used. */
const MAX_WORDS = 8;
/** A group's words longer than this are refused (also a stored word's limit). */
export const SYNONYM_MAX_LENGTH = 40;
/** A misspelt word is replaced only by a catalogue word at least this similar (pg_trgm). */
const SPELLING_SIMILARITY = 0.35;
/** Words shorter than this are not corrected: too few letters to tell what was meant. */
const SPELLING_MIN_LENGTH = 4;
/** How long a process uses the synonyms it read before it reads them again. */
export const SYNONYMS_LIFETIME_MS = 30_000;

/** The words of a search, as the search document's parser would split them, lower case. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_WORDS);
}

/**
 * Turns what a shopper typed into a safe prefix tsquery: each word matched as a prefix (search as
 * you type), all required. Returns undefined when nothing searchable is left.
 */
export function toPrefixQuery(text: string, synonyms?: SynonymIndex): string | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  const parts: string[] = [];
  for (let at = 0; at < words.length; ) {
    const match = synonyms ? longestSynonymAt(words, at, synonyms) : undefined;
    if (!match) {
      parts.push(`${words[at]}:*`);
      at++;
      continue;
    }
    const typed = words.slice(at, at + match.length);
    // As typed (each a prefix), or any word of the group (each of its words required).
    const alternatives = [
      typed.map((word) => `${word}:*`).join(" & "),
      ...match.alternatives.map((alternative) => searchWords(alternative).join(" & ")),
    ].filter((alternative) => alternative.length > 0);
    parts.push(`(${[...new Set(alternatives)].map((part) => `(${part})`).join(" | ")})`);
    at += match.length;
  }
  return parts.join(" & ");
}

/** A group's words by their key: a word's letters and digits, without spaces or hyphens. */
export type SynonymIndex = Map<string, string[]>;

const keyOf = (words: string[]) => words.join("");

/** The synonym groups as an index from each word's key to every word of its groups. */
export function synonymIndex(groups: string[][]): SynonymIndex {
  const index: SynonymIndex = new Map();
  for (const group of groups)
    for (const word of group) {
      const key = keyOf(searchWords(word));
      if (!key) continue;
      index.set(key, [...new Set([...(index.get(key) ?? []), ...group])]);
    }
  return index;
}

/**
 * The longest run of words from `at` (four words at most) that a group holds, as typed or in the
 * plural ("tees", "hoodies"); undefined when none does.
 */
function longestSynonymAt(
  words: string[],
  at: number,
  synonyms: SynonymIndex,
): { length: number; alternatives: string[] } | undefined {
  for (let length = Math.min(4, words.length - at); length >= 1; length--) {
    const key = keyOf(words.slice(at, at + length));
    const alternatives =
      synonyms.get(key) ??
      (key.endsWith("es") ? synonyms.get(key.slice(0, -2)) : undefined) ??
      (key.endsWith("s") ? synonyms.get(key.slice(0, -1)) : undefined);
    if (alternatives) return { length, alternatives };
  }
  return undefined;
}

type KeptSynonyms = { index: SynonymIndex; readAt: number; loading?: Promise<SynonymIndex> };
const keptSynonyms = new WeakMap<Db, KeptSynonyms>();

/**
 * This process's synonym index for `db`, read at most `SYNONYMS_LIFETIME_MS` ago (every search
 * needs it; the groups change rarely). A change in this process is seen at once
 * (`outdateSynonyms`), in the others within the lifetime or on the shop's change notice.
 */
export async function searchSynonymIndex(db: Db, now = Date.now()): Promise<SynonymIndex> {
  const kept = keptSynonyms.get(db);
  if (kept && now - kept.readAt < SYNONYMS_LIFETIME_MS) return kept.index;
  if (kept?.loading) return kept.loading;
  const loading = listSynonymGroups(db).then((groups) => {
    const index = synonymIndex(groups.map((group) => group.words));
    keptSynonyms.set(db, { index, readAt: now });
    return index;
  });
  if (kept) kept.loading = loading;
  try {
    return await loading;
  } catch (error) {
    // A failed read keeps the old index, when there is one.
    if (kept) return kept.index;
    throw error;
  }
}

/** The synonyms changed: the next search reads them again. */
export function outdateSynonyms(db: Db): void {
  keptSynonyms.delete(db);
}

/** The synonym groups in the staff's order. */
export async function listSynonymGroups(db: Db): Promise<Array<{ id: number; words: string[] }>> {
  return db
    .select({ id: searchSynonyms.id, words: searchSynonyms.words })
    .from(searchSynonyms)
    .orderBy(asc(searchSynonyms.position), asc(searchSynonyms.id));
}

/** The synonyms' resource name in the audit log. */
export const SEARCH_SYNONYMS = "search-synonyms";

/**
 * Replaces every synonym group with `groups` (the staff's whole list, in order), as one audit
 * entry. Words are kept lower case and trimmed, each once a group. The caller announces the
 * change once committed (`outdateSynonyms` here, the shop's change notice to the others).
 */
export async function replaceSynonymGroups(
  tx: Db,
  groups: string[][],
  actor: Actor,
): Promise<{ groups: string[][] }> {
  const before = (await listSynonymGroups(tx)).map((group) => group.words);
  const after = groups
    .map((group) => [...new Set(group.map((word) => word.trim().toLowerCase()))])
    .filter((group) => group.length >= 2);
  await tx.delete(searchSynonyms);
  if (after.length)
    await tx
      .insert(searchSynonyms)
      .values(after.map((words, position) => ({ words, position: position + 1 })));
  await recordAudit(tx, {
    actor,
    action: "update",
    resource: SEARCH_SYNONYMS,
    resourceId: "all",
    label: "Search words",
    before: { groups: before.map((group) => group.join(", ")) },
    after: { groups: after.map((group) => group.join(", ")) },
  });
  return { groups: after };
}

/** The tsquery of a search, its words widened by the staff's synonyms. */
export async function searchTsquery(db: Db, text: string): Promise<string | undefined> {
  return toPrefixQuery(text, await searchSynonymIndex(db));
}

/**
 * The search as the shopper meant it: each word that no catalogue word starts with (nor its
 * stem: "hoodies" is known through "hoodie"), and no synonym group holds, replaced by the most
 * similar catalogue word. `correctedFrom` is set when a word was replaced.
 */
export async function correctSpelling(
  db: Db,
  text: string,
): Promise<{ text: string; correctedFrom?: string }> {
  const words = searchWords(text);
  const synonyms = await searchSynonymIndex(db);
  const doubtful = [
    ...new Set(
      words.filter(
        (word, at) =>
          word.length >= SPELLING_MIN_LENGTH &&
          !/^\d+$/.test(word) &&
          !longestSynonymAt(words, at, synonyms),
      ),
    ),
  ];
  if (doubtful.length === 0) return { text };
  // Two words a catalogue word is made of ("tin foil": Tinfoil Monarchs) are read as that word.
  const pairs = words.slice(1).map((word, at) => `${words[at]}${word}`);
  const result = await db.execute(sql`
    select w.word, false as joined,
      exists (select 1 from search_terms t where t.term like w.word || '%')
        or exists (select 1 from search_terms t
          where t.term like coalesce((ts_lexize('english_stem', w.word))[1], w.word) || '%')
        as known,
      (select t.term from search_terms t
        where (t.term % w.word
            or (t.term like left(w.word, 1) || '%' and abs(length(t.term) - length(w.word)) <= 2))
          and (similarity(t.term, w.word) >= ${SPELLING_SIMILARITY}
            or levenshtein_less_equal(t.term, w.word, 2)
              <= case when length(w.word) >= 6 then 2 else 1 end)
        order by levenshtein_less_equal(t.term, w.word, 3), similarity(t.term, w.word) desc, t.term
        limit 1) as nearest
    from unnest(${sql.param(doubtful)}::text[]) as w(word)
    union all
    select t.term, true, true, null from search_terms t where t.term = any(${sql.param(pairs)}::text[])`);
  const rows = (
    result as unknown as {
      rows: Array<{ word: string; joined: boolean; known: boolean; nearest: string | null }>;
    }
  ).rows;
  const joined = new Set(rows.filter((row) => row.joined).map((row) => row.word));
  const replacements = new Map<string, string>();
  for (const row of rows)
    if (!row.joined && !row.known && row.nearest) replacements.set(row.word, row.nearest);
  const corrected: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const word = words[at] as string;
    const next = words[at + 1];
    if (next !== undefined && joined.has(`${word}${next}`)) {
      corrected.push(`${word}${next}`);
      at++;
    } else corrected.push(replacements.get(word) ?? word);
  }
  if (corrected.join(" ") === words.join(" ")) return { text };
  return { text: corrected.join(" "), correctedFrom: text };
}
