import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { loadSharp } from "../../media/images.ts";

/**
 * Product mock-ups, band logos and band banners drawn as SVG and rendered to WebP with sharp, for
 * the demo shop (architecture.md §7.7). The same input always gives the same bytes: nothing here
 * reads the clock or Math.random, and every "random" detail comes from a PRNG seeded by the input.
 */

export type RenderedImage = {
  bytes: Buffer;
  width: number;
  height: number;
  mimeType: "image/webp";
};

/** How a band's name is set: each is a bold stack that falls back to fonts most machines have. */
export type WordmarkStyle = "block" | "serif" | "narrow" | "mono";

/** What a band's artwork is made of: its name, how it is set, and three colours (#rrggbb). */
export type BandArt = {
  name: string;
  style: WordmarkStyle;
  /** A dark colour: sleeves, banners, logo backgrounds. */
  ink: string;
  /** A light colour: type on dark grounds. */
  paper: string;
  /** A vivid colour: graphics and highlights. */
  accent: string;
};

export const GARMENTS = [
  "t-shirt",
  "longsleeve",
  "hoodie",
  "sweatshirt",
  "cap",
  "beanie",
  "tote",
] as const;
export type Garment = (typeof GARMENTS)[number];

/** The clothing drawn from every side; caps, beanies and totes are only drawn from the front. */
export const CLOTHING_GARMENTS = ["t-shirt", "longsleeve", "hoodie", "sweatshirt"] as const;
type ClothingGarment = (typeof CLOTHING_GARMENTS)[number];

/**
 * How a garment is shown: from the front (the default), from the back with its back print, close
 * up on the front print, or worn.
 */
export const GARMENT_VIEWS = ["back", "detail", "worn"] as const;
export type GarmentView = (typeof GARMENT_VIEWS)[number];

export type MockupSpec =
  /** A garment, cap, beanie or tote in `colour` with the band's wordmark printed on it. */
  | {
      kind: "garment";
      garment: Garment;
      colour: string;
      band: BandArt;
      caption?: string;
      /** Another side than the front: clothing only (CLOTHING_GARMENTS). */
      view?: GarmentView;
      /** Sets the worn view's model apart (skin and hair), so a product's models differ. */
      seed?: string;
    }
  /** A poster: big wordmark, an abstract graphic, a tour line; `framed` hangs it on a wall. */
  | {
      kind: "poster";
      band: BandArt;
      line: string;
      subline?: string;
      seed: string;
      framed?: boolean;
    }
  /** A record sleeve with the record peeking out; `record` colours the disc (coloured vinyl). */
  | { kind: "vinyl"; band: BandArt; title: string; seed: string; record?: string }
  /** A CD in its jewel case. */
  | { kind: "cd"; band: BandArt; title: string; seed: string }
  /** A zine or photo book: a printed cover in the poster's style over a block of pages. */
  | { kind: "book"; band: BandArt; line: string; subline?: string; seed: string }
  /** A record with a garment in front of it. */
  | {
      kind: "bundle";
      band: BandArt;
      title: string;
      seed: string;
      colour: string;
      garment?: Garment;
    };

/**
 * Product images are 4:5 portraits, drawn on a 1000×1250 canvas and rendered at 800×1000: WebP
 * encoding costs about 20 ms of CPU per image at this size against 35 ms at 1000×1250, and the
 * demo seed renders about 500 of them.
 */
export const PRODUCT_IMAGE = { width: 800, height: 1000 } as const;
/**
 * A garment's other views (back, print detail, worn) are smaller, 480×600: about 13 ms each
 * against 40–60 ms at full size, as the demo seed draws some 750 of them at first start.
 */
export const PRODUCT_VIEW_IMAGE = { width: 480, height: 600 } as const;
export const BAND_LOGO = { width: 800, height: 800 } as const;
export const BAND_HERO = { width: 1600, height: 700 } as const;

// Effort 2 of 6 encodes a flat vector drawing about three times faster than the default for a few
// per cent more bytes; the demo seed renders hundreds of these.
const WEBP = { quality: 82, effort: 2 } as const;

export type RenderOptions = {
  /**
   * A folder of finished images keyed by the hash of their SVG and the encoder's settings and
   * versions: a drawing rendered once is read back instead of encoded again, and a changed drawing
   * can never hit a stale entry. Failing to read or write it is ignored: it is only a cache.
   */
  cacheDir?: string;
};

/** Renders a product mock-up as a WebP, 800×1000 unless another size is asked for. */
export async function renderMockup(
  spec: MockupSpec,
  size: { width: number; height: number } = PRODUCT_IMAGE,
  options: RenderOptions = {},
): Promise<RenderedImage> {
  return rasterise(mockupSvg(spec, size), size, options);
}

/** The band's logo: its wordmark on a square of its ink colour. */
export async function renderBandLogo(
  band: BandArt,
  options: RenderOptions = {},
): Promise<RenderedImage> {
  return rasterise(bandLogoSvg(band), BAND_LOGO, options);
}

/** The band's page banner: a moody gradient with the wordmark and a line under it. */
export async function renderBandHero(
  band: BandArt,
  tagline = "",
  options: RenderOptions = {},
): Promise<RenderedImage> {
  return rasterise(bandHeroSvg(band, tagline), BAND_HERO, options);
}

async function rasterise(
  svg: string,
  size: { width: number; height: number },
  { cacheDir }: RenderOptions,
): Promise<RenderedImage> {
  const sharp = await loadSharp();
  const key = createHash("sha256")
    .update(JSON.stringify({ svg, webp: WEBP, versions: sharp.versions }))
    .digest("hex");
  const cached = cacheDir
    ? await readFile(join(cacheDir, `${key}.webp`)).catch(() => undefined)
    : undefined;
  if (cached) return { bytes: cached, ...size, mimeType: "image/webp" };
  const { data, info } = await sharp(Buffer.from(svg))
    .webp(WEBP)
    .toBuffer({ resolveWithObject: true });
  if (cacheDir) {
    // Written under a temporary name and renamed, so a reader never sees half a file.
    const temporary = join(cacheDir, `${key}.${process.pid}.${randomUUID()}.tmp`);
    await mkdir(cacheDir, { recursive: true })
      .then(() => writeFile(temporary, data))
      .then(() => rename(temporary, join(cacheDir, `${key}.webp`)))
      .catch(() => rm(temporary, { force: true }).catch(() => {}));
  }
  return { bytes: data, width: info.width, height: info.height, mimeType: "image/webp" };
}

