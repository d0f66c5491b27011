import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { holdsAny } from "../db/scrub.ts";
import { analyticsEvents } from "./schema.ts";

/**
 * UK GDPR erasure, the analytics' part. The events are cookieless and keep no account (a
 * customer's own events cannot be told apart), so the only personal data they can hold is what
 * someone typed into the search box: a search for the customer's email or name loses its term.
 */
export async function forgetSearchesFor(tx: Db, words: string[]): Promise<void> {
  if (words.length === 0) return;
  await tx
    .update(analyticsEvents)
    .set({ searchTerm: null })
    .where(
      sql`${analyticsEvents.searchTerm} is not null and ${holdsAny(analyticsEvents.searchTerm, words)}`,
    );
}
