import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { inlineCssBytes } from "./page-weight.mjs";

describe("page weight", () => {
  it("counts the stylesheet a page carries in its HTML as CSS, gzipped", () => {
    const css = '@property --tw-x{syntax:"<length>"}body{margin:0}';
    const html = `<html><head><style data-href="/assets/app-x.css">${css}</style></head></html>`;
    expect(inlineCssBytes(html)).toBe(gzipSync(css).length);
    expect(inlineCssBytes("<html><head></head></html>")).toBe(0);
  });
});
