import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { API_TYPES_FILE, apiTypes } from "../../scripts/api-types.ts";

// Generating the types of the whole route table is some seconds of CPU; on a busy 2-core machine
// more than the default 5 s, which is a limit on waiting, not a figure this test checks.
it("common/api/schema.d.ts is what `npm run api:types` makes of the route table today", {
  timeout: 60_000,
}, async () => {
  const committed = readFileSync(API_TYPES_FILE, "utf8");
  expect(committed === (await apiTypes()), "the API's types are stale: run npm run api:types").toBe(
    true,
  );
});
