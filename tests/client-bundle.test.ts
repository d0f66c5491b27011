import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { clientBuildFolder } from "../server/paths.ts";

// What the browser downloads is built from components, stores and the helpers they import. The
// API's zod schemas live in common/ beside plain values; one value import from a schema file
// once put zod (25 KB gzip) into the product page. Types are free: they vanish in the build.
describe("the browser's JavaScript", () => {
  const assets = join(clientBuildFolder, "assets");
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));

  it("holds no zod and no server code", () => {
    expect(scripts.length).toBeGreaterThan(5);
    const leaks = scripts.filter((name) =>
      /\$ZodType|ZodError|drizzle-orm|node:crypto/.test(readFileSync(join(assets, name), "utf8")),
    );
    expect(leaks).toEqual([]);
  });
});
