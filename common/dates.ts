// Dates as people read them, on London time. No runtime of either side, so the storefront and
// the server (emails) write the same date the same way.
import { londonCalendarDay } from "./london-days.ts";
import { londonLongDateByIntl } from "./london-time.ts";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
/** A date as shoppers read it, on London time: "10 October 2026". */
export function formatLongDate(iso: string): string {
  const at = new Date(iso);
  const day = londonCalendarDay(at);
  if (day) return `${day.day} ${MONTHS[day.month - 1]} ${day.year}`;
  return londonLongDateByIntl(at);
}
