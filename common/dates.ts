// Dates as people read them, on London time. Plain Intl, no runtime of either side, so the
// storefront and the server (emails) write the same date the same way.

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
