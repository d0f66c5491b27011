import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildFolder, projectRoot, serverBuildFile } from "../server/paths.ts";

// esbuild and Vite write a static import as `import … from "x"` or `import "x"` at a line's start, and
// an on-demand one as `import("x")`.
const staticImports = (code: string) =>
  [...code.matchAll(/^import\s+(?:[^"';]*?\sfrom\s+)?"([^"]+)";?$/gm)].map(
    (match) => match[1] ?? "",
  );
const dynamicImports = (code: string) =>
  [...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1] ?? "");

/**
 * What a file loads before it runs, following its static imports of chunks: the chunk files
 * (`files`, itself included), the packages, and the chunks and packages its code may import later.
 */
function loadedAtStart(file: string, seen = new Set<string>()) {
  const packages = new Set<string>();
  const onDemand = new Set<string>();
  const packagesOnDemand = new Set<string>();
  if (seen.has(file)) return { files: seen, packages, onDemand, packagesOnDemand };
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const specifier of dynamicImports(code)) {
    if (specifier.startsWith(".")) onDemand.add(join(dirname(file), specifier));
    else packagesOnDemand.add(specifier);
  }
  for (const specifier of staticImports(code)) {
    if (!specifier.startsWith(".")) {
      packages.add(specifier);
      continue;
    }
    const imported = loadedAtStart(join(dirname(file), specifier), seen);
    for (const name of imported.packages) packages.add(name);
    for (const chunk of imported.onDemand) onDemand.add(chunk);
    for (const name of imported.packagesOnDemand) packagesOnDemand.add(name);
  }
  return { files: seen, packages, onDemand, packagesOnDemand };
}

/** Every package a file may load after it has started, through its on-demand chunks too. */
function loadedLater(file: string): Set<string> {
  const later = new Set<string>();
  const chunks = [file];
  const seen = new Set<string>();
  for (let chunk = chunks.pop(); chunk; chunk = chunks.pop()) {
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    const loaded = loadedAtStart(chunk);
    if (chunk !== file) for (const name of loaded.packages) later.add(name);
    for (const name of loaded.packagesOnDemand) later.add(name);
    chunks.push(...loaded.onDemand);
  }
  return later;
}

const main = join(buildFolder, "server/main.js");
const chunks = readdirSync(join(buildFolder, "server"), { recursive: true, encoding: "utf8" })
  .filter((name) => name.endsWith(".js"))
  .map((name) => join(buildFolder, "server", name));

/** The project's own server sources a chunk holds, from its source map. */
function serverSourcesOf(chunk: string): string[] {
  const map = JSON.parse(readFileSync(`${chunk}.map`, "utf8")) as { sources: string[] };
  return map.sources
    .map((source) => resolve(dirname(chunk), source))
    .filter((source) => source.startsWith(join(projectRoot, "server/")));
}

/** The chunk that holds `source` (a path from the project's root). */
function chunkHolding(source: string): string {
  const chunk = chunks.find((candidate) =>
    serverSourcesOf(candidate).includes(join(projectRoot, source)),
  );
  if (!chunk) throw new Error(`no chunk holds ${source}`);
  return chunk;
}

// What a serving process loads as it starts: the server (server/server.ts), which main.ts loads
// once it knows the process serves.
const server = chunkHolding("server/server.ts");

// Decision 0034: a cluster's primary forks and watches its workers; main.ts loads the app's code
// only in a process that serves, so the primary holds none of it.
describe("the server's entry", () => {
  it("loads the server, the app and the database drivers only in a process that serves", () => {
    const { packages, onDemand } = loadedAtStart(main);
    for (const name of ["pg", "@electric-sql/pglite", "hono", "react", "react-dom/server"])
      expect(packages, name).not.toContain(name);
    expect(onDemand).toContain(server);
    expect(loadedAtStart(server).packages).toContain("pg");
  });

  it("leaves the demo shop's code to the process that prepares the database", () => {
    const seed = chunkHolding("server/db/seed/index.ts");
    expect(loadedAtStart(server).files).not.toContain(seed);
    expect(loadedAtStart(server).onDemand).toContain(seed);
  });
});

// A process that never stores files in S3 should not pay for the AWS SDK (about 24 MB of RSS):
// one bundle would hoist the import of the on-demand S3 store to start-up.
describe("the server bundle", () => {
  it("loads the S3 store's SDK only when a process opens the S3 store", () => {
    const { packages, onDemand } = loadedAtStart(server);
    expect(packages).not.toContain("@aws-sdk/client-s3");

    const s3Store = [...onDemand].find((chunk) =>
      loadedAtStart(chunk).packages.has("@aws-sdk/client-s3"),
    );
    expect(s3Store, "a chunk that imports the AWS SDK, loaded on demand").toBeDefined();
  });
});

// Decision 0030: what a process needs only on first use is not loaded at start, in the server
// nor in the SSR build (route loaders import the server's services): sharp and libvips (about
// 37 MB of RSS, for uploads and the demo seed's drawings), Stripe's SDK (21 MB, for a shop that
// takes cards) and recharts (25 MB, for the admin dashboard's charts, which only the SSR build
// renders).
describe.each([
  { bundle: "the server", entry: server, later: ["sharp", "stripe"] },
  { bundle: "the SSR build", entry: serverBuildFile, later: ["sharp", "stripe", "recharts"] },
])("$bundle", ({ entry, later }) => {
  it.each(later)("loads %s on first use, not at start", (name) => {
    expect(loadedAtStart(entry).packages).toContain("drizzle-orm");
    expect(loadedAtStart(entry).packages).not.toContain(name);
    expect(loadedLater(entry)).toContain(name);
  });
});

// Decision 0001: the server's entry is the SSR build's second entry, so the services that the API
// and the route loaders both call are one copy: compiled once, and one instance of each module's
// state (the facet snapshot's, which the cache's change notice outdates).
describe("the server entry and the SSR build", () => {
  it("holds each server module in one chunk, loaded at start by both", () => {
    const chunkOf = new Map<string, string>();
    for (const chunk of chunks) {
      for (const source of serverSourcesOf(chunk)) {
        expect(chunkOf.get(source), `${source} in two chunks`).toBeUndefined();
        chunkOf.set(source, chunk);
      }
    }
    const products = chunkHolding("server/catalog/service/products.ts");
    expect(loadedAtStart(server).files).toContain(products);
    expect(loadedAtStart(serverBuildFile).files).toContain(products);
  });
});
