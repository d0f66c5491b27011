import { describe, expect, it } from "vitest";
import { headingId, markdownToHtml } from "./markdown.ts";

describe("markdownToHtml", () => {
  it("gives h2 and h3 headings anchors without their numbers", () => {
    expect(markdownToHtml("## 1. Who we are\n\nText.\n\n### Your rights & choices")).toBe(
      '<h2 id="who-we-are">1. Who we are</h2>\n<p>Text.</p>\n<h3 id="your-rights-choices">Your rights &amp; choices</h3>\n',
    );
  });

  it("keeps tables and links, and removes anything outside the allow-list", () => {
    const html = markdownToHtml(
      "| Name | Lasts |\n|---|---|\n| `token` | 30 days |\n\n[Contact](/help/contact) <script>alert(1)</script> [x](javascript:alert(1))",
    );
    expect(html).toContain('<table tabindex="0">');
    expect(html).toContain("<td>token</td>");
    expect(html).toContain('<a href="/help/contact"');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
  });

  it("makes plain anchors", () => {
    expect(headingId("3. Cookies &amp; storage we use")).toBe("cookies-storage-we-use");
    expect(headingId("!!!")).toBe("section");
  });
});
