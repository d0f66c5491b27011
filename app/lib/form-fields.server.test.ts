import { describe, expect, it } from "vitest";
import { fieldValuesOf, formBodyOf } from "./form-fields.server";

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
      fieldValuesOf(
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
