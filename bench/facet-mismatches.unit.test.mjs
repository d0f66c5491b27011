import { createServer } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { facetMismatches } from "./large-catalogue.mjs";

// A shop that answers the two routes the check reads: its sidebar says band a 2, type t 5,
// size M 1 and 4 in stock; its listings hold 2, 4, 1,000+ and 4.
const FACETS = {
  brands: [{ slug: "a", count: 2 }],
  types: [{ slug: "t", count: 5 }],
  attributeTypes: [{ slug: "size", attributes: [{ id: 3, slug: "m", count: 1 }] }],
  inStock: 4,
};

function listing(query) {
  if (query.get("brand") === "a") return { total: 2, totalIsCapped: false };
  if (query.get("type") === "t") return { total: 4, totalIsCapped: false };
  if (query.get("attributes") === "9,3") return { total: 1000, totalIsCapped: true };
  if (query.get("inStock") === "true") return { total: 4, totalIsCapped: false };
  return { total: 0, totalIsCapped: false };
}

describe("the large catalogue's facet check", () => {
  let server;
  let url;
  beforeAll(async () => {
    server = createServer((request, response) => {
      const target = new URL(request.url, "http://shop");
      const body = target.pathname.endsWith("/product-filters")
        ? { data: FACETS }
        : { data: [], meta: listing(target.searchParams) };
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(body));
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${server.address().port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it("finds each count that is not its listing's, keeping the other groups' choices", async () => {
    // Size 9 is another group's choice (kept); a capped listing agrees only with a count of 1,000+.
    const result = await facetMismatches(url, [new URLSearchParams({ attributes: "9" })]);
    expect(result.checked).toBe(4);
    expect(result.mismatches).toEqual([
      { base: "attributes=9", facet: "type t", shown: 5, listed: 4 },
      { base: "attributes=9", facet: "size m", shown: 1, listed: 1000 },
    ]);
  });
});
