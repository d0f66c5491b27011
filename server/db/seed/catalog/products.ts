import type { ProductStatus } from "../../../catalog/schema.ts";
import {
  CLOTHING_GARMENTS,
  GARMENT_VIEWS,
  type Garment,
  type GarmentView,
  type MockupSpec,
} from "../mockups.ts";
import { type Random, seededRandom } from "../random.ts";
import {
  COLOURS,
  type ColourSlug,
  demoAttribute,
  KIDS_SIZES,
  SIZES,
  type SizeSlug,
} from "./attributes.ts";
import { DEMO_BANDS, type DemoBand } from "./bands.ts";

/** The demo shop's clock: every seeded time is relative to it, never to Date.now(). */
export const SEED_NOW = new Date("2026-11-01T09:00:00Z");
/** How many products the demo shop has unless asked for more. */
export const DEFAULT_PRODUCTS = 300;

const DAY = 86_400_000;

type TypeTitle =
  | "T-shirt"
  | "Longsleeve"
  | "Hoodie"
  | "Sweatshirt"
  | "Cap"
  | "Beanie"
  | "Tote"
  | "Poster"
  | "Vinyl"
  | "CD"
  | "Bundle"
  | "Kids T-shirt"
  | "Book";

const TYPE_WEIGHTS: ReadonlyArray<readonly [TypeTitle, number]> = [
  ["T-shirt", 27],
  ["Longsleeve", 7],
  ["Hoodie", 12],
  ["Sweatshirt", 7],
  ["Cap", 5],
  ["Beanie", 5],
  ["Tote", 5],
  ["Poster", 11],
  ["Vinyl", 10],
  ["CD", 5],
  ["Bundle", 6],
];

// UK law zero-rates children's clothes and printed books for VAT: the demo shop has a few of each,
// at fixed places in the sequence (so product n is still the same whatever the total), to show
// both rates in a basket. Every other product is standard-rated.
const ZERO_RATED_AT: ReadonlyArray<readonly [seq: number, type: TypeTitle]> = [
  [18, "Kids T-shirt"],
  [92, "Book"],
];
const ZERO_RATED_EVERY = 150;
const ZERO_RATED: readonly TypeTitle[] = ["Kids T-shirt", "Book"];
const STANDARD_RATE = 20;

const GARMENT_OF: Partial<Record<TypeTitle, Garment>> = {
  "T-shirt": "t-shirt",
  "Kids T-shirt": "t-shirt",
  Longsleeve: "longsleeve",
  Hoodie: "hoodie",
  Sweatshirt: "sweatshirt",
  Cap: "cap",
  Beanie: "beanie",
  Tote: "tote",
};

const CLOTHING: readonly TypeTitle[] = ["T-shirt", "Longsleeve", "Hoodie", "Sweatshirt"];

/** An attribute value by type slug and value slug: ["size", "m"]. */
export type AttributeRef = readonly [type: string, value: string];

export type VariantPlan = {
  sku: string;
  price: number;
  compareAtPrice: number | null;
  stockOnHand: number;
  attributes: AttributeRef[];
};

export type ImagePlan = {
  spec: MockupSpec;
  /** The colour (or format) this image shows, so the gallery can follow the shopper's choice. */
  attribute: AttributeRef | null;
  title: string;
  /** What the image shows, for people who cannot see it, when its title does not say it. */
  alt?: string;
  /** Products past the default count share one file per pool key instead of rendering their own. */
  poolKey: string;
};

export type ProductPlan = {
  seq: number;
  band: DemoBand;
  slug: string;
  title: string;
  description: string;
  productType: TypeTitle;
  /** The whole percent of VAT in its prices. */
  vatRate: number;
  status: ProductStatus;
  tags: string[];
  releaseDate: string;
  preOrder: boolean;
  seoTitle: string;
  seoDescription: string;
  featuredRank: number | null;
  publishedAt: Date | null;
  createdAt: Date;
  variants: VariantPlan[];
  images: ImagePlan[];
};

// The twelve products the home page features, by sequence number: all published and in stock.
const FEATURED = [4, 29, 54, 79, 104, 129, 154, 179, 204, 229, 254, 279];

