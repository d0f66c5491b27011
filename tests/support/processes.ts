// Test support (tests only): the production server as `npm start` runs it, in a child process
// of its own, so a test can stop it, kill it and start it again.
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { afterAll } from "vitest";
import { buildFolder } from "../../server/paths.ts";
import { servingEnvironment, servingExecArgv } from "../../server/serving-process.ts";

export type Started = { child: ChildProcess; url: string; output: () => string };
const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill("SIGKILL");
});

/**
 * Starts `build/server/main.js` as `npm start` does, with `env` over the production defaults;
 * nothing waits for it. `bare` leaves out the serving process's settings (decision 0034), as
 * `node build/server/main.js` typed by hand would.
 */
export function launch(env: Record<string, string>, { bare = false } = {}): ChildProcess {
  const production = {
    ...process.env,
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "info",
    // One process unless a test asks for a cluster: a test that kills "the shop" kills it.
    WEB_CONCURRENCY: "1",
    ...env,
  };
  const child = bare
    ? spawn(process.execPath, [join(buildFolder, "server/main.js")], { env: production })
    : spawn(process.execPath, [...servingExecArgv([]), join(buildFolder, "server/main.js")], {
        env: servingEnvironment(production),
      });
  running.push(child);
  return child;
}

/** Everything the child prints, as it has printed it so far. */
export function collect(child: ChildProcess): () => string {
  let text = "";
  child.stdout?.on("data", (chunk) => {
    text += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  return () => text;
}

/** The production server, once it says where it listens. */
export function start(env: Record<string, string>, options?: { bare?: boolean }): Promise<Started> {
  return serving(launch(env, options));
}

/** `child`, a process that starts the production server, once the server says where it listens. */
export async function serving(child: ChildProcess): Promise<Started> {
  const output = collect(child);
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", () => {
      const match = /Encore is running at (http:\/\/\S+)/.exec(output());
      if (match?.[1]) resolve(match[1]);
    });
    child.on("exit", (code) => reject(new Error(`exited with ${code}: ${output()}`)));
  });
  return { child, url, output };
}

/** The JSON log lines a server (and its workers) printed. */
export function logLines(started: Pick<Started, "output">): Array<Record<string, unknown>> {
  return started
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The child's exit code, once it has exited. */
export async function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}
