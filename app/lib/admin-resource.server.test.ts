import { describe, expect, it } from "vitest";
import { londonDayStart } from "../../common/london-time";
import { formBodyOf, formValuesOf, listQueryOf } from "./admin-resource.server";

const fields = {
  title: "text",
  slug: "optional",
  "links.website": "text",
  "links.youtube": "text",
  logoFileId: "id",
  featured: "checkbox",
} as const;

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};

describe("a resource form's body", () => {
  it("nests dotted names, sends empty text (so a cleared field clears), drops an empty optional", () => {
    const body = formBodyOf(
      form({ title: "", slug: "  ", "links.website": "https://a.example", "links.youtube": "" }),
      fields,
    );
    expect(body).toEqual({
      title: "",
      links: { website: "https://a.example", youtube: "" },
      featured: false,
    });
  });

  it("reads ids as numbers (empty is none) and a ticked box as true", () => {
    expect(formBodyOf(form({ logoFileId: "42", featured: "true" }), fields)).toMatchObject({
      logoFileId: 42,
      featured: true,
    });
    expect(formBodyOf(form({ logoFileId: "" }), fields).logoFileId).toBeNull();
    // Left for the schema to refuse by name.
    expect(formBodyOf(form({ logoFileId: "logo" }), fields).logoFileId).toBe("logo");
  });

  it("and the record as the form's text, by the same names", () => {
    expect(
      formValuesOf(
        {
          title: "Gulls",
          slug: "gulls",
          links: { website: "https://g.example" },
          logoFileId: null,
          featured: true,
        },
        fields,
      ),
    ).toEqual({
      title: "Gulls",
      slug: "gulls",
      "links.website": "https://g.example",
      "links.youtube": "",
      logoFileId: "",
      featured: "true",
    });
  });
});

describe("a list screen's address as the API's query", () => {
  it("turns the table's sort and direction into the API's sort key", () => {
    expect(listQueryOf(new URLSearchParams("q=tee&sort=title&direction=desc&page=2"))).toEqual({
      q: "tee",
      sort: "-title",
      page: "2",
    });
    expect(listQueryOf(new URLSearchParams("sort=updated&direction=asc"))).toEqual({
      sort: "updated",
    });
    expect(listQueryOf(new URLSearchParams("q=&featured=&sort=title"))).toEqual({ sort: "title" });
    expect(listQueryOf(new URLSearchParams("direction=sideways"))).toEqual({
      direction: "sideways",
    });
  });
});

describe("a London day", () => {
  it("starts at midnight London time, in winter and in summer", () => {
    expect(londonDayStart("2026-01-15")?.toISOString()).toBe("2026-01-15T00:00:00.000Z");
    expect(londonDayStart("2026-07-15")?.toISOString()).toBe("2026-07-14T23:00:00.000Z");
    // The day the clocks go forward, and the day after it (`to` takes the day after).
    expect(londonDayStart("2026-03-29")?.toISOString()).toBe("2026-03-29T00:00:00.000Z");
    expect(londonDayStart("2026-03-29", 1)?.toISOString()).toBe("2026-03-29T23:00:00.000Z");
    expect(londonDayStart("2026-10-25", 1)?.toISOString()).toBe("2026-10-26T00:00:00.000Z");
  });

  it("is nothing for a day that does not exist", () => {
    expect(londonDayStart("2026-02-30")).toBeUndefined();
    expect(londonDayStart("24/11/2026")).toBeUndefined();
  });
});
