import { describe, expect, it } from "vitest";
import { srcSet } from "./images";

describe("srcSet", () => {
  it("lists the allowed widths up to the original's", () => {
    expect(srcSet({ slug: "a.webp", alt: "", width: 500, height: 625 })).toBe(
      "/api/file/a.webp?w=160 160w, /api/file/a.webp?w=320 320w, /api/file/a.webp?w=480 480w",
    );
  });
});
