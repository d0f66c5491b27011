export { formatLongDate } from "../../common/dates.ts";

/** Today's date in London as YYYY-MM-DD (what "closes on" dates compare against). */
export function londonToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now);
}
