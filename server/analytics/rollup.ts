import { sql } from "drizzle-orm";
import type { Database, Db } from "../db/client.ts";
import { runSingleton } from "../db/singleton-job.ts";
import { inTransaction } from "../db/transaction.ts";
import type { Logger } from "../logger.ts";
import { forgetOldSalts } from "./visitor.ts";

/** Raw events are kept this long; older ones live on only as daily counts. */
export const EVENT_RETENTION_DAYS = 90;
/** Events moved in one transaction, so a backlog never holds locks for long. */
const ROLLUP_BATCH = 5_000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Moves up to a batch of events older than the retention period into the daily counts, in one
 * transaction: each is counted exactly once, even with several processes at it (rows another
 * process holds are skipped). Returns how many were moved.
 */
export async function rollUpOldEvents(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - EVENT_RETENTION_DAYS * 24 * HOUR_MS);
  return inTransaction(db, async (tx) => {
    const result = await tx.execute(sql`
      with moved as (
        delete from analytics_events
        where id in (
          select id from analytics_events
          where created_at < ${cutoff}
          order by id
          limit ${ROLLUP_BATCH}
          for update skip locked
        )
        returning created_at, name, device, path, value_pence
      ),
      counted as (
        insert into analytics_daily (day, name, device, path, events, value_pence)
        select (created_at at time zone 'Europe/London')::date, name, device, path,
               count(*)::int, coalesce(sum(value_pence), 0)
        from moved
        group by 1, 2, 3, 4
        on conflict (day, name, device, path) do update
          set events = analytics_daily.events + excluded.events,
              value_pence = analytics_daily.value_pence + excluded.value_pence
      )
      select count(*)::int as moved from moved`);
    return (result as unknown as { rows: Array<{ moved: number }> }).rows[0]?.moved ?? 0;
  });
}

/**
 * Rolls old events up and deletes the visitor salts of past days, at start and then hourly, until
 * stopped: in one process at a time across the database.
 */
export function startEventRollup(database: Database, logger: Logger) {
  let stopped = false;
  const run = async () => {
    try {
      // One process rolls up per tick; the rows it moves are claimed too (`rollUpOldEvents`).
      await runSingleton(database, "analytics:rollup", async () => {
        let moved = 0;
        let batch: number;
        do {
          batch = await rollUpOldEvents(database.db);
          moved += batch;
        } while (batch === ROLLUP_BATCH && !stopped);
        if (moved) logger.info({ moved }, "analytics events rolled up");
        await forgetOldSalts(database.db);
      });
    } catch (error) {
      logger.error({ err: error }, "analytics roll-up failed");
    }
  };
  const first = run();
  const timer = setInterval(() => void run(), HOUR_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await first;
    },
  };
}
