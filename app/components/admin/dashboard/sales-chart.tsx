import {
  Area,
  AreaChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { DailySales } from "../../../../common/dashboard";
import { format } from "./format";

const HEIGHT = 260;

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
        <ResponsiveContainer
          width="100%"
          height={HEIGHT}
          initialDimension={{ width: 800, height: HEIGHT }}
        >
          <AreaChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <defs>
              <linearGradient id="sales-fill" x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor="#b0124b" stopOpacity={0.25} />
                <stop offset="100%" stopColor="#b0124b" stopOpacity={0.02} />
              </linearGradient>
            </defs>
            <CartesianGrid stroke="#e4ded4" vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={format.shortDay}
              tick={{ fill: "#5b5563", fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: "#e4ded4" }}
              minTickGap={24}
            />
            <YAxis
              tickFormatter={format.pounds}
              tick={{ fill: "#5b5563", fontSize: 12 }}
              tickLine={false}
              axisLine={false}
              width={72}
              allowDecimals={false}
            />
            <Tooltip
              labelFormatter={(day) => format.longDay(String(day))}
              formatter={(pence) => [format.money(Number(pence)), "Sales"]}
            />
            <Area
              type="monotone"
              dataKey="sales"
              name="Sales"
              stroke="#b0124b"
              strokeWidth={2}
              fill="url(#sales-fill)"
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
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
