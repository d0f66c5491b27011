import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from "recharts";
import { FUNNEL_STEP_LABELS, type FunnelStepFigure } from "../../../../common/dashboard";
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
  return (
    <>
      <div data-chart="funnel" role="img" aria-label={summary} style={{ height: HEIGHT }}>
        <ResponsiveContainer
          width="100%"
          height={HEIGHT}
          initialDimension={{ width: 400, height: HEIGHT }}
        >
          <BarChart data={rows} margin={{ top: 24, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e4ded4" vertical={false} />
            <XAxis
              dataKey="label"
              tick={{ fill: "#5b5563", fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: "#e4ded4" }}
              interval={0}
            />
            <YAxis hide allowDecimals={false} />
            <Bar
              dataKey="count"
              name="Events"
              fill="#16131a"
              radius={[6, 6, 0, 0]}
              isAnimationActive={false}
            >
              <LabelList dataKey="note" position="top" fill="#16131a" fontSize={12} />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Shop-event funnel</caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Events</th>
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
