import { and, gte, ne, sql } from "drizzle-orm";
import { isbot } from "isbot";
import { EVENT_NAMES, type EventName } from "../../common/analytics.ts";
import type { Db } from "../db/client.ts";
import { analyticsEvents, type DeviceClass } from "./schema.ts";
import type { PublicEventInput } from "./validators.ts";
import { visitorOf } from "./visitor.ts";

const MOBILE = /Mobi|Android|iPhone|iPad|iPod|Tablet|Silk|Kindle|Opera Mini|IEMobile/i;

/** A coarse device class from a User-Agent; no User-Agent at all is a script, so a bot. */
export function deviceClass(userAgent: string | undefined): DeviceClass {
  if (!userAgent || isbot(userAgent)) return "bot";
  return MOBILE.test(userAgent) ? "mobile" : "desktop";
}

/**
 * Stores one shop event without personal data: the User-Agent becomes a device class, and with
 * the client's address the day's visitor hash (`visitorOf`); both are then dropped. A referrer
 * that is the shop itself (`ownHost`) is not worth keeping.
 */
export async function recordEvent(
  db: Db,
  input: PublicEventInput,
  context: { userAgent: string | undefined; ownHost: string; clientAddress: string },
): Promise<void> {
  const referrerHost =
    input.referrerHost && input.referrerHost !== context.ownHost.toLowerCase()
      ? input.referrerHost
      : null;
  await db.insert(analyticsEvents).values({
    name: input.name,
    path: input.path,
    items: input.items ?? null,
    valuePence: input.value === undefined ? null : Math.round(input.value * 100),
    searchTerm: input.searchTerm || null,
    listName: input.listName || null,
    device: deviceClass(context.userAgent),
    referrerHost,
    visitor: await visitorOf(db, {
      address: context.clientAddress,
      userAgent: context.userAgent,
      siteHost: context.ownHost,
    }),
  });
}

/**
 * How many events of each name happened at or after `since`, every name present (0 when none).
 * Bots are left out unless `includeBots`.
 */
export async function countEvents(
  db: Db,
  query: { since: Date; includeBots?: boolean },
): Promise<Record<EventName, number>> {
  const rows = await db
    .select({ name: analyticsEvents.name, count: sql<number>`count(*)::int` })
    .from(analyticsEvents)
    .where(
      and(
        gte(analyticsEvents.createdAt, query.since),
        query.includeBots ? undefined : ne(analyticsEvents.device, "bot"),
      ),
    )
    .groupBy(analyticsEvents.name);
  const counts = Object.fromEntries(EVENT_NAMES.map((name) => [name, 0])) as Record<
    EventName,
    number
  >;
  for (const row of rows) counts[row.name] = row.count;
  return counts;
}