const colourTitle = (slug: string) => demoAttribute("colour", slug).title;
const swatch = (slug: string) => demoAttribute("colour", slug).swatch ?? "#888888";

/**
 * Plans the demo products one after another. Product n is the same whatever the total, so the
 * first 300 products of a 100,000-product benchmark shop are the demo shop's 300.
 */
export class ProductPlanner {
  private readonly usedSlugs = new Set<string>();
  private readonly usedTitles = new Set<string>();
  private bandOrder: DemoBand[] = [];

  /** The plan of product `seq` (1-based); call in order 1, 2, 3 … */
  plan(seq: number): ProductPlan {
    const random = seededRandom(`encore-demo:product:${seq}`);
    const band = this.bandFor(seq);
    const productType =
      ZERO_RATED_AT.find(([at]) => seq % ZERO_RATED_EVERY === at)?.[1] ??
      random.weighted(TYPE_WEIGHTS);
    const design = this.design(random, band, productType, seq);
    const slug = this.uniqueSlug(`${band.slug}-${kebab(design.title)}`, seq);

    const status: ProductStatus =
      seq % 20 === 7 ? "draft" : seq % 50 === 13 ? "archived" : "published";
    const featuredIndex = FEATURED.indexOf(seq);
    const roll = random.next();
    const preOrder = status === "published" && featuredIndex < 0 && roll < 0.04;
    const fresh = !preOrder && roll < 0.14;
    // Pre-orders come out in December; tour merchandise in 2026; the rest over 2024–2026.
    const releaseDate = preOrder
      ? addDays(SEED_NOW, random.int(36, 60))
      : fresh
        ? addDays(SEED_NOW, -random.int(1, 58))
        : design.tags.includes("tour-2026")
          ? addDays(new Date("2026-01-05T09:00:00Z"), random.int(0, 230))
          : status === "archived"
            ? addDays(new Date("2024-01-08T09:00:00Z"), random.int(0, 300))
            : addDays(new Date("2024-01-08T09:00:00Z"), random.int(0, 965));
    const released = new Date(`${releaseDate}T09:00:00Z`);
    const publishedAt =
      status === "draft"
        ? null
        : preOrder
          ? new Date(SEED_NOW.getTime() - random.int(2, 40) * DAY)
          : released;
    const createdAt = new Date((publishedAt ?? SEED_NOW).getTime() - random.int(3, 30) * DAY);

    const soldOut = !preOrder && featuredIndex < 0 && seq % 37 === 11;
    const onSale = !preOrder && !fresh && random.chance(0.13);
    const lastChance =
      !preOrder && !fresh && (random.chance(0.07) || (onSale && random.chance(0.3)));
    const variants = this.variants(random, band, seq, productType, design, {
      onSale,
      soldOut,
      preOrder,
    });

    const tags = new Set<string>(design.tags);
    if (publishedAt && SEED_NOW.getTime() - publishedAt.getTime() <= 60 * DAY) tags.add("new-in");
    if (preOrder) tags.add("pre-order");
    if (lastChance) tags.add("last-chance");
    if (onSale) tags.add("sale");

    const typeNoun = productType === "Tote" ? "tote bag" : inSentence(productType);
    return {
      seq,
      band,
      slug,
      title: design.title,
      description: design.description,
      productType,
      vatRate: ZERO_RATED.includes(productType) ? 0 : STANDARD_RATE,
      status,
      tags: [...tags].sort(),
      releaseDate,
      preOrder,
      seoTitle: `${design.title} | ${band.title} official merch`,
      seoDescription: preOrder
        ? `Pre-order the official ${band.title} ${typeNoun}, ${design.title}, released ${longDate(releaseDate)}.`
        : `The official ${band.title} ${typeNoun}: ${design.title}, sent from the UK by Encore.`,
      featuredRank: featuredIndex >= 0 ? featuredIndex + 1 : null,
      publishedAt,
      createdAt,
      variants,
      images: design.images,
    };
  }

