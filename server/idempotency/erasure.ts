import { like, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { idempotencyKeys } from "./schema.ts";

/**
 * UK GDPR erasure, the idempotency records' part: the stored outcomes of the account's money
 * calls (a checkout's answer holds the order, with its email and addresses) and any other outcome
 * naming its email are deleted. A retry with such a key runs again, as a new key would; the
 * order it would have found is kept, anonymised, by the orders module.
 */
export async function forgetOutcomesOf(tx: Db, user: { id: number; email: string }) {
  await tx
    .delete(idempotencyKeys)
    .where(
      or(
        like(idempotencyKeys.scope, `% account ${user.id}`),
        sql`strpos(${idempotencyKeys.outcome}::text, ${user.email}) > 0`,
      ),
    );
}