// ---------------------------------------------------------------------------------------------
// SVG documents

const W = 1000;
const H = 1250;

/** The SVG of a mock-up, drawn on a 1000×1250 canvas and scaled to `size`. */
export function mockupSvg(
  spec: MockupSpec,
  size: { width: number; height: number } = PRODUCT_IMAGE,
) {
  checkSpec(spec);
  if (spec.kind === "garment" && spec.view) return garmentViewSvg(spec, spec.view, size);
  const body = (() => {
    switch (spec.kind) {
      case "garment":
        return garmentBody(spec.garment, spec.colour, spec.band, spec.caption, "g");
      case "poster":
        return spec.framed ? framedPosterBody(spec) : posterBody(spec, "p");
      case "vinyl":
        return vinylBody(spec.band, spec.title, spec.seed, spec.record, "v");
      case "cd":
        return cdBody(spec.band, spec.title, spec.seed, "c");
      case "book":
        return bookBody(spec);
      case "bundle":
        return bundleBody(spec);
    }
  })();
  const backdrop = spec.kind === "poster" && spec.framed ? "" : studioBackdrop();
  return svgDocument(size, W, H, backdrop + body);
}

function svgDocument(
  size: { width: number; height: number },
  vw: number,
  vh: number,
  body: string,
  origin: { x: number; y: number } = { x: 0, y: 0 },
) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="${origin.x} ${origin.y} ${vw} ${vh}" preserveAspectRatio="xMidYMid slice">${body}</svg>`;
}

/** The soft neutral studio background every product sits on, with a floor shadow. */
function studioBackdrop(): string {
  return `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f2ee"/><stop offset="1" stop-color="#e6e2dc"/></linearGradient><radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs><rect width="${W}" height="${H}" fill="url(#bg)"/><ellipse cx="500" cy="1130" rx="380" ry="46" fill="url(#floor)"/>`;
}

/** The SVG of a band's logo, 800×800. */
export function bandLogoSvg(band: BandArt): string {
  checkBand(band);
  const { width, height } = BAND_LOGO;
  const mark = wordmark(band, {
    cx: width / 2,
    cy: height / 2 - 10,
    maxWidth: 600,
    maxSize: 150,
    fill: band.paper,
  });
  return svgDocument(
    BAND_LOGO,
    width,
    height,
    `<rect width="${width}" height="${height}" fill="${band.ink}"/><rect x="40" y="40" width="${width - 80}" height="${height - 80}" fill="none" stroke="${band.accent}" stroke-width="6"/>${mark}<rect x="${width / 2 - 60}" y="${height - 150}" width="120" height="10" fill="${band.accent}"/>`,
  );
}