  /** Bands in rounds: each round of 28 products visits every band once, in a shuffled order. */
  private bandFor(seq: number): DemoBand {
    const round = Math.floor((seq - 1) / DEMO_BANDS.length);
    const offset = (seq - 1) % DEMO_BANDS.length;
    if (offset === 0 || this.bandOrder.length === 0) {
      this.bandOrder = seededRandom(`encore-demo:bands:${round}`).sample(
        DEMO_BANDS,
        DEMO_BANDS.length,
      );
    }
    return this.bandOrder[offset] as DemoBand;
  }

  private uniqueSlug(base: string, seq: number): string {
    const slug = this.usedSlugs.has(base) ? `${base}-${seq}` : base;
    this.usedSlugs.add(slug);
    return slug;
  }

  private design(random: Random, band: DemoBand, type: TypeTitle, seq: number): Design {
    // A band rarely sells two products of one name: try a few titles before numbering the edition.
    let design = designFor(random, band, type);
    for (
      let attempt = 0;
      attempt < 6 && this.usedTitles.has(`${band.slug}:${design.title}`);
      attempt++
    ) {
      design = designFor(random, band, type);
    }
    if (this.usedTitles.has(`${band.slug}:${design.title}`)) {
      const { title } = design;
      const edition = `${title} (Edition ${seq})`;
      design = {
        ...design,
        title: edition,
        images: design.images.map((image) => ({
          ...image,
          title: image.title.replace(title, edition),
          alt: image.alt?.replace(title, edition),
        })),
      };
    }
    this.usedTitles.add(`${band.slug}:${design.title}`);
    return design;
  }

  private variants(
    random: Random,
    band: DemoBand,
    seq: number,
    type: TypeTitle,
    design: Design,
    flags: { onSale: boolean; soldOut: boolean; preOrder: boolean },
  ): VariantPlan[] {
    const skuBase = `ENC-${band.code}-${String(seq).padStart(5, "0")}`;
    const combos: Array<{ attributes: AttributeRef[]; price: number }> = [];
    const base = design.basePrice;
    if (CLOTHING.includes(type) || type === "Bundle") {
      // 2XL and 3XL garments may cost £2 more; a bundle's price is the same in every size.
      const bigger = type !== "Bundle" && random.chance(0.5) ? 200 : 0;
      for (const fit of design.fits) {
        const sizes = fit === "womens-fit" ? sizeRange("xs", "xl") : design.sizes;
        for (const colour of design.colours) {
          for (const size of sizes) {
            const attributes: AttributeRef[] = [
              ["size", size],
              ["colour", colour],
            ];
            if (type !== "Bundle") attributes.push(["fit", fit]);
            combos.push({
              attributes,
              price: base + (size === "2xl" || size === "3xl" ? bigger : 0),
            });
          }
        }
      }
    } else if (type === "Poster") {
      const sizes: Array<[string, number]> = [
        ["a3", base],
        ["a2", base + random.int(3, 6) * 100],
        ["50x70", base + random.int(8, 12) * 100],
      ];
      for (const [size, price] of sizes.slice(0, design.posterSizes)) {
        combos.push({ attributes: [["poster-size", size]], price: Math.min(price, 2500) });
      }
    } else if (type === "Kids T-shirt") {
      for (const colour of design.colours) {
        for (const size of KIDS_SIZES) {
          combos.push({
            attributes: [
              ["kids-size", size],
              ["colour", colour],
            ],
            price: base,
          });
        }
      }
    } else if (type === "Book") {
      combos.push({ attributes: [], price: base });
    } else if (type === "Vinyl" || type === "CD") {
      for (const [format, price] of design.formats)
        combos.push({ attributes: [["format", format]], price });
    } else {
      for (const colour of design.colours)
        combos.push({ attributes: [["colour", colour]], price: base });
    }

    const discount = flags.onSale ? random.pick([0.7, 0.75, 0.8]) : 1;
    return combos.map((combo) => {
      const codes = combo.attributes
        .filter(([type, value]) => !(type === "fit" && value === "regular"))
        .map(([type, value]) => demoAttribute(type, value).code);
      const price = flags.onSale ? Math.round((combo.price * discount) / 50) * 50 : combo.price;
      const size = combo.attributes.find(([type]) => type === "size")?.[1];
      const stockRoll = random.next();
      const edgeSize = size === "xs" || size === "3xl";
      const stockOnHand = flags.soldOut
        ? 0
        : flags.preOrder
          ? random.int(25, 150)
          : stockRoll < 0.07
            ? 0
            : stockRoll < 0.17 || (edgeSize && stockRoll < 0.3)
              ? random.int(1, 4)
              : random.int(5, edgeSize ? 20 : 80);
      return {
        sku: [skuBase, ...codes].join("-"),
        price,
        compareAtPrice: flags.onSale && price < combo.price ? combo.price : null,
        stockOnHand,
        attributes: combo.attributes,
      };
    });
  }
}

