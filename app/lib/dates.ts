export { formatLongDate } from "../../common/dates.ts";

/** Today's date in London as YYYY-MM-DD (what "closes on" dates compare against). */
export { londonDay as londonToday } from "../../common/london-days.ts";