/** The SVG of a band's banner, 1600×700. */
export function bandHeroSvg(band: BandArt, tagline: string): string {
  checkBand(band);
  const { width, height } = BAND_HERO;
  const random = prng(`hero:${band.name}`);
  const deep = mix(band.ink, "#000000", 0.45);
  const glow = mix(band.ink, band.accent, 0.55);
  const rings = Array.from({ length: 7 }, (_, i) => {
    const r = 90 + i * 70;
    return `<circle cx="1260" cy="330" r="${r}" fill="none" stroke="${band.accent}" stroke-opacity="${(0.22 - i * 0.025).toFixed(3)}" stroke-width="${4 + (i % 3) * 6}"/>`;
  }).join("");
  const streaks = Array.from({ length: 14 }, () => {
    const x = Math.round(random() * width);
    const w = Math.round(2 + random() * 40);
    return `<rect x="${x}" y="0" width="${w}" height="${height}" fill="${band.paper}" fill-opacity="${(0.015 + random() * 0.03).toFixed(3)}"/>`;
  }).join("");
  const mark = wordmark(band, {
    cx: 120,
    cy: 330,
    maxWidth: 980,
    maxSize: 170,
    fill: band.paper,
    anchor: "start",
  });
  const line = tagline
    ? `<text x="124" y="560" font-family="${FONTS.block.family}" font-weight="700" font-size="30" letter-spacing="6" fill="${band.accent}">${escapeXml(tagline.toUpperCase())}</text>`
    : "";
  return svgDocument(
    BAND_HERO,
    width,
    height,
    `<defs><linearGradient id="hero" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${glow}"/></linearGradient><radialGradient id="glow" cx="0.8" cy="0.3" r="0.6"><stop offset="0" stop-color="${band.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${band.accent}" stop-opacity="0"/></radialGradient><linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.55"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#hero)"/><rect width="${width}" height="${height}" fill="url(#glow)"/>${rings}${streaks}<rect width="${width}" height="${height}" fill="url(#fade)"/>${mark}${line}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Garments

/** The clothing's outlines on the 1000×1250 canvas, the same from the front and the back. */
const OUTLINES: Record<ClothingGarment, string> = {
  "t-shirt":
    "M400 200 C440 250 560 250 600 200 L720 232 L880 340 L818 488 L735 452 L742 1080 Q500 1096 258 1080 L265 452 L182 488 L120 340 L280 232 Z",
  longsleeve:
    "M400 200 C440 250 560 250 600 200 L720 232 L800 300 L905 900 L830 925 L742 480 L742 1080 Q500 1096 258 1080 L258 480 L170 925 L95 900 L200 300 L280 232 Z",
  hoodie:
    "M395 205 C440 250 560 250 605 205 L735 240 L815 310 L918 910 L838 936 L760 500 L760 1030 L240 1030 L240 500 L162 936 L82 910 L185 310 L265 240 Z",
  sweatshirt:
    "M395 205 C440 250 560 250 605 205 L735 240 L815 310 L918 910 L838 936 L760 500 L760 1030 L240 1030 L240 500 L162 936 L82 910 L185 310 L265 240 Z",
};

const isClothing = (garment: Garment): garment is ClothingGarment =>
  (CLOTHING_GARMENTS as readonly string[]).includes(garment);

// The print's centre on the front of each piece of clothing (the detail view frames it).
const PRINT_Y: Record<ClothingGarment, number> = {
  "t-shirt": 470,
  longsleeve: 470,
  hoodie: 585,
  sweatshirt: 480,
};

/** Skin and hair for the worn view's model, picked by the spec's seed. */
const MODELS = [
  { skin: "#f1c7a5", hair: "#3b2a20" },
  { skin: "#c68b62", hair: "#1d1612" },
  { skin: "#8d5a3b", hair: "#15110e" },
  { skin: "#e3b48f", hair: "#a3652f" },
  { skin: "#5c3a26", hair: "#0f0c0a" },
];

/** A garment from the back, close up on its print, or worn; clothing only. */
function garmentViewSvg(
  spec: Extract<MockupSpec, { kind: "garment" }>,
  view: GarmentView,
  size: { width: number; height: number },
): string {
  const { garment, colour, band, caption } = spec;
  if (!isClothing(garment)) throw new Error(`Only clothing has a ${view} view: ${garment}`);
  switch (view) {
    case "back":
      return svgDocument(size, W, H, studioBackdrop() + garmentBackBody(spec, garment));
    case "detail": {
      // The front, framed on the print at 4:5 and twice the size, with the neck label in view.
      const frame = { w: 480, h: 600 };
      const top = Math.min(PRINT_Y[garment] - frame.h / 2 + 40, 150);
      const label = `<rect x="470" y="${garment === "hoodie" ? 226 : 214}" width="60" height="26" rx="3" fill="${band.ink}"/>`;
      return svgDocument(
        size,
        frame.w,
        frame.h,
        studioBackdrop() + garmentBody(garment, colour, band, caption, "g") + label,
        { x: 500 - frame.w / 2, y: top },
      );
    }
    case "worn":
      // Framed a little higher than the studio shots, so the model's head fits.
      return svgDocument(size, W, H, wornBody(spec, garment), { x: 0, y: -60 });
  }
}

function garmentBackBody(
  spec: Extract<MockupSpec, { kind: "garment" }>,
  garment: ClothingGarment,
): string {
  const { colour, band, caption } = spec;
  const shade = mix(colour, "#000000", 0.28);
  const ink = printColour(colour, band);
  const folds = `<linearGradient id="bf" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.16"/><stop offset="0.45" stop-color="#fff" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.14"/></linearGradient>`;
  const outline = OUTLINES[garment];
  const heavy = garment === "hoodie" || garment === "sweatshirt";
  const rib = heavy
    ? `<path d="M240 1030 L760 1030 L756 1092 Q500 1104 244 1092 Z" fill="${shade}"/>`
    : "";
  // From behind, the neckline is a shallow arc and a hood hangs over the shoulders.
  const neck =
    garment === "hoodie"
      ? `<path d="M352 214 C330 120 670 120 648 214 C640 330 360 330 352 214 Z" fill="${mix(colour, "#000000", 0.1)}"/><path d="M500 140 L500 318" stroke="${shade}" stroke-width="4"/>`
      : `<path d="M${heavy ? 395 : 400} ${heavy ? 205 : 200} Q500 226 ${heavy ? 605 : 600} ${heavy ? 205 : 200}" fill="none" stroke="${shade}" stroke-width="14"/>`;
  const printTop = garment === "hoodie" ? 400 : 320;
  const mark = wordmarkBlock(band, {
    cx: 500,
    cy: printTop,
    maxWidth: 300,
    maxSize: 48,
    fill: ink,
  });
  const art = graphic(
    `back:${band.name}:${caption ?? ""}`,
    { x: 330, y: mark.bottom + 40, w: 340, h: 300 },
    [ink, mix(ink, colour, 0.45)],
    "ba",
  );
  const line = caption ? captionLine(caption, 500, mark.bottom + 400, 360, ink) : "";
  return `<defs>${folds}</defs><path d="${outline}" fill="${colour}"/><path d="${outline}" fill="url(#bf)"/>${rib}${neck}${mark.svg}${art}${line}`;
}

function wornBody(spec: Extract<MockupSpec, { kind: "garment" }>, garment: ClothingGarment) {
  const random = prng(`worn:${spec.seed ?? spec.band.name}`);
  const model = MODELS[Math.floor(random() * MODELS.length)] ?? MODELS[0];
  const { skin, hair } = model as (typeof MODELS)[number];
  const wall = mix(spec.band.paper, "#d8d2c8", 0.5);
  const short = garment === "t-shirt";
  // Arms hang from the shoulders; short sleeves leave the forearms bare, long ones reach the wrist.
  const arms = short
    ? `<path d="M205 420 L185 930" stroke="${skin}" stroke-width="74" stroke-linecap="round"/><path d="M795 420 L815 930" stroke="${skin}" stroke-width="74" stroke-linecap="round"/>`
    : `<circle cx="130" cy="950" r="40" fill="${skin}"/><circle cx="870" cy="950" r="40" fill="${skin}"/>`;
  const legs = `<path d="M290 1040 L280 1250 L490 1250 L500 1120 L510 1250 L720 1250 L710 1040 Z" fill="#2c3440"/>`;
  const head = `<rect x="455" y="150" width="90" height="90" fill="${skin}"/><ellipse cx="500" cy="100" rx="82" ry="96" fill="${skin}"/><path d="M418 96 C410 -10 590 -10 582 96 C570 40 430 40 418 96 Z" fill="${hair}"/>`;
  // The garment is drawn over the body a touch smaller than in the studio shots.
  const dressed = `<g transform="translate(40 60) scale(0.92)">${garmentBody(garment, spec.colour, spec.band, spec.caption, "w")}</g>`;
  return `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(wall, "#ffffff", 0.2)}"/><stop offset="1" stop-color="${mix(wall, "#000000", 0.1)}"/></linearGradient></defs><rect y="-60" width="${W}" height="${H + 60}" fill="url(#wall)"/>${legs}${arms}${head}${dressed}`;
}

/** The garment drawn on the 1000×1250 canvas; `id` keeps its gradient ids apart from others'. */
function garmentBody(
  garment: Garment,
  colour: string,
  band: BandArt,
  caption: string | undefined,
  id: string,
): string {
  const shade = mix(colour, "#000000", 0.28);
  const inner = mix(colour, "#000000", 0.42);
  const stitch =
    luminance(colour) > 0.5 ? mix(colour, "#000000", 0.22) : mix(colour, "#ffffff", 0.2);
  const ink = printColour(colour, band);
  const folds = `<linearGradient id="${id}f" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.14"/><stop offset="0.3" stop-color="#fff" stop-opacity="0.06"/><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.16"/></linearGradient>`;
  const shaded = (d: string) =>
    `<path d="${d}" fill="${colour}"/><path d="${d}" fill="url(#${id}f)"/>`;
  const dashed = (d: string, width = 3) =>
    `<path d="${d}" fill="none" stroke="${stitch}" stroke-width="${width}" stroke-dasharray="10 8"/>`;
  const print = (cy: number, maxWidth: number, maxSize: number) => {
    const mark = wordmarkBlock(band, { cx: 500, cy, maxWidth, maxSize, fill: ink });
    return mark.svg + (caption ? captionLine(caption, 500, mark.bottom + 46, maxWidth, ink) : "");
  };

  switch (garment) {
    case "t-shirt": {
      const body = OUTLINES["t-shirt"];
      return `<defs>${folds}</defs>${shaded(body)}<path d="M400 200 Q500 186 600 200 C560 244 440 244 400 200 Z" fill="${inner}"/><path d="M400 200 C440 250 560 250 600 200" fill="none" stroke="${shade}" stroke-width="16"/>${dashed("M196 458 L124 354")}${dashed("M804 458 L876 354")}${dashed("M262 1052 Q500 1068 738 1052")}${print(470, 380, 84)}`;
    }
    case "longsleeve": {
      const body = OUTLINES.longsleeve;
      return `<defs>${folds}</defs>${shaded(body)}<path d="M400 200 Q500 186 600 200 C560 244 440 244 400 200 Z" fill="${inner}"/><path d="M400 200 C440 250 560 250 600 200" fill="none" stroke="${shade}" stroke-width="16"/>${dashed("M88 860 L164 886")}${dashed("M912 860 L836 886")}${dashed("M262 1052 Q500 1068 738 1052")}${print(470, 380, 84)}`;
    }
    case "sweatshirt":
    case "hoodie": {
      const hood = garment === "hoodie";
      const body = OUTLINES[garment];
      const rib = `<path d="M240 1030 L760 1030 L756 1092 Q500 1104 244 1092 Z" fill="${shade}"/><path d="M82 910 L162 936 L150 990 L68 966 Z" fill="${shade}"/><path d="M918 910 L838 936 L850 990 L932 966 Z" fill="${shade}"/>`;
      const hoodBack = hood
        ? `<path d="M352 252 C320 92 680 92 648 252 Z" fill="${mix(colour, "#000000", 0.12)}"/>`
        : "";
      const neck = hood
        ? `<path d="M392 208 C410 128 590 128 608 208 C575 300 425 300 392 208 Z" fill="${inner}"/><path d="M392 208 C410 128 590 128 608 208" fill="none" stroke="${shade}" stroke-width="14"/><path d="M458 282 L446 420" stroke="${stitch}" stroke-width="9" stroke-linecap="round"/><path d="M542 282 L554 420" stroke="${stitch}" stroke-width="9" stroke-linecap="round"/><rect x="438" y="414" width="16" height="30" rx="4" fill="${shade}"/><rect x="546" y="414" width="16" height="30" rx="4" fill="${shade}"/>`
        : `<path d="M395 205 Q500 190 605 205 C560 250 440 250 395 205 Z" fill="${inner}"/><path d="M395 205 C440 258 560 258 605 205" fill="none" stroke="${shade}" stroke-width="24"/>`;
      const pocket = hood
        ? `<path d="M345 790 L655 790 L705 972 L295 972 Z" fill="none" stroke="${shade}" stroke-width="5"/>${dashed("M356 804 L644 804")}`
        : "";
      return `<defs>${folds}</defs>${hoodBack}${shaded(body)}${rib}${neck}${pocket}${print(hood ? 585 : 480, 400, 84)}`;
    }
    case "cap": {
      // The crown's top is at y 510, where the button sits.
      const crown = "M250 780 C250 420 750 420 750 780 Z";
      const brim = "M205 780 C300 720 700 720 795 780 C770 900 230 900 205 780 Z";
      return `<defs>${folds}</defs>${shaded(crown)}<path d="M500 512 L500 780" stroke="${shade}" stroke-width="4"/><path d="M500 512 C420 530 360 620 338 780" fill="none" stroke="${shade}" stroke-width="4"/><path d="M500 512 C580 530 640 620 662 780" fill="none" stroke="${shade}" stroke-width="4"/><circle cx="500" cy="512" r="16" fill="${shade}"/><path d="${brim}" fill="${mix(colour, "#000000", 0.1)}"/><path d="M205 780 C300 720 700 720 795 780" fill="none" stroke="${inner}" stroke-width="8"/>${dashed("M240 800 C330 752 670 752 760 800")}${wordmark(band, { cx: 500, cy: 660, maxWidth: 300, maxSize: 58, fill: ink })}`;
    }
    case "beanie": {
      const dome = "M300 720 L300 560 C300 300 700 300 700 560 L700 720 Z";
      const ribs = Array.from(
        { length: 16 },
        (_, i) =>
          `<path d="M${318 + i * 24} 380 L${318 + i * 24} 720" stroke="${shade}" stroke-opacity="0.35" stroke-width="5"/>`,
      ).join("");
      const cuffRibs = Array.from(
        { length: 19 },
        (_, i) =>
          `<path d="M${292 + i * 24} 704 L${292 + i * 24} 908" stroke="${shade}" stroke-opacity="0.3" stroke-width="5"/>`,
      ).join("");
      const patchInk = band.ink;
      return `<defs>${folds}<clipPath id="${id}d"><path d="${dome}"/></clipPath></defs>${shaded(dome)}<g clip-path="url(#${id}d)">${ribs}</g><rect x="270" y="700" width="460" height="210" rx="22" fill="${mix(colour, "#000000", 0.08)}"/>${cuffRibs}<rect x="270" y="700" width="460" height="210" rx="22" fill="url(#${id}f)"/><rect x="372" y="760" width="256" height="92" rx="6" fill="${band.paper}"/><rect x="380" y="768" width="240" height="76" rx="4" fill="none" stroke="${patchInk}" stroke-opacity="0.4" stroke-width="2" stroke-dasharray="6 5"/>${wordmark(band, { cx: 500, cy: 806, maxWidth: 210, maxSize: 44, fill: patchInk })}`;
    }
    case "tote": {
      const bag = "M250 470 L750 470 L765 1080 L235 1080 Z";
      return `<defs>${folds}</defs><path d="M370 480 C370 230 630 230 630 480" fill="none" stroke="${shade}" stroke-width="36"/><path d="M370 480 C370 240 630 240 630 480" fill="none" stroke="${colour}" stroke-width="28"/>${shaded(bag)}<path d="M250 470 L750 470 L751 520 L249 520 Z" fill="${shade}" fill-opacity="0.35"/>${dashed("M252 530 L748 530")}${print(760, 400, 86)}`;
    }
  }
}

/** The print colour on a garment: the band's accent when it reads, else light or dark ink. */
export function printColour(garment: string, band: BandArt): string {
  const candidates = [band.accent, band.paper, "#f7f4ee", band.ink, "#161616"];
  for (const candidate of candidates) if (contrast(candidate, garment) >= 4.5) return candidate;
  return contrast("#f7f4ee", garment) >= contrast("#161616", garment) ? "#f7f4ee" : "#161616";
}

function captionLine(text: string, cx: number, cy: number, maxWidth: number, fill: string) {
  const upper = text.toUpperCase();
  const spacing = 0.12;
  const size = Math.min(30, fitSize(upper, "block", maxWidth, spacing));
  return `<text x="${cx}" y="${cy.toFixed(1)}" text-anchor="middle" font-family="${FONTS.block.family}" font-weight="700" font-size="${size.toFixed(1)}" letter-spacing="${(size * spacing).toFixed(1)}" fill="${fill}">${escapeXml(upper)}</text>`;
}

// ---------------------------------------------------------------------------------------------
// Posters, records, CDs, bundles

function posterBody(
  spec: Extract<MockupSpec, { kind: "poster" }>,
  id: string,
  box = { x: 150, y: 130, w: 700, h: 990 },
): string {
  const { band } = spec;
  const random = prng(`poster:${spec.seed}`);
  const dark = random() < 0.65;
  const ground = dark ? band.ink : band.paper;
  const type = dark ? band.paper : band.ink;
  const { x, y, w, h } = box;
  const s = w / 700;
  const art = graphic(
    `${spec.seed}:art`,
    { x: x + 50 * s, y: y + 250 * s, w: 600 * s, h: 480 * s },
    [band.accent, type, mix(band.accent, ground, 0.5)],
    `${id}a`,
  );
  const mark = wordmark(band, {
    cx: x + w / 2,
    cy: y + 140 * s,
    maxWidth: 600 * s,
    maxSize: 130 * s,
    fill: type,
  });
  const line = posterLine(spec.line, x + w / 2, y + 830 * s, 600 * s, 40 * s, type);
  const subline = spec.subline
    ? posterLine(spec.subline, x + w / 2, y + 890 * s, 560 * s, 24 * s, band.accent)
    : "";
  return `<rect x="${x + 10 * s}" y="${y + 16 * s}" width="${w}" height="${h}" fill="#000" fill-opacity="0.1"/><rect x="${x + 3 * s}" y="${y + 5 * s}" width="${w}" height="${h}" fill="#000" fill-opacity="0.08"/><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${ground}"/>${art}${mark}${line}${subline}<rect x="${x + 24 * s}" y="${y + 24 * s}" width="${w - 48 * s}" height="${h - 48 * s}" fill="none" stroke="${type}" stroke-opacity="0.35" stroke-width="${2 * s}"/>`;
}

function posterLine(
  text: string,
  cx: number,
  cy: number,
  maxWidth: number,
  maxSize: number,
  fill: string,
) {
  const upper = text.toUpperCase();
  const spacing = 0.08;
  const size = Math.min(maxSize, fitSize(upper, "block", maxWidth, spacing));
  return `<text x="${cx.toFixed(1)}" y="${cy.toFixed(1)}" text-anchor="middle" font-family="${FONTS.block.family}" font-weight="700" font-size="${size.toFixed(1)}" letter-spacing="${(size * spacing).toFixed(1)}" fill="${fill}">${escapeXml(upper)}</text>`;
}

function framedPosterBody(spec: Extract<MockupSpec, { kind: "poster" }>): string {
  const wall = mix(spec.band.paper, "#d9d4cc", 0.6);
  const frame = { x: 205, y: 170, w: 590, h: 818 };
  return `<defs><linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(wall, "#ffffff", 0.25)}"/><stop offset="1" stop-color="${mix(wall, "#000000", 0.08)}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#wall)"/><rect x="0" y="1110" width="${W}" height="140" fill="${mix(wall, "#6b5a48", 0.55)}"/><rect x="${frame.x + 14}" y="${frame.y + 22}" width="${frame.w}" height="${frame.h}" fill="#000" fill-opacity="0.18"/><rect x="${frame.x}" y="${frame.y}" width="${frame.w}" height="${frame.h}" fill="#1b1b1b"/><rect x="${frame.x + 22}" y="${frame.y + 22}" width="${frame.w - 44}" height="${frame.h - 44}" fill="#f6f4ef"/>${posterBody({ ...spec, framed: false }, "fp", { x: 270, y: 252, w: 460, h: 650 })}`;
}

function vinylBody(
  band: BandArt,
  title: string,
  seed: string,
  record: string | undefined,
  id: string,
): string {
  const sleeve = { x: 90, y: 345, size: 560 };
  const disc = record ?? "#121212";
  const groove = record ? mix(record, "#000000", 0.25) : "#2b2b2b";
  const grooves = [250, 225, 200, 172, 140]
    .map(
      (r) =>
        `<circle cx="690" cy="625" r="${r}" fill="none" stroke="${groove}" stroke-width="2" stroke-opacity="0.8"/>`,
    )
    .join("");
  const disk = `<circle cx="690" cy="625" r="270" fill="${disc}"${record ? ` fill-opacity="0.92"` : ""}/>${grooves}<path d="M690 355 A270 270 0 0 1 960 625" fill="none" stroke="#ffffff" stroke-opacity="0.16" stroke-width="26"/><circle cx="690" cy="625" r="92" fill="${band.accent}"/><circle cx="690" cy="625" r="92" fill="none" stroke="#000" stroke-opacity="0.25" stroke-width="3"/><circle cx="690" cy="625" r="9" fill="#e9e6e1"/>`;
  return `<rect x="${sleeve.x + 12}" y="${sleeve.y + 16}" width="${sleeve.size}" height="${sleeve.size}" fill="#000" fill-opacity="0.14"/>${disk}${sleeveArt(band, title, seed, sleeve.x, sleeve.y, sleeve.size, `${id}s`)}`;
}

/** Square album artwork: a full-bleed abstract graphic, the wordmark and the title. */
function sleeveArt(
  band: BandArt,
  title: string,
  seed: string,
  x: number,
  y: number,
  size: number,
  id: string,
) {
  const random = prng(`sleeve:${seed}`);
  const dark = random() < 0.7;
  const ground = dark ? band.ink : band.paper;
  const type = dark ? band.paper : band.ink;
  const s = size / 560;
  const art = graphic(
    `${seed}:sleeve`,
    { x, y: y + 120 * s, w: size, h: 330 * s },
    [band.accent, mix(band.accent, ground, 0.45), type],
    `${id}g`,
  );
  const mark = wordmark(band, {
    cx: x + size / 2,
    cy: y + 72 * s,
    maxWidth: 480 * s,
    maxSize: 76 * s,
    fill: type,
  });
  const name = posterLine(title, x + size / 2, y + 510 * s, 470 * s, 30 * s, type);
  return `<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="${ground}"/>${art}${mark}${name}<rect x="${x}" y="${y}" width="${size}" height="${size}" fill="none" stroke="#000" stroke-opacity="0.15" stroke-width="2"/>`;
}

function cdBody(band: BandArt, title: string, seed: string, id: string): string {
  const c = { x: 215, y: 400, w: 570, h: 500 };
  const disc = `<defs><linearGradient id="${id}d" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1f2f3"/><stop offset="0.35" stop-color="#b7c0c9"/><stop offset="0.55" stop-color="#eef0e4"/><stop offset="0.75" stop-color="#c7bfd6"/><stop offset="1" stop-color="#e9ecef"/></linearGradient></defs><circle cx="690" cy="420" r="210" fill="url(#${id}d)"/><circle cx="690" cy="420" r="210" fill="none" stroke="#9aa3ab" stroke-width="2"/><circle cx="690" cy="420" r="62" fill="#dde1e4" stroke="#a8b0b7" stroke-width="2"/><circle cx="690" cy="420" r="20" fill="#efede9"/>`;
  const art = sleeveArt(band, title, seed, c.x + 52, c.y + 14, c.h - 28, `${id}a`);
  return `${disc}<rect x="${c.x + 12}" y="${c.y + 16}" width="${c.w}" height="${c.h}" rx="6" fill="#000" fill-opacity="0.16"/><rect x="${c.x}" y="${c.y}" width="${c.w}" height="${c.h}" rx="6" fill="#d9dde0"/>${art}<rect x="${c.x}" y="${c.y}" width="40" height="${c.h}" rx="6" fill="#b9c0c6"/><path d="M${c.x + 40} ${c.y} L${c.x + 250} ${c.y} L${c.x + 40} ${c.y + 300} Z" fill="#ffffff" fill-opacity="0.22"/><rect x="${c.x}" y="${c.y}" width="${c.w}" height="${c.h}" rx="6" fill="none" stroke="#9ea6ad" stroke-width="4"/><path d="M${c.x + 40} ${c.y + 4} L${c.x + 40} ${c.y + c.h - 4}" stroke="#8e979f" stroke-width="3"/>`;
}

function bookBody(spec: Extract<MockupSpec, { kind: "book" }>): string {
  // An A-series cover (the poster's 700:990), its page block showing on the right and below.
  const cover = { x: 220, y: 250, w: 540, h: 764 };
  const edges = [8, 16, 24]
    .map(
      (offset) =>
        `<path d="M${cover.x + cover.w + offset} ${cover.y + offset} L${cover.x + cover.w + offset} ${cover.y + cover.h + offset} L${cover.x + offset} ${cover.y + cover.h + offset}" fill="none" stroke="#cfc8bb" stroke-width="2"/>`,
    )
    .join("");
  const pages = `<rect x="${cover.x + 28}" y="${cover.y + 28}" width="${cover.w}" height="${cover.h}" fill="#000" fill-opacity="0.12"/><rect x="${cover.x + 4}" y="${cover.y + 4}" width="${cover.w + 24}" height="${cover.h + 24}" rx="3" fill="#f4f0e7"/>${edges}`;
  const spine = `<rect x="${cover.x}" y="${cover.y}" width="14" height="${cover.h}" fill="#000" fill-opacity="0.18"/>`;
  const { band, line, subline, seed } = spec;
  return `${pages}${posterBody({ kind: "poster", band, line, subline, seed }, "b", cover)}${spine}`;
}

function bundleBody(spec: Extract<MockupSpec, { kind: "bundle" }>): string {
  const record = `<g transform="translate(20 -110) scale(0.78)">${vinylBody(spec.band, spec.title, spec.seed, undefined, "bv")}</g>`;
  const garment = `<g transform="translate(300 500) scale(0.6)">${garmentBody(spec.garment ?? "t-shirt", spec.colour, spec.band, undefined, "bg")}</g>`;
  return `${record}${garment}`;
}

/** A bold abstract graphic filling `box`: rings, a sunburst, a sunset, dots, peaks or waves. */
function graphic(
  seed: string,
  box: { x: number; y: number; w: number; h: number },
  colours: string[],
  id: string,
): string {
  const random = prng(seed);
  const pick = () => colours[Math.floor(random() * colours.length)] ?? "#888888";
  const { x, y, w, h } = box;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const r = Math.min(w, h) / 2;
  const clip = `<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>`;
  const kind = Math.floor(random() * 6);
  let shapes = "";
  if (kind === 0) {
    const count = 4 + Math.floor(random() * 4);
    for (let i = 0; i < count; i++) {
      shapes += `<circle cx="${cx}" cy="${cy}" r="${(r * (1 - i / count)).toFixed(1)}" fill="${i % 2 ? pick() : colours[0]}"/>`;
    }
  } else if (kind === 1) {
    const rays = 12 + Math.floor(random() * 12);
    const reach = Math.hypot(w, h);
    for (let i = 0; i < rays; i += 2) {
      const a = (i / rays) * Math.PI * 2;
      const b = ((i + 1) / rays) * Math.PI * 2;
      shapes += `<path d="M${cx} ${cy} L${(cx + Math.cos(a) * reach).toFixed(1)} ${(cy + Math.sin(a) * reach).toFixed(1)} L${(cx + Math.cos(b) * reach).toFixed(1)} ${(cy + Math.sin(b) * reach).toFixed(1)} Z" fill="${colours[0]}" fill-opacity="0.85"/>`;
    }
    shapes += `<circle cx="${cx}" cy="${cy}" r="${(r * 0.35).toFixed(1)}" fill="${colours[1] ?? colours[0]}"/>`;
  } else if (kind === 2) {
    shapes += `<circle cx="${cx}" cy="${(y + h * 0.62).toFixed(1)}" r="${(r * 0.8).toFixed(1)}" fill="${colours[0]}"/>`;
    const stripes = 5 + Math.floor(random() * 4);
    for (let i = 0; i < stripes; i++) {
      const sy = y + h * 0.55 + (i * h * 0.45) / stripes;
      shapes += `<rect x="${x}" y="${sy.toFixed(1)}" width="${w}" height="${((h * 0.45) / stripes / 2).toFixed(1)}" fill="${colours[2] ?? pick()}"/>`;
    }
  } else if (kind === 3) {
    const cols = 9;
    const step = w / cols;
    const rows = Math.floor(h / step);
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const size =
          (step / 2) * (0.2 + 0.8 * ((row + col) / (rows + cols)) * (0.6 + random() * 0.4));
        shapes += `<circle cx="${(x + step * (col + 0.5)).toFixed(1)}" cy="${(y + step * (row + 0.5)).toFixed(1)}" r="${size.toFixed(1)}" fill="${colours[0]}"/>`;
      }
    }
  } else if (kind === 4) {
    const peaks = 3 + Math.floor(random() * 3);
    for (let i = 0; i < peaks; i++) {
      const px = x + random() * w;
      const ph = h * (0.35 + random() * 0.6);
      const half = w * (0.2 + random() * 0.25);
      shapes += `<path d="M${(px - half).toFixed(1)} ${y + h} L${px.toFixed(1)} ${(y + h - ph).toFixed(1)} L${(px + half).toFixed(1)} ${y + h} Z" fill="${pick()}" fill-opacity="${(0.7 + random() * 0.3).toFixed(2)}"/>`;
    }
  } else {
    const lines = 7 + Math.floor(random() * 5);
    const amplitude = h / lines / 1.2;
    const waves = 1.5 + random() * 2.5;
    for (let i = 0; i < lines; i++) {
      const base = y + ((i + 0.5) * h) / lines;
      let d = "";
      for (let step = 0; step <= 24; step++) {
        const px = x + (w * step) / 24;
        const py = base + Math.sin((step / 24) * Math.PI * 2 * waves + i * 0.6) * amplitude;
        d += `${step ? "L" : "M"}${px.toFixed(1)} ${py.toFixed(1)} `;
      }
      shapes += `<path d="${d.trim()}" fill="none" stroke="${i % 3 ? colours[0] : pick()}" stroke-width="${(amplitude * 0.45).toFixed(1)}" stroke-linecap="round"/>`;
    }
  }
  return `<defs>${clip}</defs><g clip-path="url(#${id})">${shapes}</g>`;
}