type Design = {
  title: string;
  description: string;
  tags: string[];
  basePrice: number;
  colours: ColourSlug[];
  sizes: SizeSlug[];
  fits: string[];
  posterSizes: number;
  formats: Array<[string, number]>;
  images: ImagePlan[];
};

const PRINT_TOWNS = ["Leeds", "Bristol", "Manchester", "Glasgow", "Sheffield", "Nottingham"];

function designFor(random: Random, band: DemoBand, type: TypeTitle): Design {
  const art = {
    name: band.title,
    style: band.style,
    ink: band.palette.ink,
    paper: band.palette.paper,
    accent: band.palette.accent,
  };
  const album = random.pick(band.albums);
  const albumIndex = band.albums.indexOf(album);
  const albumSeed = `${band.slug}:${album}`;
  const garment = GARMENT_OF[type];
  const design: Design = {
    title: "",
    description: "",
    tags: [],
    basePrice: 0,
    colours: [],
    sizes: [],
    fits: ["regular"],
    posterSizes: 0,
    formats: [],
    images: [],
  };

  if (garment) {
    const theme = random.weighted<Theme>([
      ["tour", 3],
      ["album", 3],
      ["logo", 2],
      ["lyric", CLOTHING.includes(type) ? 1 : 0],
      ["tracklist", type === "T-shirt" || type === "Longsleeve" ? 1 : 0],
      ["origin", 1],
    ]);
    const noun = type === "Tote" ? "Tote Bag" : type;
    const { title, caption, lead } = garmentTheme(theme, band, album, noun);
    design.title = title;
    if (theme === "tour") design.tags.push("tour-2026");
    design.colours = pickColours(random, type);
    design.basePrice = garmentPrice(random, type);
    if (CLOTHING.includes(type)) {
      design.sizes = random.pick<SizeSlug[]>([
        sizeRange("s", "xl"),
        sizeRange("s", "2xl"),
        sizeRange("xs", "2xl"),
        sizeRange("s", "3xl"),
        sizeRange("xs", "3xl"),
      ]);
      const fit = random.next();
      design.fits =
        type === "T-shirt" && fit < 0.12
          ? ["regular", "womens-fit"]
          : fit < 0.3
            ? ["oversized"]
            : type === "T-shirt" && fit < 0.4
              ? ["womens-fit"]
              : ["regular"];
    }
    const material = garmentMaterial(random, type);
    design.tags.push(...material.tags);
    design.description = [
      `<p>${lead}</p>`,
      CLOTHING.includes(type) ? `<p>${fitNote(design.fits)}</p>` : "",
      type === "Kids T-shirt"
        ? "<p>Sized by age, from 3–4 to 11–12 years, with room to grow. True to size.</p>"
        : "",
      `<ul>${[...material.lines, ...(type === "Cap" || type === "Beanie" ? [] : [`Printed in ${random.pick(PRINT_TOWNS)}`]), ...material.care].map((line) => `<li>${line}</li>`).join("")}</ul>`,
    ].join("");
    design.images = design.colours.flatMap((colour): ImagePlan[] => {
      const inColour = `${title} in ${colourTitle(colour)}`;
      const spec = {
        kind: "garment" as const,
        garment,
        colour: swatch(colour),
        band: art,
        caption,
      };
      const front: ImagePlan = {
        spec,
        attribute: ["colour", colour],
        title: inColour,
        alt: `${inColour}, front`,
        poolKey: `${band.slug}|${type}|${colour}`,
      };
      if (!(CLOTHING_GARMENTS as readonly string[]).includes(garment)) return [front];
      // Clothing sells on every side: the back print, the print up close and the piece worn.
      return [
        front,
        ...GARMENT_VIEWS.map(
          (view): ImagePlan => ({
            spec: { ...spec, view, seed: `${band.slug}:${title}` },
            attribute: ["colour", colour],
            title: `${inColour}, ${VIEW_TITLES[view]}`,
            alt: VIEW_ALTS[view](inColour),
            poolKey: `${band.slug}|${type}|${colour}|${view}`,
          }),
        ),
      ];
    });
    return design;
  }

  if (type === "Poster") {
    const tour = random.chance(0.55);
    design.title = tour
      ? `${band.tour} Tour 2026 Poster`
      : random.pick([
          `${album} Screen Print`,
          `${album} Gig Poster`,
          `${band.origin} Homecoming Poster`,
        ]);
    if (tour) design.tags.push("tour-2026");
    const limited = random.chance(0.5);
    if (limited) design.tags.push("limited-edition");
    design.basePrice = random.pick([1200, 1300, 1500]);
    design.posterSizes = random.pick([1, 2, 3, 3]);
    const line = tour ? `${band.tour} Tour 2026` : album;
    const subline = tour
      ? "UK & Ireland · Autumn 2026"
      : `${band.origin} · ${limited ? "Limited edition" : "Screen print"}`;
    design.description = [
      `<p>${tour ? `The official poster for the ${band.tour} tour, with ${band.title}'s 2026 dates across the foot of the print.` : `A bold print celebrating <em>${album}</em> by ${band.title}.`} Designed with the band and screen printed by hand.</p>`,
      `<ul><li>Screen printed on 250 gsm uncoated paper</li>${limited ? `<li>Hand-numbered edition of ${random.pick([100, 150, 250])}</li>` : ""}<li>Sent rolled in a sturdy tube; frame not included</li></ul>`,
    ].join("");
    design.images = [
      {
        spec: { kind: "poster", band: art, line, subline, seed: `${band.slug}:${design.title}` },
        attribute: null,
        title: design.title,
        poolKey: `${band.slug}|Poster|${tour ? "tour" : "album"}`,
      },
    ];
    if (random.chance(0.5)) {
      design.images.push({
        spec: {
          kind: "poster",
          band: art,
          line,
          subline,
          seed: `${band.slug}:${design.title}`,
          framed: true,
        },
        attribute: null,
        title: `${design.title}, framed`,
        poolKey: `${band.slug}|Poster|${tour ? "tour" : "album"}|framed`,
      });
    }
    return design;
  }

  if (type === "Vinyl") {
    const deluxe = random.chance(0.2);
    design.title = deluxe ? `${album} (Deluxe Edition) Vinyl` : `${album} Vinyl`;
    const lp = random.int(24, 28) * 100;
    const formats: Array<[string, number]> = [
      [deluxe ? "2lp" : "lp", deluxe ? random.int(32, 38) * 100 : lp],
    ];
    const coloured = random.chance(0.55);
    if (coloured) formats.push(["coloured-lp", Math.min(3800, lp + random.int(3, 6) * 100)]);
    if (random.chance(0.25)) formats.push(["cassette", random.int(10, 12) * 100]);
    design.formats = formats;
    if (coloured) design.tags.push("limited-edition");
    const record = swatch(
      random.pick(["orange", "washed-blue", "purple", "burgundy", "sand"] as const),
    );
    design.description = [
      `<p><em>${album}</em>, the ${albumIndex === 0 ? "debut" : "second"} album from ${band.title}${deluxe ? ", expanded with demos and live recordings" : ""}.${coloured ? " The coloured pressing is strictly limited and will not be repressed." : ""}</p>`,
      `<ul><li>180 g ${deluxe ? "double " : ""}vinyl in a heavyweight sleeve</li><li>Printed inner sleeve with lyrics</li><li>Includes a download code</li></ul>`,
    ].join("");
    design.images = [
      {
        spec: { kind: "vinyl", band: art, title: album, seed: albumSeed },
        attribute: null,
        title: design.title,
        poolKey: `${band.slug}|Vinyl|${album}`,
      },
    ];
    if (coloured) {
      design.images.push({
        spec: { kind: "vinyl", band: art, title: album, seed: albumSeed, record },
        attribute: ["format", "coloured-lp"],
        title: `${design.title}, coloured vinyl`,
        poolKey: `${band.slug}|Vinyl|${album}|coloured`,
      });
    }
    return design;
  }

  if (type === "CD") {
    const deluxe = random.chance(0.25);
    design.title = deluxe ? `${album} (Deluxe Edition) CD` : `${album} CD`;
    design.formats = [["cd", random.int(10, 14) * 100]];
    if (random.chance(0.2)) design.formats.push(["cassette", random.int(10, 12) * 100]);
    design.description = [
      `<p><em>${album}</em> by ${band.title} on compact disc${deluxe ? ", with four bonus tracks" : ""}.</p>`,
      `<ul><li>Jewel case with a 12-page lyric booklet</li><li>${deluxe ? "14" : "10"} tracks</li></ul>`,
    ].join("");
    design.images = [
      {
        spec: { kind: "cd", band: art, title: album, seed: albumSeed },
        attribute: null,
        title: design.title,
        poolKey: `${band.slug}|CD|${album}`,
      },
    ];
    return design;
  }

  if (type === "Book") {
    // A printed book: the tour's zine, or a photo book of the album's sessions.
    const zine = random.chance(0.5);
    design.title = zine ? `${band.tour} Tour 2026 Zine` : `${album} Photo Book`;
    if (zine) design.tags.push("tour-2026");
    design.basePrice = zine ? random.pick([800, 1000]) : random.pick([2000, 2500]);
    const town = random.pick(PRINT_TOWNS);
    design.description = zine
      ? [
          `<p>The ${band.tour} tour in ${random.int(32, 48)} pages: photos from the road, set lists and notes from ${band.title}, made into a zine by the band.</p>`,
          `<ul><li>A5, risograph printed in ${town}</li><li>Staple-bound on recycled paper</li></ul>`,
        ].join("")
      : [
          `<p>Behind the scenes of <em>${album}</em>: ${random.int(96, 160)} pages of photographs from ${band.title}'s recording sessions, with the band's own captions.</p>`,
          `<ul><li>Hardback, 24 x 30 cm, printed in ${town}</li><li>Lay-flat binding on 150 gsm matt paper</li></ul>`,
        ].join("");
    const line = zine ? `${band.tour} Tour 2026` : album;
    design.images = [
      {
        spec: {
          kind: "book",
          band: art,
          line,
          subline: zine ? "Tour zine" : "Photographs",
          seed: `${band.slug}:${design.title}`,
        },
        attribute: null,
        title: design.title,
        poolKey: `${band.slug}|Book|${zine ? "zine" : "photo"}`,
      },
    ];
    return design;
  }

  // Bundle: the record and a T-shirt in one colour, by size.
  const tour = random.chance(0.4);
  design.title = tour ? `${band.tour} Tour 2026 Bundle` : `${album} LP + T-shirt Bundle`;
  if (tour) design.tags.push("tour-2026");
  if (random.chance(0.5)) design.tags.push("limited-edition");
  design.basePrice = random.int(9, 18) * 500;
  design.sizes = sizeRange("s", "2xl");
  design.colours = [random.pick(["black", "white", "sand", "heather-grey"] as const)];
  design.description = [
    `<p>Everything for the ${tour ? `${band.tour} tour` : `<em>${album}</em> fan`} in one parcel: the album on vinyl and a ${band.title} T-shirt in your size.</p>`,
    `<ul><li><em>${album}</em> on 180 g black vinyl</li><li>T-shirt in 100% organic cotton, 180 gsm</li><li>Machine wash at 30°C inside out</li></ul>`,
  ].join("");
  const colour = design.colours[0] as ColourSlug;
  design.images = [
    {
      spec: { kind: "bundle", band: art, title: album, seed: albumSeed, colour: swatch(colour) },
      attribute: ["colour", colour],
      title: `${design.title} in ${colourTitle(colour)}`,
      poolKey: `${band.slug}|Bundle|${album}|${colour}`,
    },
  ];
  return design;
}

