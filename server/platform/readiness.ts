import type { Database } from "../db/client.ts";
import { pendingMigrations } from "../db/migrate.ts";
import { withinDeadline } from "../http/deadline.ts";
import type { Lifecycle } from "../http/env.ts";

/**
 * How long the readiness check waits for the database: well under a load balancer's own check
 * timeout, so it hears "not ready" rather than nothing.
 */
export const READY_TIMEOUT_MS = 2_000;

export type Readiness = { ready: true } | { ready: false; reason: string };

/**
 * Whether this process should be sent requests: it is not draining, its database answers
 * `select 1` within `timeoutMs`, and every migration of this build is applied.
 */
export async function checkReadiness(
  database: Database,
  lifecycle: Lifecycle,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<Readiness> {
  if (lifecycle.draining) return { ready: false, reason: "This process is shutting down." };
  const pending = await withinDeadline(timeoutMs, async () =>
    (await database.ping()) ? pendingMigrations(database.db) : undefined,
  ).catch(() => undefined);
  if (pending === undefined) {
    return { ready: false, reason: `The database did not answer within ${timeoutMs} ms.` };
  }
  if (pending > 0) {
    return {
      ready: false,
      reason: `${pending} database migration${pending === 1 ? " is" : "s are"} not applied yet.`,
    };
  }
  return { ready: true };
}
