// `npm start`: install if needed, build if needed, then run the production server in a process of
// its own, started with the serving process's settings (server/serving-process.json, decision
// 0034), which a process can only be given as it starts.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { constants } from "node:os";
import { ensureDependencies } from "./bootstrap.mjs";

ensureDependencies();
const { ensureBuild } = await import("./build-state.mjs");
ensureBuild();

const { nodeFlags, environment } = JSON.parse(
  readFileSync(new URL("../server/serving-process.json", import.meta.url), "utf8"),
);
const server = spawn(
  process.execPath,
  [...nodeFlags, new URL("../build/server/main.js", import.meta.url).pathname],
  { env: { ...environment, ...process.env, NODE_ENV: "production" }, stdio: "inherit" },
);
// Ctrl-C reaches the server from the terminal too; a signal sent to this process alone is passed on.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => {
  process.exitCode = code ?? 128 + (constants.signals[signal] ?? 0);
});
