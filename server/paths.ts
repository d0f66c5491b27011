import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project folder, found from this module whether it runs from source or from build/. */
function findProjectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error("Encore's package.json was not found above the server code");
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot();
export const migrationsFolder = join(projectRoot, "server/db/migrations");
export const buildFolder = join(projectRoot, "build");
export const clientBuildFolder = join(buildFolder, "client");
export const serverBuildFile = join(buildFolder, "server/index.js");
