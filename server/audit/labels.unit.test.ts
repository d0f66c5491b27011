import { describe, expect, it } from "vitest";
import { AUDIT_RESOURCE_LABELS } from "../../common/audit-labels.ts";
import { API_ROUTES } from "../api-routes.ts";
import { SEARCH_SYNONYMS } from "../catalog/service/search.ts";
import { DISCOUNT_BATCHES } from "../discounts/batches.ts";

// Issue 30: the audit log names every resource it records as the screens do, from one map.
describe("the audit log's resource names", () => {
  it("has a screen name for every staff resource whose writes are audited", () => {
    // Every resource of the shared pattern (server/http/resource.ts) has `{name}/update`.
    const resources = API_ROUTES.filter((group) => group.area === "staff")
      .flatMap((group) => group.routes)
      .filter((route) => route.method === "post" && /^\/[a-z-]+\/update$/.test(route.path))
      .map((route) => route.path.split("/")[1] ?? "");
    // Commands of their own (server/http/command.ts): media, orders, erasures, batches, search words.
    const byHand = ["files", "folders", "orders", "customers", DISCOUNT_BATCHES, SEARCH_SYNONYMS];
    const labelled = new Set(Object.keys(AUDIT_RESOURCE_LABELS));
    expect(resources.length).toBeGreaterThan(8);
    expect([...resources, ...byHand].filter((name) => !labelled.has(name))).toEqual([]);
  });
});
