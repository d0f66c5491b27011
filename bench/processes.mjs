// Child processes the bench measures: the production build of Encore and the bare baseline
// server. Each runs in its own process so the load generator (this process) never shares an
// event loop with what it measures.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("..", import.meta.url));
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 10_000;

/** Every child, temporary folder and database still alive, so an interrupted run cleans up. */
/** @type {Map<import("node:child_process").ChildProcess, () => void>} child → how to kill it */
const children = new Map();
const temporaryDirs = new Set();
/** @type {Set<() => Promise<void>>} */
const pendingCleanUps = new Set();

/**
 * Counts `child` among the processes `cleanUp` kills; returns it. A child spawned `detached`
 * leads its own process group, which is killed whole (npm → sh → tsx → node).
 */
export function track(child, { group = false } = {}) {
  const pid = child.pid;
  const kill = () => {
    try {
      if (group && pid) process.kill(-pid, "SIGKILL");
      else child.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  };
  children.set(child, kill);
  child.once("exit", () => children.delete(child));
  return child;
}

let stopping = false;

/** True once an interrupted run has started cleaning up: nothing more should be reported. */
export const isStopping = () => stopping;

/** Registers an async clean-up (e.g. dropping a database); call the returned function when done. */
export function onCleanUp(task) {
  pendingCleanUps.add(task);
  return async () => {
    pendingCleanUps.delete(task);
    await task();
  };
}

/** A fresh temporary folder, removed by `cleanUp` if nothing removes it earlier. */
export function temporaryDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporaryDirs.add(dir);
  return dir;
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  temporaryDirs.delete(dir);
}

/** Kills the children this run started (by pid), runs pending clean-ups, removes its folders. */
export async function cleanUp({ interrupted = false } = {}) {
  if (interrupted) stopping = true;
  for (const kill of children.values()) kill();
  children.clear();
  for (const task of pendingCleanUps) await task().catch(() => {});
  pendingCleanUps.clear();
  for (const dir of temporaryDirs) rmSync(dir, { recursive: true, force: true });
  temporaryDirs.clear();
}

/**
 * @typedef {{ url: string, pid: number, stop(): Promise<void>, output(): string }} Running
 */

/**
 * Starts `node <nodeArguments>` (node's flags, the script, its arguments) and resolves once it
 * prints `<banner> <url>` on stdout.
 * @returns {Promise<Running>}
 */
function startChild(label, nodeArguments, env, banner) {
  const child = track(
    spawn(process.execPath, nodeArguments, {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  let output = "";
  const remember = (chunk) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stderr.on("data", remember);
  /** @type {Promise<string>} how the child ended: its exit code or the signal that ended it */
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? `code ${code}`)),
  );

  const running = {
    url: "",
    pid: child.pid ?? 0,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${label} did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    let pending = "";
    child.stdout.on("data", (chunk) => {
      remember(chunk);
      pending += chunk.toString();
      const match = pending.match(new RegExp(`${banner} (http://\\S+)`));
      if (match?.[1] && !running.url) {
        clearTimeout(timer);
        running.url = match[1];
        resolve(running);
      }
    });
    exited.then((how) => {
      clearTimeout(timer);
      if (!running.url) reject(new Error(`${label} exited (${how}) before serving:\n${output}`));
    });
  });
}

/**
 * Starts the production build (`build/server/main.js`) as `npm start` does, with the serving
 * process's settings (server/serving-process.json), on a free loopback port, as one process unless
 * `env` sets WEB_CONCURRENCY. `env` adds to or, with an undefined value, removes from this
 * process's environment.
 */
export function startApp(env = {}) {
  const { nodeFlags, environment } = JSON.parse(
    readFileSync(join(root, "server/serving-process.json"), "utf8"),
  );
  const merged = {
    ...environment,
    ...process.env,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    // One process each (its RSS, its answers) unless a phase asks for a cluster.
    WEB_CONCURRENCY: "1",
    ...env,
  };
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name];
  return startChild(
    "Encore",
    [...nodeFlags, join(root, "build/server/main.js")],
    merged,
    "Encore is running at",
  );
}

/**
 * Starts `count` app processes on one database (`env` as for `startApp`): the first migrates and
 * seeds it, the others find it done.
 */
export async function startApps(count, env) {
  const first = await startApp(env);
  const others = await Promise.all(Array.from({ length: count - 1 }, () => startApp(env)));
  return [first, ...others];
}

/**
 * Starts the baseline: a bare node:http server answering each fixture's path with the fixture's
 * status, headers and body, from memory.
 * @param {{ path: string, status: number, headers: string[], body: Buffer }[]} fixtures
 */
export async function startBaseline(fixtures) {
  const dir = temporaryDir("encore-bench-baseline-");
  const file = join(dir, "fixtures.json");
  writeFileSync(
    file,
    JSON.stringify(
      fixtures.map((fixture) => ({ ...fixture, body: fixture.body.toString("base64") })),
    ),
  );
  const env = { PATH: process.env.PATH ?? "", NODE_ENV: "production" };
  const running = await startChild(
    "The baseline server",
    [join(root, "bench/baseline-server.mjs"), file],
    env,
    "Baseline is running at",
  );
  return {
    ...running,
    async stop() {
      await running.stop();
      removeDir(dir);
    },
  };
}

/** A `/proc/<pid>/status` memory field (`VmRSS`, `VmHWM`) in bytes, or undefined without /proc. */
function statusBytes(pid, field) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = status.match(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m"))?.[1];
    return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
  } catch {
    return undefined;
  }
}

/** The resident set size of a process in bytes, or undefined where /proc is not available. */
export const residentBytes = (pid) => statusBytes(pid, "VmRSS");

/** The largest resident set a process has had since it started (`VmHWM`), in bytes. */
export const residentHighWaterBytes = (pid) => statusBytes(pid, "VmHWM");

/** Samples a process's RSS every `intervalMs` until `stop()`, which returns the peak in bytes. */
export function watchResidentMemory(pid, intervalMs = 200) {
  let peak = residentBytes(pid);
  const sample = () => {
    const bytes = residentBytes(pid);
    if (bytes !== undefined && (peak === undefined || bytes > peak)) peak = bytes;
  };
  const timer = setInterval(sample, intervalMs);
  return {
    peak: () => peak,
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
