/**
 * The demo shop's attribute types and values, in display order. `code` is the value's part of a
 * SKU (ENC-SGL-00042-M-BLK).
 */
export type DemoAttributeValue = { slug: string; title: string; code: string; swatch?: string };
export type DemoAttributeType = {
  slug: string;
  title: string;
  display: "buttons" | "swatches";
  values: DemoAttributeValue[];
};

export const SIZES = ["xs", "s", "m", "l", "xl", "2xl", "3xl"] as const;
export type SizeSlug = (typeof SIZES)[number];

/** Children's sizes, by age. */
export const KIDS_SIZES = ["3-4y", "5-6y", "7-8y", "9-10y", "11-12y"] as const;

export const COLOURS = [
  "black",
  "white",
  "heather-grey",
  "navy",
  "forest-green",
  "burgundy",
  "sand",
  "washed-blue",
  "purple",
  "orange",
] as const;
export type ColourSlug = (typeof COLOURS)[number];

export const DEMO_ATTRIBUTE_TYPES: DemoAttributeType[] = [
  {
    slug: "size",
    title: "Size",
    display: "buttons",
    values: SIZES.map((slug) => ({ slug, title: slug.toUpperCase(), code: slug.toUpperCase() })),
  },
  {
    slug: "colour",
    title: "Colour",
    display: "swatches",
    values: [
      { slug: "black", title: "Black", code: "BLK", swatch: "#141414" },
      { slug: "white", title: "White", code: "WHT", swatch: "#f4f3ef" },
      { slug: "heather-grey", title: "Heather Grey", code: "HGR", swatch: "#a9a9a5" },
      { slug: "navy", title: "Navy", code: "NVY", swatch: "#1f2a44" },
      { slug: "forest-green", title: "Forest Green", code: "FGR", swatch: "#2f4f3a" },
      { slug: "burgundy", title: "Burgundy", code: "BUR", swatch: "#6d1f2c" },
      { slug: "sand", title: "Sand", code: "SND", swatch: "#d8c8a8" },
      { slug: "washed-blue", title: "Washed Blue", code: "WBL", swatch: "#7d9bb8" },
      { slug: "purple", title: "Purple", code: "PUR", swatch: "#5b3a7a" },
      { slug: "orange", title: "Orange", code: "ORG", swatch: "#e0662b" },
    ],
  },
  {
    slug: "fit",
    title: "Fit",
    display: "buttons",
    values: [
      { slug: "regular", title: "Regular", code: "REG" },
      { slug: "oversized", title: "Oversized", code: "OVS" },
      { slug: "womens-fit", title: "Women's fit", code: "WMN" },
    ],
  },
  {
    slug: "format",
    title: "Format",
    display: "buttons",
    values: [
      { slug: "lp", title: "LP", code: "LP" },
      { slug: "2lp", title: "2LP", code: "2LP" },
      { slug: "coloured-lp", title: "Coloured LP", code: "CLP" },
      { slug: "cd", title: "CD", code: "CD" },
      { slug: "cassette", title: "Cassette", code: "CAS" },
    ],
  },
  {
    slug: "poster-size",
    title: "Poster size",
    display: "buttons",
    values: [
      { slug: "a3", title: "A3", code: "A3" },
      { slug: "a2", title: "A2", code: "A2" },
      { slug: "50x70", title: "50x70 cm", code: "5070" },
    ],
  },
  {
    slug: "kids-size",
    title: "Kids' size",
    display: "buttons",
    values: KIDS_SIZES.map((slug) => {
      const [from, to] = slug.slice(0, -1).split("-");
      return { slug, title: `${from}–${to} years`, code: `${from}${to}Y` };
    }),
  },
];

/** The value `slug` of attribute type `type`; throws on a typo in the seed. */
export function demoAttribute(type: string, slug: string): DemoAttributeValue {
  const value = DEMO_ATTRIBUTE_TYPES.find((t) => t.slug === type)?.values.find(
    (v) => v.slug === slug,
  );
  if (!value) throw new Error(`No demo attribute ${type}/${slug}`);
  return value;
}
