import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { DailySales, FunnelStepFigure } from "../../../../common/dashboard";
import { format } from "./format";

// The dashboard's charts as recharts draws them, in a module of their own that the charts load on
// first use (React.lazy): recharts then costs the server's memory and the browser's download only
// where the dashboard is shown, not in every process at start (decision 0030).

/** The sales per day, an area chart `height` pixels high. */
export function SalesDrawing({ days, height }: { days: DailySales[]; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 800, height }}>
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
  );
}

/** A funnel step as the funnel's bars label it. */
export type FunnelRow = FunnelStepFigure & { label: string; note: string };

/** The funnel's steps as bars, `height` pixels high. */
export function FunnelDrawing({ rows, height }: { rows: FunnelRow[]; height: number }) {
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 400, height }}>
      <BarChart
        data={rows}
        layout="vertical"
        margin={{ top: 0, right: 112, bottom: 0, left: 0 }}
        barCategoryGap="22%"
      >
        <CartesianGrid stroke="#e4ded4" horizontal={false} />
        <XAxis type="number" hide allowDecimals={false} />
        <YAxis
          type="category"
          dataKey="label"
          width={136}
          tick={{ fill: "#16131a", fontSize: 13 }}
          tickLine={false}
          axisLine={false}
        />
        <Bar
          dataKey="count"
          name="Visitors"
          fill="#b0124b"
          background={{ fill: "#f4efe8" }}
          radius={[0, 6, 6, 0]}
          isAnimationActive={false}
        >
          <LabelList dataKey="note" position="right" fill="#16131a" fontSize={12} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
