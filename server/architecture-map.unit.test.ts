import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// docs/architecture.md is the map a newcomer follows (its §8 adds a staff resource step by step):
// every file or folder it names by its path from the repository's root must be there.
const ROOTS = ["app/", "server/", "common/", "tests/", "e2e/", "scripts/", "docs/", "bench/"];

function namedPaths(markdown: string): string[] {
  const quoted = [...markdown.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? "");
  return quoted.filter(
    (text) =>
      ROOTS.some((root) => text.startsWith(root)) &&
      // A pattern (`server/<module>/`, `app/lib/*.server.ts`) names a kind of file, not one.
      !/[<>*…]/.test(text),
  );
}

describe("docs/architecture.md", () => {
  const map = readFileSync(new URL("../docs/architecture.md", import.meta.url), "utf8");

  it("names only files and folders that exist", () => {
    const paths = namedPaths(map);
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((path) => !existsSync(new URL(`../${path}`, import.meta.url)))).toEqual([]);
  });

  it("walks through a staff resource whose every step is in the repository", () => {
    const steps = map.slice(
      map.indexOf("**Staff resource**"),
      map.indexOf("**Payment provider:**"),
    );
    expect(namedPaths(steps)).toEqual(
      expect.arrayContaining([
        "common/venues-admin.ts",
        "common/venue-forms.ts",
        "app/lib/admin-venues.server.ts",
        "app/routes/admin/venues/screen.tsx",
        "app/routes/admin/venues.integration.test.ts",
      ]),
    );
  });

  it("stays short enough to read in one sitting (under 150 lines)", () => {
    expect(map.trimEnd().split("\n").length).toBeLessThan(150);
  });
});
