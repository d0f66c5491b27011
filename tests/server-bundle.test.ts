import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildFolder } from "../server/paths.ts";

// esbuild writes a static import as `import … from "x"` or `import "x"` at a line's start, and
// an on-demand one as `import("x")`.
const staticImports = (code: string) =>
  [...code.matchAll(/^import\s+(?:[^"';]*?\sfrom\s+)?"([^"]+)";?$/gm)].map(
    (match) => match[1] ?? "",
  );
const dynamicImports = (code: string) =>
  [...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1] ?? "");

/**
 * What a file loads before it runs, following its static imports of chunks: the packages, and
 * the chunks its code may import later.
 */
function loadedAtStart(file: string, seen = new Set<string>()) {
  const packages = new Set<string>();
  const onDemand = new Set<string>();
  if (seen.has(file)) return { packages, onDemand };
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const chunk of dynamicImports(code)) onDemand.add(join(dirname(file), chunk));
  for (const specifier of staticImports(code)) {
    if (!specifier.startsWith(".")) {
      packages.add(specifier);
      continue;
    }
    const imported = loadedAtStart(join(dirname(file), specifier), seen);
    for (const name of imported.packages) packages.add(name);
    for (const chunk of imported.onDemand) onDemand.add(chunk);
  }
  return { packages, onDemand };
}

// A process that never stores files in S3 should not pay for the AWS SDK (about 24 MB of RSS):
// one bundle would hoist the import of the on-demand S3 store to start-up.
describe("the server bundle", () => {
  const main = join(buildFolder, "main.js");

  it("loads the S3 store's SDK only when a process opens the S3 store", () => {
    const { packages, onDemand } = loadedAtStart(main);
    expect(packages).toContain("pg");
    expect(packages).not.toContain("@aws-sdk/client-s3");

    const s3Store = [...onDemand].find((chunk) =>
      loadedAtStart(chunk).packages.has("@aws-sdk/client-s3"),
    );
    expect(s3Store, "a chunk that imports the AWS SDK, loaded on demand").toBeDefined();
  });
});
