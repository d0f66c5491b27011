// London time, declared once (issue 30): every clock reading, date and offset the shop writes on
// London's clock goes through here, and `npm run lint` (scripts/lint-rules.mjs) refuses an
// `Intl` format with `timeZone: "Europe/London"` anywhere else. Formatters are made on first use,
// not as a module loads: a page's first Intl formatter is a long task on a phone (issue 29).

const LONDON = "Europe/London";

/** A formatter made on first use. */
function lazy(options: Intl.DateTimeFormatOptions, locale = "en-GB") {
  let made: Intl.DateTimeFormat | undefined;
  return () => {
    made ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: LONDON });
    return made;
  };
}

const isoDay = lazy({}, "en-CA");
const longDate = lazy({ day: "numeric", month: "long", year: "numeric" });
const dateTime = lazy({ dateStyle: "medium", timeStyle: "short" });
const dayMonthTime = lazy({ day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
const clockTime = lazy({ hour: "2-digit", minute: "2-digit" });
const numericParts = lazy({
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});
const offsetName = lazy({ timeZoneName: "longOffset" });

/** The London day of an instant, as YYYY-MM-DD, by Intl (`londonDay` in london-days.ts is faster). */
export const londonDayByIntl = (at: Date) => isoDay().format(at);

/** A date as shoppers read it, by Intl: "10 October 2026" (`formatLongDate` in dates.ts first). */
export const londonLongDateByIntl = (at: Date) => longDate().format(at);

/** An instant as staff read it: "24 Nov 2026, 09:00". */
export const formatLondonDateTime = (at: Date | string) => dateTime().format(new Date(at));

/** An instant within the year, shortly: "24 Nov, 09:05". */
export const formatLondonDayAndTime = (at: Date | string) => dayMonthTime().format(new Date(at));

/** The time of day on London's clock: "14:05". */
export const formatLondonClock = (at: Date | string) => clockTime().format(new Date(at));

/** London's clock reading of an instant, field by field (24-hour, zero-padded). */
function londonParts(at: Date): Record<string, string> {
  return Object.fromEntries(
    numericParts()
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
}

/** An instant as a spreadsheet reads it, on London time: `2026-11-24 14:05`. */
export function formatLondonSpreadsheetTime(at: Date | string): string {
  const parts = londonParts(new Date(at));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** London's offset from UTC at `at`, in minutes (0 in winter, 60 in summer). */
export function londonOffsetMinutes(at: Date): number {
  const zone = offsetName()
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = zone?.match(/GMT([+-])(\d{2}):(\d{2})/);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** An instant as London's clock reads it, for a `datetime-local` field: "2026-11-24T14:05". */
export function londonLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const parts = londonParts(new Date(iso));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant London's clock reads `local` ("2026-11-24T14:05"), as ISO 8601 UTC, or undefined
 * for text that is not such a time. In the hour the clocks go back, the first of the two is meant.
 */
export function londonInstant(local: string): string | undefined {
  const match = LOCAL.exec(local.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // London is UTC or UTC+1: the reading that round-trips is the one meant.
  for (const offset of [60, 0]) {
    const candidate = new Date(asUtc - offset * 60_000).toISOString();
    if (londonLocal(candidate) === local.trim()) return candidate;
  }
  // A time skipped when the clocks go forward: an hour later is what the clock shows.
  return new Date(asUtc).toISOString();
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instant London's day `date` (YYYY-MM-DD) begins, `days` later, or undefined for a date
 * that does not exist. London's clocks change at 01:00 UTC, so its offset at midnight UTC is the
 * offset at its own midnight.
 */
export function londonDayStart(date: string, days = 0): Date | undefined {
  const match = DATE.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utc = new Date(Date.UTC(year, month - 1, day + days));
  const real = new Date(Date.UTC(year, month - 1, day));
  if (real.getUTCMonth() !== month - 1 || real.getUTCDate() !== day) return undefined;
  return new Date(utc.getTime() - londonOffsetMinutes(utc) * 60_000);
}
