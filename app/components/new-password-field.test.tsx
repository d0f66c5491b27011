import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NEW_PASSWORD_RULES, NewPasswordField } from "./new-password-field";

const attribute = (html: string, name: string) =>
  html.match(new RegExp(`<input\\b[^>]*\\s${name}="([^"]*)"`, "i"))?.[1];

describe("the new-password field", () => {
  it("asks for a new password as every page that wants one does", () => {
    const html = renderToStaticMarkup(<NewPasswordField />);
    expect(html).toMatch(/<label[^>]*>Password<\/label>/);
    expect(attribute(html, "name")).toBe("password");
    expect(attribute(html, "type")).toBe("password");
    expect(attribute(html, "autocomplete")).toBe("new-password");
    expect(attribute(html, "minlength")).toBe("10");
    expect(html).toMatch(/<input\b[^>]*\srequired=""/);
    expect(html).toContain(NEW_PASSWORD_RULES);
    expect(NEW_PASSWORD_RULES).toBe(
      "At least 10 characters, not your email address and not a commonly used password.",
    );
    expect(html).not.toContain("aria-invalid");
  });

  it("takes a page's label and words, and puts the server's errors after the control, tied to it", () => {
    const html = renderToStaticMarkup(
      <NewPasswordField
        label="New password"
        hint="At least 10 characters. Signs you out everywhere else."
        errors={["This password is too common. Choose one that is harder to guess."]}
      />,
    );
    expect(html).toMatch(/<label[^>]*>New password<\/label>/);
    expect(attribute(html, "aria-invalid")).toBe("true");
    const described = attribute(html, "aria-describedby")?.split(" ") ?? [];
    expect(described).toHaveLength(2);
    const [hintId, errorId] = described;
    expect(html).toContain(
      `id="${hintId}" class="mt-1 text-sm text-muted">At least 10 characters. Signs you out`,
    );
    // The error follows the control, where it was before there was one field.
    expect(html.indexOf("<input")).toBeLessThan(html.indexOf(`id="${errorId}"`));
    expect(html).toContain("This password is too common.");
  });
});
