import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPages, decode, flashOf } from "../../../tests/support/admin-pages.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

// Issue 29: the search results page without JavaScript (a correction said, the bands named, an
// empty page that helps, a page past the last that says so) and the staff's search words.
describe.each(databaseKinds)("search pages on %s", (kind) => {
  let app: TestApp;
  let pages: Awaited<ReturnType<typeof adminPages>>;
  const page = async (path: string) => {
    const response = await app.fetch(path);
    return { status: response.status, html: decode(await response.text()) };
  };
  beforeAll(async () => {
    app = await startTestApp(kind);
    pages = await adminPages(app);
  });
  afterAll(() => app.close());

  it("says what it searched for instead of a misspelt word, and names the band", async () => {
    const { status, html } = await page("/products?q=statik+gulls");
    expect(status).toBe(200);
    expect(html).toContain("Showing results for <strong");
    expect(html).toContain("“static gulls”</strong>. Nothing matched “statik gulls”.");
    expect(html).toMatch(
      /<section aria-labelledby="band-matches"[\s\S]*href="\/bands\/static-gulls"/,
    );
    expect(html).not.toContain("couldn’t find anything");
  });

  it("finds T-shirts for tee, with no correction said", async () => {
    const { html } = await page("/products?q=tee");
    expect(html).toMatch(/[1-9]\d* products? for “tee”/);
    expect(html).not.toContain("Showing results for");
  });

  it("helps when nothing is found: spelling, popular bands, clearing the search", async () => {
    const { status, html } = await page("/products?q=zzqxv");
    expect(status).toBe(200);
    expect(html).toContain("We couldn’t find anything for “zzqxv”.");
    expect(html).not.toContain("Nothing matches those filters");
    expect(html).toContain("Popular bands");
    expect(html.match(/href="\/bands\/[a-z-]+"[^>]*>[^<]+<\/a><\/li>/g)?.length).toBeGreaterThan(2);
    expect(html).toContain('href="/products"');
    expect(html).toContain("Clear search and see all products");
  });

  it("offers the search without its filters when the filters leave nothing", async () => {
    const { html } = await page("/products?q=zine&type=beanie");
    expect(html).toContain("Nothing matches “zine” with the filters you chose.");
    expect(html).toContain('href="/products?q=zine"');
  });

  it("says a page past the last is past the last, with the way to the last and the first", async () => {
    const { status, html } = await page("/products?page=99");
    expect(status).toBe(200);
    const lastPage = Number(/these results have (\d+) pages/.exec(html)?.[1]);
    expect(lastPage).toBeGreaterThan(1);
    expect(lastPage).toBeLessThan(99);
    expect(html).toContain("There is no page 99");
    expect(html).toContain(`href="/products?page=${lastPage}"`);
    expect(html).toMatch(/href="\/products"[^>]*>Back to the first page/);
    expect(html).not.toContain("Nothing matches those filters");
  });

  it("lets staff edit the search words, a group a line, naming the line of a mistake", async () => {
    const before = await pages.html("/admin/search-words");
    expect(before).toMatch(/<textarea[^>]*name="groups"[^>]*>[^<]*t-shirt, tee, tshirt, t shirt/);

    const wrong = await pages.post("/admin/search-words", pages.staff, {
      groups: "tee, t-shirt\nlonely\nok, <b>",
    });
    expect(wrong.status).toBe(422);
    const said = decode(await wrong.text());
    expect(said).toContain("Line 2: A group needs two words or more.");
    expect(said).toContain("Line 3: Use letters, digits, spaces and hyphens only.");
    expect(said).toContain("There is a problem");
    // Nothing saved: the groups are as they were.
    expect(await pages.html("/admin/search-words")).toContain("t-shirt, tee, tshirt, t shirt");

    const saved = await pages.post("/admin/search-words", pages.staff, {
      groups: "hoodie, hoody\n\nquokka, static gulls\n",
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/admin/search-words");
    expect(flashOf(saved)).toEqual(["Search words saved: 2 groups."]);
    expect(await pages.html("/admin/search-words")).toContain(
      "hoodie, hoody\nquokka, static gulls",
    );
    const { html } = await page("/products?q=quokka");
    expect(html).not.toContain("couldn’t find anything");
    expect(html).toMatch(/href="\/products\/static-gulls-/);

    const refused = await pages.post("/admin/search-words", pages.customer, { groups: "a, b" });
    expect(refused.status).toBe(403);
  });
});
