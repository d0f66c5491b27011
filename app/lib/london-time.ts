// A date and time on London's clock, as a `datetime-local` field holds it ("2026-11-24T14:05"),
// and the instant it stands for. Staff type London times; the API speaks UTC instants.

const PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** An instant as London's clock reads it, for a `datetime-local` field: "2026-11-24T14:05". */
export function londonLocal(iso: string | null | undefined): string {
  if (!iso) return "";
  const parts = Object.fromEntries(
    PARTS.formatToParts(new Date(iso)).map((part) => [part.type, part.value]),
  );
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
