import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  BAND_HERO,
  BAND_LOGO,
  type BandArt,
  CLOTHING_GARMENTS,
  contrast,
  GARMENT_VIEWS,
  GARMENTS,
  type MockupSpec,
  mockupSvg,
  PRODUCT_IMAGE,
  PRODUCT_VIEW_IMAGE,
  printColour,
  type RenderedImage,
  renderBandHero,
  renderBandLogo,
  renderMockup,
} from "./mockups.ts";

const band: BandArt = {
  name: "Test Card Orchestra",
  style: "block",
  ink: "#1d2a3a",
  paper: "#f2ece1",
  accent: "#ff6b3d",
};

const specs: Array<[string, MockupSpec]> = [
  ...GARMENTS.map((garment): [string, MockupSpec] => [
    garment,
    { kind: "garment", garment, colour: "#2f4f3a", band, caption: "Tour 2026" },
  ]),
  ["poster", { kind: "poster", band, line: "Test Tour 2026", subline: "UK & Ireland", seed: "p" }],
  ["framed poster", { kind: "poster", band, line: "Test Tour 2026", seed: "p", framed: true }],
  ["vinyl", { kind: "vinyl", band, title: "Side A", seed: "v" }],
  ["coloured vinyl", { kind: "vinyl", band, title: "Side A", seed: "v", record: "#e0662b" }],
  ["cd", { kind: "cd", band, title: "Side A", seed: "c" }],
  ["book", { kind: "book", band, line: "Test Tour 2026", subline: "Tour zine", seed: "z" }],
  ["bundle", { kind: "bundle", band, title: "Side A", seed: "b", colour: "#d8c8a8" }],
];

