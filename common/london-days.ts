import { londonDayByIntl } from "./london-time.ts";

// Days as staff count them: calendar days in London, written YYYY-MM-DD. Plain arithmetic on
// the date itself, so a day is a day whatever the clocks do.

const HOUR = 3_600_000;
// Years whose clocks follow today's rule (British Summer Time from 01:00 UTC on the last Sunday
// of March to 01:00 UTC on the last Sunday of October) as the time zone data has them; other
// instants are left to Intl.
const RULE_FROM = 1997;
const RULE_TO = 2037;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`, when the clocks change. */
function lastSundayAtOne(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The London calendar day of an instant (`month` 1–12), worked out without Intl: the first Intl
 * formatter a page makes loads the browser's locale and time zone data, a long task on a phone
 * (issue 29), and storefront pages write dates as they hydrate. Undefined outside the years
 * the rule covers (and for an invalid date), where Intl must answer.
 */
export function londonCalendarDay(
  at: Date,
): { year: number; month: number; day: number } | undefined {
  const instant = at.getTime();
  const utcYear = at.getUTCFullYear();
  if (!Number.isFinite(instant) || utcYear < RULE_FROM || utcYear > RULE_TO) return undefined;
  const summer =
    instant >= lastSundayAtOne(utcYear, 2) && instant < lastSundayAtOne(utcYear, 9) ? HOUR : 0;
  const london = new Date(instant + summer);
  return {
    year: london.getUTCFullYear(),
    month: london.getUTCMonth() + 1,
    day: london.getUTCDate(),
  };
}

/** The London day of an instant, as YYYY-MM-DD. */
export function londonDay(at = new Date()): string {
  const day = londonCalendarDay(at);
  if (day)
    return `${day.year}-${String(day.month).padStart(2, "0")}-${String(day.day).padStart(2, "0")}`;
  return londonDayByIntl(at);
}

/** The day `days` after (or before) `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How many days `to` is after `from` (0 for the same day). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
