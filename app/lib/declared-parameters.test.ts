import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { unboundedInputs } from "../../common/input-bounds";
import { PAGE_QUERIES } from "./page-query.server";

// docs/security.md #15: a handler reads a query or path parameter only through its declaration,
// so what it reads is what its route declares, bounded. Each edge has one place that reads the
// raw request: the API's in server/http/validate.ts (a route's `query` and `params` schemas), the
// pages' in app/lib/page-query.server.ts (each page's declared names) and app/lib/route-params.ts
// (path parameters). A read anywhere else is a parameter no declaration bounds, as the band
// filter's ids were.

/** Reads of the raw request's query or path, as server and page code writes them. */
const RAW_READS = [
  /\bc\.req\.(query|queries|param)\(/,
  /\.searchParams\b/,
  /\bnew URLSearchParams\(\s*(url|request|args)\b/,
];
/** A page's loader or action reading a path parameter itself (the API's `params` are declared). */
const RAW_PAGE_PARAMS = /\bargs\.params\b|\{\s*params\s*\}\s*:\s*Route\./;

/** Where a raw read is the declaration itself, or reads nothing a handler then uses. */
const ALLOWED: Record<string, string> = {
  "server/http/validate.ts": "the API's declared parsing: a route's query and params schemas",
  "server/http/errors.ts": "the backstop reads the query only to name the field at fault",
  "app/lib/page-query.server.ts": "the pages' declared parsing: each page's names, bounded",
  "app/lib/route-params.ts": "the pages' declared path parameters: ids and slugs, bounded",
  "app/lib/listing-query.server.ts":
    "the listings' declared parsing: the API's own product list declaration",
  "app/lib/admin-resource.server.ts":
    "a staff list's address, parsed by its API route's own declared query",
  "app/entry.server.tsx": "the page backstop reads the query only to name the field at fault",
  "app/lib/seo.ts": "the canonical link keeps a collection and a page that match their patterns",
  "app/routes/shop/products-view.tsx":
    "the variant picker matches the address's choices to the product's own, in memory",
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "client" ? [] : sourceFiles(path);
    if (!/\.(ts|tsx)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [path];
  });
}

describe("reads of a request's query and path", () => {
  it("happen only where each edge declares its parameters", () => {
    // Components run in the browser too, building links; what a page's server reads is its
    // loaders' and actions' (app/routes, app/lib) and the server's.
    const files = [
      ...sourceFiles("server"),
      ...sourceFiles("app/routes"),
      ...sourceFiles("app/lib"),
    ];
    const found = files.flatMap((file) => {
      if (file in ALLOWED) return [];
      return readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) =>
          [...RAW_READS, ...(file.startsWith("app/") ? [RAW_PAGE_PARAMS] : [])].some((pattern) =>
            pattern.test(line),
          ) && !/^\s*(\/\/|\*)/.test(line)
            ? [`${file}:${index + 1}: ${line.trim()}`]
            : [],
        );
    });
    expect(found).toEqual([]);
  });

  it("are bounded on every page that reads its query", () => {
    const problems = Object.entries(PAGE_QUERIES).flatMap(([page, shape]) =>
      unboundedInputs(z.object(shape), false, page),
    );
    expect(problems).toEqual([]);
  });
});
