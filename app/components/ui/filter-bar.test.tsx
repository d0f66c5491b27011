import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { FilterBar } from "./filter-bar";

const statuses = {
  name: "status",
  label: "Status",
  anyLabel: "All statuses",
  options: [
    { value: "draft", label: "Draft" },
    { value: "published", label: "Published" },
  ],
};

const render = (query: string) =>
  renderPage(
    `/admin/products?${query}`,
    <FilterBar
      pathname="/admin/products"
      search={new URLSearchParams(query)}
      searchLabel="Search products"
      filters={[statuses]}
    />,
  );
const hrefOf = (html: string, text: string) =>
  html
    .match(new RegExp(`href="([^"]*)"[^>]*>(?:<span class="sr-only">[^<]*</span>)?${text}`))?.[1]
    ?.replaceAll("&amp;", "&");

describe("FilterBar", () => {
  it("is a GET search form for the list's own URL, its fields labelled", () => {
    const html = render("");
    expect(html).toMatch(
      /<form role="search" aria-label="Search products"[^>]*action="\/admin\/products" method="get"/,
    );
    const searchId = html.match(
      /<input id="([^"]*)"[^>]*type="search" aria-keyshortcuts="\/" name="q"/,
    )?.[1];
    expect(html).toContain(
      `<label for="${searchId}" class="block font-semibold">Search products</label>`,
    );
    const selectId = html.match(/<select id="([^"]*)" name="status"/)?.[1];
    expect(html).toContain(`<label for="${selectId}" class="block font-semibold">Status</label>`);
    expect(html).toContain('<option value="" selected="">All statuses</option>');
    expect(html).not.toContain("Active filters");
  });

  it("shows the URL's choices and sends the other parameters along, but not the page", () => {
    const html = render("q=tee&status=draft&sort=title&direction=desc&page=3&perPage=25");
    expect(html).toMatch(/type="search" aria-keyshortcuts="\/" name="q" value="tee"/);
    expect(html).toContain('<option value="draft" selected="">Draft</option>');
    const hidden = [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)].map(
      ([, name, value]) => `${name}=${value}`,
    );
    expect(hidden).toEqual(["sort=title", "direction=desc", "perPage=25"]);
  });

  it("lists the filters in force, each removable, and clears them all keeping the order", () => {
    const html = render("q=tee&status=draft&sort=title&page=2");
    expect(html).toContain("Active filters:");
    expect(hrefOf(html, "Search: tee")).toBe("/admin/products?status=draft&sort=title");
    expect(hrefOf(html, "Status: Draft")).toBe("/admin/products?q=tee&sort=title");
    expect(html).toContain('<span class="sr-only">Remove filter </span>Status: Draft');
    expect(hrefOf(html, "Clear filters")).toBe("/admin/products?sort=title");
  });

  it("ignores a filter value it does not offer", () => {
    expect(render("status=bogus")).not.toContain("Active filters");
  });
});
