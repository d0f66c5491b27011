// Days as staff count them: calendar days in London, written YYYY-MM-DD. Plain arithmetic on
// the date itself, so a day is a day whatever the clocks do.

const LONDON_DATE = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" });

/** The London day of an instant, as YYYY-MM-DD. */
export const londonDay = (at = new Date()): string => LONDON_DATE.format(at);

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