// ---------------------------------------------------------------------------------------------
// Type

/** Font stacks, bold, with advance widths (in em) of DejaVu, the fallback most Linux hosts have. */
const FONTS: Record<
  WordmarkStyle,
  { family: string; weight: number; widths: string; upper: boolean }
> = {
  block: {
    family: "'Archivo Black', 'Arial Black', 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif",
    weight: 900,
    widths:
      "77 76 73 83 68 68 82 84 37 37 78 64 100 84 85 73 85 77 72 68 81 77 110 77 72 73 68 72 59 72 68 44 72 71 34 34 67 34 104 71 69 72 72 49 60 48 71 65 92 65 65 58 70 70 70 70 70 70 70 70 70 70 35 87 31 38 42 46",
    upper: true,
  },
  serif: {
    family: "'DejaVu Serif', 'Liberation Serif', Georgia, 'Times New Roman', serif",
    weight: 700,
    widths:
      "78 85 80 87 77 71 86 95 47 48 87 71 111 92 88 76 88 84 73 75 88 78 113 78 72 73 65 70 61 70 64 43 70 73 38 37 70 38 106 73 67 70 70 53 57 47 73 59 87 60 59 57 70 70 70 70 70 70 70 70 70 70 35 91 31 35 42 44",
    upper: false,
  },
  narrow: {
    family: "'Liberation Sans Narrow', 'Arial Narrow', 'DejaVu Sans Condensed', sans-serif",
    weight: 700,
    widths:
      "59 59 59 59 55 50 64 59 23 46 59 50 68 59 64 55 64 59 55 50 59 55 78 55 55 50 46 50 46 50 46 27 50 50 23 23 46 23 73 50 50 50 50 32 46 27 50 46 64 46 46 41 46 46 46 46 46 46 46 46 46 46 23 59 20 23 27 27",
    upper: true,
  },
  mono: {
    family: "'DejaVu Sans Mono', 'Liberation Mono', 'Courier New', monospace",
    weight: 700,
    widths: "",
    upper: true,
  },
};

