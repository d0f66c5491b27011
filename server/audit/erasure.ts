import { or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { holdsAny, scrubbedJson, scrubbedText } from "../db/scrub.ts";
import { auditEntries } from "./schema.ts";

/**
 * UK GDPR erasure, the audit log's part: entries keep who did what and when, but an erased
 * customer's email and name in an entry's label or fields read `[erased]`.
 */
export async function scrubAuditOf(tx: Db, words: string[]): Promise<void> {
  if (words.length === 0) return;
  await tx
    .update(auditEntries)
    .set({
      label: sql`${scrubbedText(auditEntries.label, words)}`,
      before: sql`${scrubbedJson(auditEntries.before, words)}`,
      after: sql`${scrubbedJson(auditEntries.after, words)}`,
    })
    .where(
      or(
        holdsAny(auditEntries.label, words),
        holdsAny(auditEntries.before, words),
        holdsAny(auditEntries.after, words),
      ),
    );
}
