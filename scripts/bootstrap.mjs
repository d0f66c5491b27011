// Installs dependencies when they are missing or older than package-lock.json.
// Node built-ins only: this runs before anything is installed.
import { spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const installed = `${root}node_modules/.package-lock.json`;
const lock = `${root}package-lock.json`;

export function ensureDependencies() {
  const fresh = existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  console.log("Installing dependencies (npm ci)…");
  const result = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) {
    console.error("npm ci failed; see the output above.");
    process.exit(result.status ?? 1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDependencies();