async function expectWebp(image: RenderedImage, size: { width: number; height: number }) {
  // A WebP file is a RIFF container whose form type is "WEBP".
  expect(image.bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
  expect(image.bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
  expect(image.mimeType).toBe("image/webp");
  expect({ width: image.width, height: image.height }).toEqual(size);
  const metadata = await sharp(image.bytes).metadata();
  expect(metadata.format).toBe("webp");
  expect({ width: metadata.width, height: metadata.height }).toEqual(size);
}

describe("product mock-ups", () => {
  it.each(specs)("renders a %s as a 4:5 WebP, the same bytes every time", async (_, spec) => {
    const first = await renderMockup(spec);
    await expectWebp(first, PRODUCT_IMAGE);
    expect(PRODUCT_IMAGE.width / PRODUCT_IMAGE.height).toBe(0.8);
    const again = await renderMockup(spec);
    expect(again.bytes.equals(first.bytes)).toBe(true);
  });

  it("keeps finished drawings in a cache folder and reads them back", async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), "encore-mockups-"));
    try {
      const spec: MockupSpec = { kind: "cd", band, title: "Cached", seed: "k" };
      const drawn = await renderMockup(spec, PRODUCT_IMAGE, { cacheDir });
      const entries = readdirSync(cacheDir);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatch(/^[0-9a-f]{64}\.webp$/);
      // A cache hit gives the bytes in the folder, not a fresh drawing.
      writeFileSync(join(cacheDir, entries[0] as string), Buffer.from("cached"));
      expect((await renderMockup(spec, PRODUCT_IMAGE, { cacheDir })).bytes.toString()).toBe(
        "cached",
      );
      // Another drawing is another entry.
      await renderMockup({ ...spec, title: "Other" }, PRODUCT_IMAGE, { cacheDir });
      expect(readdirSync(cacheDir)).toHaveLength(2);
      expect(drawn.bytes.equals((await renderMockup(spec)).bytes)).toBe(true);
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it("renders at another size when asked", async () => {
    const image = await renderMockup(specs[0]?.[1] as MockupSpec, { width: 400, height: 500 });
    await expectWebp(image, { width: 400, height: 500 });
  });

  it("draws a garment in its colour and a different colour differently", async () => {
    const navy = await renderMockup({
      kind: "garment",
      garment: "t-shirt",
      colour: "#1f2a44",
      band,
    });
    const sand = await renderMockup({
      kind: "garment",
      garment: "t-shirt",
      colour: "#d8c8a8",
      band,
    });
    expect(navy.bytes.equals(sand.bytes)).toBe(false);
    // The middle of the chest below the print is the garment's own colour.
    const { data } = await sharp(navy.bytes)
      .extract({ left: 400, top: 720, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const [r, g, b] = data;
    expect(
      Math.abs((r ?? 0) - 0x1f) + Math.abs((g ?? 0) - 0x2a) + Math.abs((b ?? 0) - 0x44),
    ).toBeLessThan(40);
  });

  it("prints the band's name, escaped", () => {
    const svg = mockupSvg({
      kind: "garment",
      garment: "t-shirt",
      colour: "#141414",
      band: { ...band, name: "Fish & <Chips>" },
    });
    expect(svg).toContain("FISH &amp;");
    expect(svg).toContain("&lt;CHIPS&gt;");
    expect(svg).not.toContain("<CHIPS>");
  });

  it("refuses a colour that is not #rrggbb, which would go into the SVG unescaped", () => {
    expect(() =>
      mockupSvg({ kind: "garment", garment: "cap", colour: 'red" onload="x', band }),
    ).toThrow(/#rrggbb/);
    expect(() =>
      mockupSvg({ kind: "cd", band: { ...band, ink: "black" }, title: "x", seed: "x" }),
    ).toThrow();
  });
});

describe("garment views", () => {
  const views = CLOTHING_GARMENTS.flatMap((garment) =>
    GARMENT_VIEWS.map((view): [string, string, Extract<MockupSpec, { kind: "garment" }>] => [
      garment,
      view,
      { kind: "garment", garment, colour: "#1f2a44", band, caption: "Tour 2026", view, seed: "s" },
    ]),
  );

  it.each(views)(
    "renders a %s's %s view as a small 4:5 WebP, the same bytes every time, unlike its front",
    async (_garment, _view, spec) => {
      const image = await renderMockup(spec, PRODUCT_VIEW_IMAGE);
      await expectWebp(image, PRODUCT_VIEW_IMAGE);
      expect((await renderMockup(spec, PRODUCT_VIEW_IMAGE)).bytes.equals(image.bytes)).toBe(true);
      const front = await renderMockup({ ...spec, view: undefined }, PRODUCT_VIEW_IMAGE);
      expect(front.bytes.equals(image.bytes)).toBe(false);
    },
  );

  it("prints the band and the caption on the back, and frames the print close up", () => {
    const spec: MockupSpec = {
      kind: "garment",
      garment: "t-shirt",
      colour: "#141414",
      band,
      caption: "Back Tour",
    };
    const back = mockupSvg({ ...spec, view: "back" });
    expect(back).toContain("TEST CARD");
    expect(back).toContain("BACK TOUR");
    // The detail is the front seen through a smaller window on the print.
    expect(mockupSvg({ ...spec, view: "detail" })).toMatch(/viewBox="260 \d+ 480 600"/);
    expect(mockupSvg(spec)).toContain('viewBox="0 0 1000 1250"');
  });

  it("dresses a different model for a different seed", () => {
    const spec: MockupSpec = { kind: "garment", garment: "hoodie", colour: "#141414", band };
    const models = new Set(
      ["a", "b", "c", "d", "e", "f"].map((seed) => mockupSvg({ ...spec, view: "worn", seed })),
    );
    expect(models.size).toBeGreaterThan(1);
  });

  it("refuses a view of a cap, beanie or tote, which are only drawn from the front", () => {
    for (const garment of ["cap", "beanie", "tote"] as const) {
      expect(() =>
        mockupSvg({ kind: "garment", garment, colour: "#141414", band, view: "back" }),
      ).toThrow(/Only clothing/);
    }
  });
});

describe("print colour", () => {
  it.each([
    "#141414",
    "#f4f3ef",
    "#a9a9a5",
    "#1f2a44",
    "#2f4f3a",
    "#6d1f2c",
    "#d8c8a8",
    "#7d9bb8",
    "#5b3a7a",
    "#e0662b",
  ])("reads on a %s garment", (garment) => {
    expect(contrast(printColour(garment, band), garment)).toBeGreaterThanOrEqual(3);
  });

  it("prefers the band's accent when it reads", () => {
    expect(printColour("#141414", band)).toBe(band.accent);
  });
});

describe("band images", () => {
  it("renders a square logo, the same bytes every time", async () => {
    const logo = await renderBandLogo(band);
    await expectWebp(logo, BAND_LOGO);
    expect((await renderBandLogo(band)).bytes.equals(logo.bytes)).toBe(true);
  });

  it("renders a 1600×700 banner, the same bytes every time", async () => {
    const hero = await renderBandHero(band, "Indie · Brighton");
    await expectWebp(hero, BAND_HERO);
    expect(BAND_HERO).toEqual({ width: 1600, height: 700 });
    expect((await renderBandHero(band, "Indie · Brighton")).bytes.equals(hero.bytes)).toBe(true);
  });
});