const VIEW_TITLES: Record<GarmentView, string> = {
  back: "back",
  detail: "print detail",
  worn: "worn",
};

const VIEW_ALTS: Record<GarmentView, (inColour: string) => string> = {
  back: (inColour) => `${inColour}, back, showing the back print`,
  detail: (inColour) => `${inColour}, close-up of the front print and neck label`,
  worn: (inColour) => `${inColour}, worn by a model`,
};

type Theme = "tour" | "album" | "logo" | "lyric" | "tracklist" | "origin";

function garmentTheme(
  theme: Theme,
  band: DemoBand,
  album: string,
  noun: string,
): { title: string; caption: string | undefined; lead: string } {
  const thing = inSentence(noun);
  switch (theme) {
    case "tour":
      return {
        title: `${band.tour} Tour 2026 ${noun}`,
        caption: `${band.tour} Tour 2026`,
        lead: `The official ${band.tour} Tour 2026 ${thing} from ${band.title}, with the tour wordmark up front. Only sold online and at the shows.`,
      };
    case "album":
      return {
        title: `${album} ${noun}`,
        caption: album,
        lead: `Celebrating <em>${album}</em> by ${band.title}: the band's wordmark with the album title beneath it.`,
      };
    case "logo":
      return {
        title: `Logo ${noun}`,
        caption: undefined,
        lead: `The classic ${band.title} wordmark, printed big and bold on a ${thing} made to last.`,
      };
    case "lyric": {
      const song = band.songs[noun.length % 2] as string;
      return {
        title: `${song} Lyric ${noun}`,
        caption: `“${song}”`,
        lead: `A line from “${song}”, a favourite from ${band.title}'s live set, printed under the band's name.`,
      };
    }
    case "tracklist":
      return {
        title: `${album} Tracklist ${noun}`,
        caption: `${album} · Side A`,
        lead: `Every song from <em>${album}</em> by ${band.title}, listed on the back; the wordmark sits on the front.`,
      };
    case "origin":
      return {
        title: `${band.origin} ${noun}`,
        caption: `Est. ${band.founded} · ${band.origin}`,
        lead: `A nod to where it all started: ${band.title}, ${band.origin}, since ${band.founded}.`,
      };
  }
}

