// `npm test`: the one gate. Installs if needed, typechecks, lints, builds if stale, then runs
// every Vitest project and ends with one plain 'N passed, N failed' line.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { ensureDependencies } from "./bootstrap.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const run = (command, args, env = process.env) =>
  spawnSync(command, args, { cwd: root, stdio: "inherit", env }).status ?? 1;

ensureDependencies();
const { ensureBuild } = await import("./build-state.mjs");

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const haveBrowser = existsSync(chromium);
if (!haveBrowser && process.env.CI === "true") {
  console.error(
    `Browser tests need Chromium at ${chromium}: install it with 'apt-get install -y chromium'.`,
  );
  process.exit(1);
}

for (const script of ["typecheck", "lint"]) {
  if (run("npm", ["run", script, "--silent"]) !== 0) {
    console.error(`npm run ${script} failed.`);
    process.exit(1);
  }
}
ensureBuild();

mkdirSync(`${root}test-results`, { recursive: true });
const report = `${root}test-results/vitest.json`;
const projects = haveBrowser ? [] : ["--project", "unit", "--project", "integration"];
const extra = process.argv.slice(2);
const status = run("npx", [
  "vitest",
  "run",
  ...projects,
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
  ...extra,
]);

if (existsSync(report)) {
  const result = JSON.parse(readFileSync(report, "utf8"));
  const skipped = result.numPendingTests + result.numTodoTests;
  console.log("");
  if (!haveBrowser) {
    console.log(
      `Browser tests were SKIPPED: no Chromium at ${chromium}. Install it ('apt-get install -y chromium') or set CHROMIUM_PATH to run them.`,
    );
  }
  console.log(
    `tests: ${result.numPassedTests} passed, ${result.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ""}`,
  );
}
process.exit(status);
