import { lazy, Suspense } from "react";
import type { FunnelStepFigure } from "../../../../common/dashboard";
import { FUNNEL_STEP_LABELS } from "../../../../common/dashboard-labels";
import { format } from "./format";

const HEIGHT = 240;
// recharts loads with the first chart drawn (decision 0030); the frame below keeps its place.
const FunnelDrawing = lazy(async () => ({ default: (await import("./drawings")).FunnelDrawing }));

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
        <Suspense fallback={null}>
          <FunnelDrawing rows={rows} height={HEIGHT} />
        </Suspense>
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
