import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import type { FunnelStepFigure } from "../../../../common/dashboard";
import { FUNNEL_STEP_LABELS } from "../../../../common/dashboard-labels";
import { format } from "./format";

const HEIGHT = 240;

/**
 * The shop-event funnel as bars, one per step, each with its conversion from the step before;
 * a picture with a summary, and the numbers in a table for screen readers.
 */
export function FunnelChart({ steps }: { steps: FunnelStepFigure[] }) {
  const rows = steps.map((step) => ({
    ...step,
    label: FUNNEL_STEP_LABELS[step.step],
    note:
      step.conversion === null
        ? format.count(step.count)
        : `${format.count(step.count)} · ${format.percent(step.conversion)}`,
  }));
  const summary = `Shop-event funnel: ${rows
    .map(
      (row) =>
        `${row.label} ${format.count(row.count)}${row.conversion === null ? "" : ` (${format.percent(row.conversion)} of the step before)`}`,
    )
    .join(", ")}.`;
  const none = steps.every((step) => step.count === 0);
  return (
    <>
      {none && <p className="text-sm text-muted">No shop events in this range yet.</p>}
      <div data-chart="funnel" role="img" aria-label={summary} style={{ height: HEIGHT }}>
        <ResponsiveContainer
          width="100%"
          height={HEIGHT}
          initialDimension={{ width: 400, height: HEIGHT }}
        >
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
      </div>
      <table className="sr-only">
        <caption>Shop-event funnel</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Visitors</th>
            <th scope="col">Conversion from the step before</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.step}>
              <th scope="row">{row.label}</th>
              <td>{format.count(row.count)}</td>
              <td>{row.conversion === null ? "—" : format.percent(row.conversion)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