const MEASURED = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 &'.-!";
const ADVANCES = Object.fromEntries(
  Object.entries(FONTS).map(([style, font]) => {
    const widths = font.widths.split(" ").map(Number);
    return [style, new Map([...MEASURED].map((char, i) => [char, (widths[i] ?? 60) / 100]))];
  }),
) as Record<WordmarkStyle, Map<string, number>>;

/** The estimated width of `text` in em, with `spacing` em between letters. */
function textWidth(text: string, style: WordmarkStyle, spacing = 0): number {
  if (style === "mono") return text.length * (0.6 + spacing);
  const advances = ADVANCES[style];
  let width = 0;
  for (const char of text) width += (advances.get(char) ?? 0.72) + spacing;
  return width;
}

/** The largest font size at which `text` fits `maxWidth`, with 6% to spare for other fonts. */
function fitSize(text: string, style: WordmarkStyle, maxWidth: number, spacing = 0): number {
  return (maxWidth * 0.94) / Math.max(textWidth(text, style, spacing), 0.5);
}

/**
 * The band's name set to fit `maxWidth`, on one line or, when that reads better, two; centred on
 * (cx, cy) or starting at cx when `anchor` is "start".
 */
type Placement = {
  cx: number;
  cy: number;
  maxWidth: number;
  maxSize: number;
  fill: string;
  anchor?: "middle" | "start";
};

