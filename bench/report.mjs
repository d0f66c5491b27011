// Prints the figures as a table and writes them as JSON under bench/results/.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./processes.mjs";

const resultsDir = join(root, "bench/results");
// Units of whole counts, shown without decimals.
const COUNTS = new Set(["orders", "units", "answers", "counts"]);

function formatValue(figure) {
  if (figure.value === null) return "—";
  const { value, unit } = figure;
  if (unit === "ratio") return value.toFixed(2);
  if (unit === "req/s") return `${Math.round(value).toLocaleString("en-GB")} req/s`;
  if (unit === "ms") return `${value} ms`;
  if (COUNTS.has(unit)) return `${value} ${unit}`;
  if (unit === "s") return `${value.toFixed(1)} s`;
  return `${value.toFixed(1)} ${unit}`;
}

/** The table: one line per figure, with its target and PASS/MISS; notes below it. */
export function formatTable(run) {
  const header = ["figure", "value", "target", "result"];
  const rows = run.figures.map((figure) => [
    figure.label,
    formatValue(figure),
    figure.target?.text ?? "",
    figure.verdict,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells) =>
    cells
      .map((cell, column) =>
        column === 1 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join("  ")
      .trimEnd();
  const notes = run.figures
    .filter((figure) => figure.note)
    .map((figure) => `  ${figure.label}: ${figure.note}`);
  const counts = ["PASS", "MISS", "INVALID", "SKIP"]
    .map((verdict) => [verdict, run.figures.filter((figure) => figure.verdict === verdict).length])
    .filter(([, count]) => count > 0)
    .map(([verdict, count]) => `${count} ${verdict}`)
    .join(", ");
  return [
    "",
    `Encore bench: ${run.database.description}; Node ${run.machine.node}, ${run.machine.cpus} CPUs; ${run.settings.connections} connections, ${run.settings.duration} s runs after ${run.settings.warmup} s warm-up`,
    "",
    line(header),
    line(widths.map((width) => "-".repeat(width))),
    ...rows.map(line),
    "",
    ...(notes.length ? ["Notes:", ...notes, ""] : []),
    ...run.remarks.map((remark) => `${remark}`),
    `Targets: ${counts || "none checked"}. N/A: the target applies to PostgreSQL only. A miss is reported, never an error.`,
  ].join("\n");
}

/** Writes `<timestamp>-<database>.json` and `latest.json`; returns the timestamped path. */
export function writeResults(run) {
  mkdirSync(resultsDir, { recursive: true });
  const stamp = run.startedAt.replace(/[:.]/g, "-");
  const file = join(resultsDir, `${stamp}-${run.database.kind}.json`);
  const json = `${JSON.stringify(run, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(join(resultsDir, "latest.json"), json);
  return file;
}
