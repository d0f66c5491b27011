import { formatPrice, formatWholePounds } from "../../../../common/money";

const count = new Intl.NumberFormat("en-GB");
const percent = new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 1 });
const shortDay = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  timeZone: "UTC",
});
const longDay = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** Figures as the overview writes them. Days are London's, YYYY-MM-DD: read as dates, not instants. */
export const format = {
  count: (n: number) => count.format(n),
  money: formatPrice,
  /** Pounds without pence, for a chart's axis: "£1,200". */
  pounds: formatWholePounds,
  percent: (share: number) => percent.format(share),
  shortDay: (day: string) => shortDay.format(new Date(`${day}T00:00:00Z`)),
  longDay: (day: string) => longDay.format(new Date(`${day}T00:00:00Z`)),
};
