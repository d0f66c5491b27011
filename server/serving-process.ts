import servingProcess from "./serving-process.json";

/**
 * What a serving process is started with (decision 0034). Both are read once, as the process
 * starts, so whatever starts it sets them, each from `serving-process.json`: `npm start`
 * (scripts/start.mjs), the cluster's primary for its workers, the Dockerfile, the bench and the
 * tests (the scripts read the JSON, having no TypeScript).
 * - `--max-semi-space-size=4`: V8's young generation at most 2 × 4 MB instead of 2 × 16 MB.
 * - `MALLOC_ARENA_MAX=2`: glibc keeps at most two malloc arenas, not eight per CPU, for the
 *   threads that compress answers and run V8's concurrent work.
 * - `MALLOC_MMAP_THRESHOLD_` and `MALLOC_TRIM_THRESHOLD_` at glibc's starting 128 KB, fixed: left
 *   to itself glibc raises both after the first large blocks are freed (up to 32 MB), and then
 *   keeps what a render or a compression freed instead of giving it back.
 */
const SERVING_NODE_FLAGS: readonly string[] = servingProcess.nodeFlags;
const SERVING_ENVIRONMENT: Readonly<Record<string, string>> = servingProcess.environment;

const flagName = (flag: string) => flag.split("=")[0] ?? flag;

function lacksFlag(given: readonly string[], flag: string): boolean {
  const name = flagName(flag);
  return !given.some((option) => flagName(option) === name);
}

/** `execArgv` with the serving flags it does not set itself, for a process about to be started. */
export function servingExecArgv(execArgv: readonly string[]): string[] {
  return [...execArgv, ...SERVING_NODE_FLAGS.filter((flag) => lacksFlag(execArgv, flag))];
}

/** `env` with the serving environment's values where it has none of its own. */
export function servingEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...SERVING_ENVIRONMENT, ...env };
}

/**
 * The settings a process started with `execArgv` (and NODE_OPTIONS) and `env` lacks, as written
 * on a command line: `MALLOC_ARENA_MAX=2`, `--max-semi-space-size=4`.
 */
export function missingServingSettings(
  execArgv: readonly string[],
  env: NodeJS.ProcessEnv,
): string[] {
  const given = [...execArgv, ...(env.NODE_OPTIONS?.split(/\s+/) ?? [])];
  return [
    ...Object.entries(SERVING_ENVIRONMENT)
      .filter(([name]) => env[name] === undefined)
      .map(([name, value]) => `${name}=${value}`),
    ...SERVING_NODE_FLAGS.filter((flag) => lacksFlag(given, flag)),
  ];
}
