import { describe, expect, it } from "vitest";
import { legalPages } from "./lib/legal-pages";
import routes from "./routes";

type Entry = { path?: string; children?: Entry[] };
const paths = (entries: Entry[]): string[] =>
  entries.flatMap((entry) => [...(entry.path ? [entry.path] : []), ...paths(entry.children ?? [])]);

describe("route table", () => {
  it("holds every screen of behaviour.md §2 and the eight legal pages", () => {
    const all = paths(routes as Entry[]);
    for (const path of [
      "bands",
      "bands/:slug",
      "products",
      "products/:slug",
      "products/band/:slug",
      "spotlight",
      "basket",
      "customer/dashboard",
      "customer/orders/:id",
      "customer/checkout/success/:id",
      "login",
      "company/careers",
      "help/contact",
      "help/sizing-guide",
      "collections/*",
      "*",
    ]) {
      expect(all).toContain(path);
    }
    expect(legalPages).toHaveLength(8);
    for (const page of legalPages) expect(all).toContain(`legal/${page.slug}`);
  });
});
