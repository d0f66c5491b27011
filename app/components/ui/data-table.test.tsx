import { describe, expect, it } from "vitest";
import { renderPage } from "../../../tests/support/render";
import { DataTable, type ListMeta, tableColumns } from "./data-table";

type Product = { id: number; title: string; price: number; status: string };

const column = tableColumns<Product>();
const columns = [
  column.accessor("title", { header: "Title", enableSorting: true }),
  column.accessor("price", { header: "Price", enableSorting: true }),
  column.accessor("status", { header: "Status" }),
];
const rows: Product[] = [
  { id: 7, title: "Tour tee", price: 2500, status: "Draft" },
  { id: 3, title: "Allotment hoodie", price: 4800, status: "Published" },
];
const path = "/admin/products";

function render(
  query: string,
  props: Partial<Parameters<typeof DataTable<Product>>[0]> = {},
  shown: Product[] = rows,
) {
  const search = new URLSearchParams(query);
  return renderPage(
    `${path}?${query}`,
    <DataTable
      caption="Products"
      columns={columns}
      rows={shown}
      rowId={(row) => String(row.id)}
      pathname={path}
      search={search}
      {...props}
    />,
  );
}

/** The `<th>` whose text starts with `title`, with its attributes. */
const header = (html: string, title: string) =>
  html.match(
    new RegExp(`<th scope="col"[^>]*>(?:(?!</th>).)*?${title}(?:(?!</th>).)*</th>`),
  )?.[0] ?? "";
const hrefIn = (html: string) => html.match(/href="([^"]*)"/)?.[1]?.replaceAll("&amp;", "&");

describe("DataTable", () => {
  it("is a captioned table whose first column names each row", () => {
    const html = render("");
    expect(html).toMatch(/<table[^>]*><caption[^>]*>Products<\/caption>/);
    expect(html).toContain('<th scope="row" class="px-4 py-2 font-semibold">Tour tee</th>');
    expect(html).toContain("<td");
    // Rows stay in the server's order: the table never sorts them itself.
    expect(html.indexOf("Tour tee")).toBeLessThan(html.indexOf("Allotment hoodie"));
  });

  it("says which column the server sorted by and which way, with aria-sort", () => {
    const html = render("sort=price&direction=desc");
    expect(header(html, "Price")).toContain('aria-sort="descending"');
    expect(header(html, "Title")).toContain('aria-sort="none"');
    expect(header(html, "Status")).not.toContain("aria-sort");
    expect(header(html, "Status")).not.toContain("href");
    expect(render("sort=title&direction=asc")).toMatch(/aria-sort="ascending"[^>]*>.*?Title/);
  });

  it("sort links keep the other query parameters and go back to page 1", () => {
    const html = render("q=tee&status=draft&sort=title&direction=asc&page=3&perPage=25");
    const title = new URL(hrefIn(header(html, "Title")) ?? "", "http://shop.test");
    expect(title.pathname).toBe(path);
    expect(Object.fromEntries(title.searchParams)).toEqual({
      q: "tee",
      status: "draft",
      sort: "title",
      direction: "desc",
      perPage: "25",
    });
    const price = new URL(hrefIn(header(html, "Price")) ?? "", "http://shop.test");
    expect(price.searchParams.get("sort")).toBe("price");
    expect(price.searchParams.get("direction")).toBe("asc");
    expect(price.searchParams.has("page")).toBe(false);
  });

  it("shows its empty state in place of rows", () => {
    const html = render("q=nothing", { empty: "No products match these filters." }, []);
    expect(html).toMatch(/<td colSpan="3"[^>]*>No products match these filters\.<\/td>/);
  });

  it("while loading, is busy and says so", () => {
    const html = render("", { loading: true });
    expect(html).toContain('<table aria-busy="true"');
    expect(html).toContain('role="status"');
    expect(html).toContain("Loading…");
    expect(render("")).not.toContain("aria-busy");
  });

  it("offers a labelled tick box per row that sends its id with the bulk action form", () => {
    const html = render("", {
      selection: { form: "bulk", name: "ids", label: (row) => `Select ${row.title}` },
    });
    expect(html).toContain('aria-label="Select all rows on this page"');
    const box = html.match(/<input type="checkbox"[^>]*aria-label="Select Tour tee"[^>]*>/)?.[0];
    expect(box).toContain('form="bulk"');
    expect(box).toContain('name="ids"');
    expect(box).toContain('value="7"');
    expect(render("")).not.toContain('type="checkbox"');
  });

  it("marks the list's default order when the address names none, and the address wins", () => {
    const defaultSort = { id: "title", desc: false };
    const html = render("q=tee", { defaultSort });
    expect(header(html, "Title")).toContain('aria-sort="ascending"');
    // The next press sorts the other way.
    expect(
      new URL(hrefIn(header(html, "Title")) ?? "", "http://shop.test").searchParams.get(
        "direction",
      ),
    ).toBe("desc");
    expect(header(render("sort=price&direction=asc", { defaultSort }), "Title")).toContain(
      'aria-sort="none"',
    );
  });

  it("counts the rows and links to the other pages, keeping the query", () => {
    const meta: ListMeta = { currentPage: 2, perPage: 25, total: 60, lastPage: 3 };
    const html = render("q=tee&sort=title&direction=asc&page=2", { meta });
    expect(html).toContain("Showing 26–50 of 60");
    expect(html).toContain(
      'href="/admin/products?q=tee&amp;sort=title&amp;direction=asc&amp;page=3"',
    );
    expect(html).toContain('href="/admin/products?q=tee&amp;sort=title&amp;direction=asc"');
  });
});
