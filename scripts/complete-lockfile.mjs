// The registry these machines reach holds only Linux builds of some platform-specific optional
// packages (Biome's CLI, Rollup, Tailwind's oxide …). `npm install` then leaves those packages out
// of package-lock.json, and `npm ci` refuses the lock as out of sync. This adds the missing
// optional entries (name and version from their parent); `npm ci` skips what it cannot fetch, as
// it does for any optional package. Run it after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const lockPath = fileURLToPath(new URL("../package-lock.json", import.meta.url));
const lock = JSON.parse(readFileSync(lockPath, "utf8"));
const packages = lock.packages;
let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ""}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    packages[hoisted] = {
      version: range.replace(/^[\^~=]/, ""),
      optional: true,
      ...(meta.dev ? { dev: true } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) =>
    a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0,
  ),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} missing optional entries added`);
