// A figure is one measured number with its unit, its target (if any) and the verdict. Misses are
// reported, never thrown: the bench is a measurement, not a test.

/**
 * @typedef {{ op: "<=" | ">=" | "=", value: number, appliesHere: boolean, text: string }} Target
 * @typedef {"PASS" | "MISS" | "SKIP" | "INVALID" | "N/A" | ""} Verdict
 * @typedef {{
 *   id: string, label: string, value: number | null, unit: string,
 *   target: Target | null, verdict: Verdict, note?: string
 * }} Figure
 */

/** A target; `appliesHere` false shows it but gives no verdict (e.g. a PostgreSQL-only target). */
export function atMost(value, unit, appliesHere = true, where = "") {
  return { op: "<=", value, appliesHere, text: `≤ ${value} ${unit}${where}` };
}

export function atLeast(value, unit, appliesHere = true, where = "") {
  return { op: ">=", value, appliesHere, text: `≥ ${value}${unit ? ` ${unit}` : ""}${where}` };
}

/** A count that must come out exactly (e.g. orders paid for the stock there was). */
export function exactly(value, unit, appliesHere = true, where = "") {
  return { op: "=", value, appliesHere, text: `= ${value}${unit ? ` ${unit}` : ""}${where}` };
}

/**
 * A measured figure. `invalid` (a reason) marks numbers from a run whose answers were errors.
 * @returns {Figure}
 */
export function measured(id, label, value, unit, target = null, invalid = undefined) {
  /** @type {Verdict} */
  let verdict = "";
  if (invalid) verdict = "INVALID";
  else if (target && !target.appliesHere) verdict = "N/A";
  else if (target) {
    const passed =
      target.op === "<="
        ? value <= target.value
        : target.op === ">="
          ? value >= target.value
          : value === target.value;
    verdict = passed ? "PASS" : "MISS";
  }
  return { id, label, value, unit, target, verdict, ...(invalid ? { note: invalid } : {}) };
}

/** A figure that could not be measured in this run, and why. @returns {Figure} */
export function skipped(id, label, unit, target, reason) {
  return { id, label, value: null, unit, target, verdict: "SKIP", note: `skipped: ${reason}` };
}