function pickColours(random: Random, type: TypeTitle): ColourSlug[] {
  const weights: Array<readonly [ColourSlug, number]> = COLOURS.map((colour) => [
    colour,
    colour === "black"
      ? 6
      : colour === "white" || colour === "heather-grey"
        ? 3
        : colour === "navy" || colour === "sand"
          ? 2
          : 1,
  ]);
  const count = random.weighted<number>([
    [1, 6],
    [2, 3],
    [3, type === "Cap" || type === "Beanie" || type === "Tote" ? 2 : 1],
  ]);
  const picked: ColourSlug[] = [];
  while (picked.length < count) {
    const colour = random.weighted(weights.filter(([slug]) => !picked.includes(slug)));
    picked.push(colour);
  }
  if (type === "Tote" && !picked.includes("sand") && random.chance(0.6)) picked[0] = "sand";
  return picked.sort((a, b) => COLOURS.indexOf(a) - COLOURS.indexOf(b));
}

function garmentPrice(random: Random, type: TypeTitle): number {
  switch (type) {
    case "T-shirt":
      return random.pick([2200, 2400, 2500, 2500, 2600, 2800, 3000]);
    case "Kids T-shirt":
      return random.pick([1400, 1500, 1600]);
    case "Longsleeve":
      return random.pick([2800, 3000, 3200, 3400]);
    case "Hoodie":
      return random.pick([4500, 4800, 5000, 5500, 6000]);
    case "Sweatshirt":
      return random.pick([4000, 4200, 4500, 4800]);
    case "Cap":
      return random.pick([2000, 2200, 2500]);
    case "Beanie":
      return random.pick([1600, 1800, 2000, 2200]);
    default:
      return random.pick([1200, 1400, 1500, 1800]);
  }
}

