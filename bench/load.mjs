// Load runs with autocannon: a short warm-up that is thrown away, then the measured run.
import autocannon from "autocannon";
import { measured } from "./figures.mjs";

/** What a page request from a browser carries, so the server renders as it would for a shopper. */
export const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml",
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};

/**
 * @typedef {{ connections: number, duration: number, warmup: number }} LoadSettings
 * @typedef {{
 *   requestsPerSecond: number, p50: number, p99: number, requests: number,
 *   non2xx: number, errors: number, timeouts: number, seconds: number,
 *   statusCodes: Record<string, number>
 * }} LoadResult
 */

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Loads `base` + each of `paths` in turn (one path is the usual case) with `connections`
 * keep-alive connections. A path may be a function, called for each request's path. With several
 * bases (one per app process), autocannon deals the connections out to them in turn, as a load
 * balancer would, and measures them as one run. Latencies are autocannon's, in whole milliseconds.
 * @param {string | string[]} base
 * @param {(string | (() => string))[]} paths
 * @param {LoadSettings} settings
 * @param {Record<string, string>} [headers]
 * @returns {Promise<LoadResult>}
 */
export async function load(base, paths, settings, headers = {}) {
  const options = {
    url: base,
    connections: settings.connections,
    headers,
    requests: paths.map((path) =>
      typeof path === "string"
        ? { method: "GET", path }
        : { method: "GET", setupRequest: (request) => ({ ...request, path: path() }) },
    ),
  };
  if (settings.warmup > 0) await run({ ...options, duration: settings.warmup });
  const result = await run({ ...options, duration: settings.duration });
  return {
    requestsPerSecond: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
    ),
  };
}

/** Why a run's numbers cannot be trusted (failed or non-2xx answers), or undefined. */
export function invalidReason(/** @type {LoadResult} */ result) {
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed === 0) return undefined;
  const answers = Object.entries(result.statusCodes)
    .filter(([code]) => !code.startsWith("2"))
    .map(([code, count]) => `${count}× ${code}`);
  const problems = [
    ...answers,
    ...(result.errors ? [`${result.errors} errors`] : []),
    ...(result.timeouts ? [`${result.timeouts} timeouts`] : []),
  ];
  return `${failed} of ${result.requests + result.errors} requests failed (${problems.join(", ")})`;
}

/** A run's req/s, p50 and p99 as figures under `id`, each marked invalid when the run failed. */
export function loadFigures(id, label, run, p99Target = null, rpsTarget = null) {
  const invalid = invalidReason(run);
  return [
    measured(`${id}.rps`, `${label} req/s`, run.requestsPerSecond, "req/s", rpsTarget, invalid),
    measured(`${id}.p50`, `${label} p50`, run.p50, "ms", null, invalid),
    measured(`${id}.p99`, `${label} p99`, run.p99, "ms", p99Target, invalid),
  ];
}