function wordmark(band: BandArt, place: Placement): string {
  return wordmarkBlock(band, place).svg;
}

/** The wordmark, and the baseline of its last line. */
function wordmarkBlock(band: BandArt, place: Placement): { svg: string; bottom: number } {
  const font = FONTS[band.style];
  const text = font.upper ? band.name.toUpperCase() : band.name;
  const spacing = band.style === "narrow" ? 0.02 : 0;
  let lines = [text];
  let size = Math.min(place.maxSize, fitSize(text, band.style, place.maxWidth, spacing));
  const words = text.split(" ");
  if (words.length > 1 && size < place.maxSize * 0.8) {
    let best: { lines: string[]; size: number } | undefined;
    for (let cut = 1; cut < words.length; cut++) {
      const split = [words.slice(0, cut).join(" "), words.slice(cut).join(" ")];
      const fits = Math.min(
        place.maxSize,
        ...split.map((line) => fitSize(line, band.style, place.maxWidth, spacing)),
      );
      if (!best || fits > best.size) best = { lines: split, size: fits };
    }
    if (best && best.size > size * 1.25) ({ lines, size } = best);
  }
  const leading = size * 1.02;
  // Cap height is about 0.72 em: centre the block of capitals on cy.
  const top = place.cy - ((lines.length - 1) * leading) / 2 + size * 0.36;
  const anchor = place.anchor ?? "middle";
  const svg = lines
    .map(
      (line, i) =>
        `<text x="${place.cx.toFixed(1)}" y="${(top + i * leading).toFixed(1)}" text-anchor="${anchor}" font-family="${font.family}" font-weight="${font.weight}" font-size="${size.toFixed(1)}"${spacing ? ` letter-spacing="${(size * spacing).toFixed(1)}"` : ""} fill="${place.fill}">${escapeXml(line)}</text>`,
    )
    .join("");
  return { svg, bottom: top + (lines.length - 1) * leading };
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

// ---------------------------------------------------------------------------------------------
// Colour and randomness

const HEX = /^#[0-9a-f]{6}$/;

function checkColour(colour: string): void {
  // Colours go into SVG attributes unescaped: only #rrggbb may pass.
  if (!HEX.test(colour)) throw new Error(`Not a #rrggbb colour: ${colour}`);
}

function checkBand(band: BandArt): void {
  for (const colour of [band.ink, band.paper, band.accent]) checkColour(colour);
}

function checkSpec(spec: MockupSpec): void {
  checkBand(spec.band);
  if (spec.kind === "garment" || spec.kind === "bundle") checkColour(spec.colour);
  if (spec.kind === "garment" && spec.view && !isClothing(spec.garment))
    throw new Error(`Only clothing has a ${spec.view} view: ${spec.garment}`);
  if (spec.kind === "vinyl" && spec.record) checkColour(spec.record);
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** `a` moved `amount` (0–1) of the way to `b`. */
export function mix(a: string, b: string, amount: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  const channel = (from: number, to: number) =>
    Math.round(from + (to - from) * amount)
      .toString(16)
      .padStart(2, "0");
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}

/** WCAG relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1–21. */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** mulberry32 seeded by a string's FNV-1a hash: a repeatable stream of numbers in [0, 1). */
function prng(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
