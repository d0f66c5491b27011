import { z } from "zod";
import {
  type DashboardView,
  DEFAULT_LOW_STOCK_THRESHOLD,
  DEFAULT_RANGE_DAYS,
  MAX_RANGE_DAYS,
} from "../../common/dashboard.ts";
import { addDays, daysBetween, eachDay, londonDay } from "../../common/london-days.ts";
import { shopFunnel } from "../analytics/index.ts";
import { lowStockVariants } from "../catalog/index.ts";
import type { Db } from "../db/client.ts";
import {
  ordersToDispatch,
  salesByDay,
  salesTotals,
  topBands,
  topProducts,
} from "../orders/index.ts";

const CalendarDay = z
  .string()
  .max(10, "Use a date like 2026-11-24.")
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-24.")
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, "No such date.");

/** GET /api/staff/dashboard: the days to look at (London), and what "low stock" means. */
export const DashboardQuery = z
  .strictObject({
    from: CalendarDay.optional(),
    to: CalendarDay.optional(),
    lowStock: z.coerce
      .number({ error: "Must be a whole number of units." })
      .int("Must be a whole number of units.")
      .min(0)
      .max(10_000)
      .default(DEFAULT_LOW_STOCK_THRESHOLD),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    if (query.to < query.from) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: "The end date must not be before the start date.",
      });
    } else if (daysBetween(query.from, query.to) >= MAX_RANGE_DAYS) {
      context.addIssue({
        code: "custom",
        path: ["to"],
        message: `Choose at most ${MAX_RANGE_DAYS} days.`,
      });
    }
  });
export type DashboardQuery = z.output<typeof DashboardQuery>;

/** The range asked for; a missing end is 30 days on from the start, or today; a missing start
 * is 30 days back from the end. */
export function dashboardRange(query: Pick<DashboardQuery, "from" | "to">, today: string) {
  const span = DEFAULT_RANGE_DAYS - 1;
  const to = query.to ?? (query.from ? addDays(query.from, span) : today);
  return { from: query.from ?? addDays(to, -span), to };
}

/**
 * The back office's overview of trade (issue 15): each module answers its own part, today and
 * this month in London whatever the range, the rest over the range.
 */
export async function dashboard(
  db: Db,
  query: DashboardQuery,
  now = new Date(),
): Promise<DashboardView> {
  const today = londonDay(now);
  const range = dashboardRange(query, today);
  const month = { from: `${today.slice(0, 8)}01`, to: today };
  const [todays, months, totals, byDay, toDispatch, products, bands, lowStock, funnel] =
    await Promise.all([
      salesTotals(db, { from: today, to: today }),
      salesTotals(db, month),
      salesTotals(db, range),
      salesByDay(db, range),
      ordersToDispatch(db, today),
      topProducts(db, range),
      topBands(db, range),
      lowStockVariants(db, query.lowStock),
      shopFunnel(db, range),
    ]);
  const sold = new Map(byDay.map((row) => [row.day, row]));
  return {
    range,
    today: { day: today, ...todays },
    month: { ...month, ...months },
    rangeTotals: totals,
    toDispatch,
    dailySales: eachDay(range.from, range.to).map(
      (day) => sold.get(day) ?? { day, sales: 0, orders: 0 },
    ),
    topProducts: products,
    topBands: bands,
    lowStock: { threshold: query.lowStock, ...lowStock },
    funnel,
  };
}
