// Decides whether build/ matches the sources, so `npm start` and `npm test` build only when needed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const stampFile = join(root, "build/.sources");
const inputs = [
  "app",
  "server",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "scripts/build-assets.mjs",
];
const skipped = /(^|\/)(migrations|node_modules|\+types)(\/|$)|\.test\.tsx?$/;

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path)) yield* files(join(path, entry));
  } else if (!skipped.test(path.slice(root.length))) {
    yield path;
  }
}

/** A hash of every build input's path, size and content. */
export function sourcesDigest() {
  const hash = createHash("sha256");
  for (const input of inputs) {
    for (const file of files(join(root, input)))
      hash.update(file.slice(root.length)).update(readFileSync(file));
  }
  return hash.digest("hex");
}

/** Builds when build/ is missing or was made from other sources. */
export function ensureBuild() {
  const digest = sourcesDigest();
  const built = existsSync(stampFile) && readFileSync(stampFile, "utf8") === digest;
  if (built && existsSync(join(root, "build/server/main.js"))) return;
  console.log("Building Encore…");
  const result = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) {
    console.error("The build failed; see the output above.");
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, digest);
}
