import { lazy, Suspense } from "react";
import type { DailySales } from "../../../../common/dashboard";
import { format } from "./format";

const HEIGHT = 260;
// recharts loads with the first chart drawn (decision 0030); the frame below keeps its place.
const SalesDrawing = lazy(async () => ({ default: (await import("./drawings")).SalesDrawing }));

/**
 * Sales per London day as an area chart, pounds on the axis. The chart is a picture with a
 * summary for screen readers, and the same numbers follow in a table they can read; it has a
 * fixed height so the server renders its frame and the browser draws it in place.
 */
export function SalesChart({ days, total }: { days: DailySales[]; total: number }) {
  const first = days[0]?.day ?? "";
  const last = days.at(-1)?.day ?? "";
  const best = days.reduce<DailySales | undefined>(
    (top, day) => (day.sales > (top?.sales ?? 0) ? day : top),
    undefined,
  );
  const summary = `Sales per day from ${format.longDay(first)} to ${format.longDay(last)}: ${format.money(total)} in all${
    best
      ? `, the best day ${format.longDay(best.day)} with ${format.money(best.sales)}`
      : ", none yet"
  }.`;
  return (
    <>
      <div data-chart="sales" role="img" aria-label={summary} style={{ height: HEIGHT }}>
        <Suspense fallback={null}>
          <SalesDrawing days={days} height={HEIGHT} />
        </Suspense>
      </div>
      <table className="sr-only">
        <caption>Sales per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Sales</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{format.longDay(day.day)}</th>
              <td>{format.money(day.sales)}</td>
              <td>{format.count(day.orders)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
