const LONG_DATE = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/London",
});

/** A date as shoppers read it, on London time: "10 October 2026". */
export function formatLongDate(iso: string): string {
  return LONG_DATE.format(new Date(iso));
}

/** Today's date in London as YYYY-MM-DD (what "closes on" dates compare against). */
export function londonToday(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now);
}
