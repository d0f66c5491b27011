import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";
import { eventually } from "./eventually.ts";

/**
 * Runs `requests` so that each passes its checks before any writes `table`: a transaction holds
 * the table in SHARE mode (reads go on, writes wait), the requests start, and once `writers` of
 * them wait for the lock it commits, releasing them together. PostgreSQL only: PGlite has one
 * connection, so nothing there runs at the same moment.
 */
export async function releasedTogether<T>(
  db: Db,
  table: string,
  writers: number,
  requests: Array<() => Promise<T>>,
): Promise<T[]> {
  let answers: Promise<T[]> | undefined;
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table "${table}" in share mode`));
    answers = Promise.all(requests.map((request) => request()));
    await eventually(async () => {
      const result = await db.execute(sql`
        select count(*)::int as n from pg_locks
        where relation = ${table}::regclass and not granted`);
      return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
    }, writers);
  });
  if (!answers) throw new Error("no requests were sent");
  return answers;
}
