import { describe, expect, it } from "vitest";
import { listHref } from "./list-query";

describe("listHref", () => {
  const search = new URLSearchParams("q=tee&sort=title&page=4");

  it("changes and removes parameters, keeping the rest", () => {
    expect(listHref("/admin/products", search, { sort: "price", q: null })).toBe(
      "/admin/products?sort=price",
    );
  });

  it("goes back to page 1 on any change but the page", () => {
    expect(listHref("/admin/products", search, { q: "hoodie" })).toBe(
      "/admin/products?q=hoodie&sort=title",
    );
    expect(listHref("/admin/products", search, { page: "5" })).toBe(
      "/admin/products?q=tee&sort=title&page=5",
    );
  });

  it("leaves no question mark when nothing is left", () => {
    expect(listHref("/admin/products", new URLSearchParams("page=2"), {})).toBe("/admin/products");
  });
});
