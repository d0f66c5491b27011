import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./rich-text.ts";

describe("sanitizeRichText", () => {
  it("keeps simple formatting and safe links", () => {
    expect(
      sanitizeRichText(
        '<p><strong>Heavy</strong> cotton.</p><ul><li>Wash cold</li></ul><a href="https://example.com">More</a>',
      ),
    ).toBe(
      '<p><strong>Heavy</strong> cotton.</p><ul><li>Wash cold</li></ul><a href="https://example.com" rel="noopener noreferrer nofollow">More</a>',
    );
  });

  it("keeps tables and the ids of headings, for legal pages and their contents lists", () => {
    const html =
      '<h2 id="your-rights">Your rights</h2><table tabindex="0"><thead><tr><th scope="col">Name</th></tr></thead><tbody><tr><td>token</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("makes every table a keyboard-scrollable box, whatever the writer put on it", () => {
    expect(sanitizeRichText('<table tabindex="-1" onfocus="x()"><tr><td>a</td></tr></table>')).toBe(
      '<table tabindex="0"><tr><td>a</td></tr></table>',
    );
  });

  it("drops ids and handlers outside the allow-list", () => {
    expect(sanitizeRichText('<p id="main">x</p><td onclick="x()">y</td>')).toBe(
      "<p>x</p><td>y</td>",
    );
  });

  it.each([
    ['<p onclick="steal()">x</p>', "<p>x</p>"],
    ["<script>alert(1)</script><p>x</p>", "<p>x</p>"],
    ['<a href="javascript:alert(1)">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
    ['<img src=x onerror="alert(1)">', ""],
    ['<p style="position:fixed">x</p>', "<p>x</p>"],
    ["<iframe src='https://evil.example'></iframe>", ""],
    ['<a href="//evil.example">x</a>', '<a rel="noopener noreferrer nofollow">x</a>'],
  ])("removes %s", (input, output) => {
    expect(sanitizeRichText(input)).toBe(output);
  });
});
