import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashInlineScripts, scriptHash } from "./inline-script-hashes.ts";

const NONCE = "q1w2e3r4t5y6u7i8o9p0aA==";
const sha256 = (text: string) =>
  `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

describe("hashInlineScripts", () => {
  const page = [
    "<!DOCTYPE html><html><head>",
    '<script type="application/ld+json">{"@type":"Organization"}</script>',
    `<link rel="stylesheet" href="/assets/app.css"/></head><body><main>Shop £20</main>`,
    `<script nonce="${NONCE}">window.__reactRouterContext = {"é":1};</script>`,
    `<script nonce="${NONCE}" type="text/x-module-after-paint">import("/assets/entry.js");</script>`,
    `<script nonce="${NONCE}">(function load(){})();</script>`,
    `<script nonce="${NONCE}" src="/assets/extra.js"></script>`,
    "</body></html>",
  ].join("");

  it("allows each script the render wrote by the hash of its text, and drops the nonce", () => {
    const shared = hashInlineScripts(page, NONCE);
    expect(shared?.hashes).toEqual([
      sha256('window.__reactRouterContext = {"é":1};'),
      sha256('import("/assets/entry.js");'),
      sha256("(function load(){})();"),
    ]);
    expect(shared?.html).not.toContain(NONCE);
    expect(shared?.html).not.toContain("nonce=");
    expect(shared?.html).toBe(page.replaceAll(` nonce="${NONCE}"`, ""));
  });

  it("allows nothing the render did not write: a script without the nonce is not hashed", () => {
    const injected = page.replace(
      "<main>",
      '<main><script>alert(1)</script><SCRIPT nonce="guess">alert(2)</SCRIPT>',
    );
    const shared = hashInlineScripts(injected, NONCE);
    expect(shared?.hashes).not.toContain(sha256("alert(1)"));
    expect(shared?.hashes).not.toContain(sha256("alert(2)"));
    expect(shared?.hashes).toHaveLength(3);
    expect(shared?.html).toContain("<script>alert(1)</script>");
  });

  it("hashes line breaks as the browser reads them, CR LF and CR as LF", () => {
    expect(scriptHash("a\r\nb\rc\n")).toBe(sha256("a\nb\nc\n"));
  });

  it("takes the nonce off every other element too, and keeps no page where it is still found", () => {
    const withLinks = page.replace(
      "<link rel",
      `<link nonce="${NONCE}" rel="icon" href="/favicon.svg"/><link rel`,
    );
    const shared = hashInlineScripts(withLinks, NONCE);
    expect(shared?.html).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(shared?.html).not.toContain(NONCE);
    expect(shared?.hashes).toHaveLength(3);
    expect(hashInlineScripts(`${page}<p>${NONCE}</p>`, NONCE)).toBeUndefined();
  });

  it("keeps a page without scripts as it is, with no hash", () => {
    expect(hashInlineScripts("<p>Hello</p>", NONCE)).toEqual({ html: "<p>Hello</p>", hashes: [] });
  });
});
