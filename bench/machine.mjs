// How busy the machine is while the bench itself is idle: load from other work makes every
// figure noisy, so the report says so instead of letting a busy machine pass for a slow app.
import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

function cpuTimes() {
  try {
    const line = readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const [, ...fields] = line.trim().split(/\s+/);
    const values = fields.map(Number);
    // user nice system idle iowait irq softirq steal …: idle and iowait are not busy.
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
    return { idle, total };
  } catch {
    return undefined;
  }
}

/** The share (0–1) of all CPUs busy over `ms`, or undefined where /proc/stat is not available. */
export async function cpuBusyShare(ms = 1000) {
  const before = cpuTimes();
  await sleep(ms);
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return undefined;
  return 1 - (after.idle - before.idle) / (after.total - before.total);
}