function garmentMaterial(
  random: Random,
  type: TypeTitle,
): { lines: string[]; care: string[]; tags: string[] } {
  const wash = ["Machine wash at 30°C, inside out", "Do not tumble dry; iron on the reverse"];
  switch (type) {
    case "T-shirt": {
      const organic = random.chance(0.55);
      const heavy = random.chance(0.3);
      return {
        lines: [
          `100% ${organic ? "organic" : "combed ring-spun"} cotton, ${heavy ? "220" : "180"} gsm`,
          "Water-based screen print",
        ],
        care: wash,
        tags: [...(organic ? ["organic-cotton"] : []), ...(heavy ? ["heavyweight"] : [])],
      };
    }
    case "Kids T-shirt":
      return {
        lines: ["100% organic cotton, 160 gsm", "Soft water-based screen print"],
        care: wash,
        tags: ["organic-cotton"],
      };
    case "Longsleeve":
      return {
        lines: ["100% organic cotton, 200 gsm", "Ribbed cuffs", "Screen-printed front and sleeve"],
        care: wash,
        tags: ["organic-cotton"],
      };
    case "Hoodie":
    case "Sweatshirt": {
      const recycled = random.chance(0.5);
      return {
        lines: [
          `${recycled ? "70% organic cotton, 30% recycled polyester" : "80% organic cotton, 20% polyester"}, ${type === "Hoodie" ? "330" : "300"} gsm brushed fleece`,
          type === "Hoodie"
            ? "Double-lined hood with flat drawcords"
            : "Ribbed collar, cuffs and hem",
        ],
        care: wash,
        tags: ["organic-cotton", ...(recycled ? ["recycled"] : [])],
      };
    }
    case "Cap":
      return {
        lines: [
          "100% cotton twill",
          "Embroidered front",
          "Adjustable strap with a brass buckle; one size",
        ],
        care: ["Spot clean only"],
        tags: [],
      };
    case "Beanie": {
      const recycled = random.chance(0.6);
      return {
        lines: [
          recycled ? "100% recycled acrylic rib knit" : "Lambswool blend rib knit",
          "Turn-up cuff with a woven label; one size",
        ],
        care: ["Hand wash cold, dry flat"],
        tags: recycled ? ["recycled"] : [],
      };
    }
    default:
      return {
        lines: ["10 oz cotton canvas, 38 x 42 cm", "Long handles to carry on the shoulder"],
        care: ["Machine wash at 30°C"],
        tags: ["organic-cotton"],
      };
  }
}

