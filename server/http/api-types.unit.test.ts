import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { API_TYPES_FILE, apiTypes } from "../../scripts/api-types.ts";

it("common/api/schema.d.ts is what `npm run api:types` makes of the route table today", async () => {
  const committed = readFileSync(API_TYPES_FILE, "utf8");
  expect(committed === (await apiTypes()), "the API's types are stale: run npm run api:types").toBe(
    true,
  );
});
