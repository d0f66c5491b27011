// Dates as people read them, on London time. No runtime of either side, so the storefront and
// the server (emails) write the same date the same way.
import { londonCalendarDay } from "./london-days.ts";

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
// For what londonCalendarDay leaves to Intl; made on first use, not as the module loads (a
// page's first Intl formatter is a long task on a phone, issue 29).
let longDate: Intl.DateTimeFormat | undefined;

/** A date as shoppers read it, on London time: "10 October 2026". */
export function formatLongDate(iso: string): string {
  const at = new Date(iso);
  const day = londonCalendarDay(at);
  if (day) return `${day.day} ${MONTHS[day.month - 1]} ${day.year}`;
  longDate ??= new Intl.DateTimeFormat("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  });
  return longDate.format(at);
}
