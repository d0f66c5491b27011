import { isDatabaseUnavailable } from "../http/errors.ts";

// A listing answer is tens of kilobytes; this bounds the copy at a few tens of megabytes.
const MAX_ANSWERS = 500;

export type LastGoodAnswers = {
  /**
   * `load()`'s answer, kept under `key`. When the database does not answer and an earlier answer
   * for `key` is kept, that one is returned instead and `onStale` is called; otherwise the error
   * stands.
   */
  read<T>(key: string, load: () => Promise<T>, onStale: () => void): Promise<T>;
};

/**
 * security.md #15: while the database falters, catalogue pages a shopper has seen before are
 * served from the last answer this process read (prices may be minutes old; the checkout prices
 * everything again). Kept per process, least recently used out, and used only on failure: a
 * working database is always read.
 */
export function createLastGoodAnswers(maxAnswers = MAX_ANSWERS): LastGoodAnswers {
  const answers = new Map<string, unknown>();
  return {
    async read(key, load, onStale) {
      try {
        const answer = await load();
        answers.delete(key);
        answers.set(key, answer);
        if (answers.size > maxAnswers) answers.delete(answers.keys().next().value as string);
        return answer;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || !answers.has(key)) throw error;
        onStale();
        return answers.get(key) as Awaited<ReturnType<typeof load>>;
      }
    },
  };
}