function fitNote(fits: string[]): string {
  if (fits.includes("womens-fit") && fits.includes("regular")) {
    return "Comes in a regular fit and a women's fit, which is shorter with a tapered waist; both true to size.";
  }
  if (fits.includes("womens-fit"))
    return "Women's fit: slightly shorter, with a tapered waist. True to size.";
  if (fits.includes("oversized"))
    return "Oversized fit with dropped shoulders: take your usual size for a relaxed look, or one down for a closer fit.";
  return "Regular fit, true to size.";
}

/** A product type as it reads mid-sentence: "hoodie", "tote bag", but "T-shirt" and "CD". */
function inSentence(noun: string): string {
  if (noun === "Kids T-shirt") return "kids' T-shirt";
  return noun === "T-shirt" || noun === "CD" ? noun : noun.toLowerCase();
}

/** "2026-12-04" → "4 December 2026" */
function longDate(isoDate: string): string {
  return new Date(`${isoDate}T12:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

function sizeRange(from: SizeSlug, to: SizeSlug): SizeSlug[] {
  return SIZES.slice(SIZES.indexOf(from), SIZES.indexOf(to) + 1);
}

function addDays(date: Date, days: number): string {
  return new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);
}

/** "Low Tide Tour 2026 T-shirt" → "low-tide-tour-2026-t-shirt" */
export function kebab(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/&/g, " and ")
    .replace(/['’“”]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
