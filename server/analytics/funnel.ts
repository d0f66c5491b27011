import { and, between, inArray, ne, sql } from "drizzle-orm";
import { FUNNEL_STEPS, type FunnelStepFigure } from "../../common/dashboard.ts";
import type { Db } from "../db/client.ts";
import { type DayRange, withinLondonDays } from "../db/london-days.ts";
import { analyticsDaily, analyticsEvents } from "./schema.ts";

/**
 * The shop-event funnel over London's days `from` to `to`: how many visitors took each step, and
 * what share of the step before reached it. A visitor is the day's hash of the events (see
 * `visitorOf`), counted once per step however often they took it; an event without one (from
 * before it was kept) counts on its own, as do the daily counts events are rolled up into after
 * the retention period, so an old range still answers. Bots are left out.
 */
export async function shopFunnel(db: Db, range: DayRange): Promise<FunnelStepFigure[]> {
  const steps = [...FUNNEL_STEPS];
  const [recent, rolledUp] = await Promise.all([
    db
      .select({
        name: analyticsEvents.name,
        count: sql<number>`count(distinct coalesce(${analyticsEvents.visitor}, ${analyticsEvents.id}::text))::int`,
      })
      .from(analyticsEvents)
      .where(
        and(
          inArray(analyticsEvents.name, steps),
          ne(analyticsEvents.device, "bot"),
          withinLondonDays(analyticsEvents.createdAt, range),
        ),
      )
      .groupBy(analyticsEvents.name),
    db
      .select({ name: analyticsDaily.name, count: sql<number>`sum(${analyticsDaily.events})::int` })
      .from(analyticsDaily)
      .where(
        and(
          inArray(analyticsDaily.name, steps),
          ne(analyticsDaily.device, "bot"),
          between(analyticsDaily.day, range.from, range.to),
        ),
      )
      .groupBy(analyticsDaily.name),
  ]);
  const counts = new Map<string, number>();
  for (const row of [...recent, ...rolledUp]) {
    counts.set(row.name, (counts.get(row.name) ?? 0) + row.count);
  }
  return steps.map((step, index) => {
    const count = counts.get(step) ?? 0;
    const before = index === 0 ? undefined : (counts.get(steps[index - 1] as string) ?? 0);
    return {
      step,
      count,
      conversion: before === undefined ? null : before === 0 ? 0 : count / before,
    };
  });
}
