import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CheckboxField, MoneyField, SelectField, SubmitButton, TextField } from "./form";

const attribute = (html: string, tag: string, name: string) =>
  html.match(new RegExp(`<${tag}\\b[^>]*\\s${name}="([^"]*)"`))?.[1];

/** The control's id, the label's `for`, and the ids its `aria-describedby` names. */
function ties(html: string, tag: string) {
  const id = attribute(html, tag, "id");
  const describedBy = attribute(html, tag, "aria-describedby")?.split(" ") ?? [];
  return {
    id,
    labelFor: attribute(html, "label", "for"),
    described: describedBy.map((ref) => html.match(new RegExp(`id="${ref}"[^>]*>([^<]*)<`))?.[1]),
  };
}

describe("fields", () => {
  it("tie the label, hint and server errors to the control", () => {
    const html = renderToStaticMarkup(
      <TextField
        name="title"
        label="Title"
        hint="As shoppers see it."
        errors={["The title is required.", "Keep it under 200 characters."]}
      />,
    );
    const { id, labelFor, described } = ties(html, "input");
    expect(id).toBeTruthy();
    expect(labelFor).toBe(id);
    expect(described).toEqual([
      "As shoppers see it.",
      "The title is required. Keep it under 200 characters.",
    ]);
    expect(attribute(html, "input", "aria-invalid")).toBe("true");
  });

  it("are neither invalid nor described when there is nothing to say", () => {
    const html = renderToStaticMarkup(<TextField name="title" label="Title" />);
    expect(html).not.toContain("aria-invalid");
    expect(html).not.toContain("aria-describedby");
  });

  it("offer a drop-down whose label and errors are tied to it", () => {
    const html = renderToStaticMarkup(
      <SelectField
        name="status"
        label="Status"
        placeholder="Choose a status"
        options={[{ id: "draft", title: "Draft" }]}
        errors={["Choose a status."]}
      />,
    );
    const { id, labelFor, described } = ties(html, "select");
    expect(labelFor).toBe(id);
    expect(described).toEqual(["Choose a status."]);
    expect(html).toContain('<option value="">Choose a status</option>');
  });

  it("offer a tick box with its label beside it and its errors tied to it", () => {
    const html = renderToStaticMarkup(
      <CheckboxField name="published" label="Published" errors={["Add a price first."]} />,
    );
    const { id, labelFor, described } = ties(html, "input");
    expect(labelFor).toBe(id);
    expect(attribute(html, "input", "type")).toBe("checkbox");
    expect(attribute(html, "input", "value")).toBe("true");
    expect(described).toEqual(["Add a price first."]);
  });

  it("take money in pounds after a £ sign that screen readers hear as words", () => {
    const html = renderToStaticMarkup(
      <MoneyField name="price" label="Price" defaultValue="12.50" />,
    );
    const { id, labelFor } = ties(html, "input");
    expect(labelFor).toBe(id);
    expect(html).toMatch(/<label[^>]*>Price<span class="sr-only"> in pounds<\/span><\/label>/);
    expect(html).toContain('<span aria-hidden="true"');
    expect(attribute(html, "input", "inputMode") ?? attribute(html, "input", "inputmode")).toBe(
      "decimal",
    );
    expect(attribute(html, "input", "value")).toBe("12.50");
  });
});

describe("SubmitButton", () => {
  it("submits, and while busy says so without dropping focus", () => {
    expect(renderToStaticMarkup(<SubmitButton>Sign in</SubmitButton>)).toContain('type="submit"');
    const busy = renderToStaticMarkup(
      <SubmitButton busy busyLabel="Signing in…">
        Sign in
      </SubmitButton>,
    );
    expect(busy).toContain('aria-disabled="true"');
    expect(busy).toContain("Signing in…");
  });
});
