/**
 * The shop's size tables. Chest and length are measurements of the garment, laid flat, in
 * centimetres; the site converts them to inches itself.
 */
export type SizeRow = {
  size: (typeof SIZE_ORDER)[number] | (typeof KIDS_SIZE_ORDER)[number];
  /** The garment's chest circumference: twice the flat width from armpit to armpit. */
  chestCm: number;
  /** From the highest point of the shoulder, next to the collar, to the hem. */
  lengthCm: number;
};
export type SizeTable = {
  garment: "t-shirt" | "longsleeve" | "hoodie" | "sweatshirt" | "kids-t-shirt";
  fit: "regular" | "oversized" | "womens-fit";
  title: string;
  note: string;
  rows: SizeRow[];
};

const SIZE_ORDER = ["XS", "S", "M", "L", "XL", "2XL", "3XL"] as const;
/** Children's sizes go by age, as the kids' size option names them. */
const KIDS_SIZE_ORDER = [
  "3–4 years",
  "5–6 years",
  "7–8 years",
  "9–10 years",
  "11–12 years",
] as const;

/** A row per size (XS to 3XL unless told), from the chest and length figures in size order. */
function rows(
  chest: number[],
  length: number[],
  sizes: ReadonlyArray<SizeRow["size"]> = SIZE_ORDER,
): SizeRow[] {
  return sizes.map((size, index) => ({
    size,
    chestCm: chest[index] as number,
    lengthCm: length[index] as number,
  }));
}

export const SIZE_TABLES: SizeTable[] = [
  {
    garment: "t-shirt",
    fit: "regular",
    title: "T-shirt, regular fit",
    note: "Our classic unisex tee: a straight body, set-in shoulders and a ribbed crew neck. True to size. Allow up to 2 cm either way, as cut-and-sewn cotton varies a little from piece to piece.",
    rows: rows([92, 97, 102, 107, 112, 117, 122], [68, 70, 72, 74, 76, 78, 80]),
  },
  {
    garment: "t-shirt",
    fit: "oversized",
    title: "T-shirt, oversized fit",
    note: "A boxy cut with dropped shoulders and about 10 cm more room across the chest than our regular tee. Take your usual size for a relaxed look, or one size down for a closer fit.",
    rows: rows([102, 107, 112, 117, 122, 127, 132], [69, 71, 73, 75, 77, 79, 81]),
  },
  {
    garment: "t-shirt",
    fit: "womens-fit",
    title: "T-shirt, women's fit",
    note: "Shorter in the body, with a tapered waist and slightly shorter sleeves. True to size. Most women's fit designs come in XS to XL; the product page shows the sizes each design comes in.",
    rows: rows([80, 85, 90, 95, 100, 106, 112], [60, 62, 64, 66, 68, 70, 72]),
  },
  {
    garment: "longsleeve",
    fit: "regular",
    title: "Longsleeve, regular fit",
    note: "The same body as our regular tee, a little longer, with long sleeves and ribbed cuffs. True to size.",
    rows: rows([92, 97, 102, 107, 112, 117, 122], [69, 71, 73, 75, 77, 79, 81]),
  },
  {
    garment: "hoodie",
    fit: "regular",
    title: "Hoodie, regular fit",
    note: "Cut with room to wear over a tee, with a ribbed hem and cuffs that sit snugly. True to size; size up if you want to wear a jumper underneath.",
    rows: rows([102, 108, 114, 120, 126, 132, 138], [66, 68, 70, 72, 74, 76, 78]),
  },
  {
    garment: "sweatshirt",
    fit: "regular",
    title: "Sweatshirt, regular fit",
    note: "A classic crew-neck sweatshirt with a ribbed collar, cuffs and hem, which draw the length in slightly. True to size.",
    rows: rows([100, 106, 112, 118, 124, 130, 136], [65, 67, 69, 71, 73, 75, 77]),
  },
  {
    garment: "kids-t-shirt",
    fit: "regular",
    title: "Kids T-shirt",
    note: "Our kids' tee, sized by age. Ages are a guide: for a child who is tall for their age, or between sizes, go one size up.",
    rows: rows([64, 70, 76, 82, 88], [44, 48, 52, 56, 60], KIDS_SIZE_ORDER),
  },
];

export const HOW_TO_MEASURE: { title: string; text: string }[] = [
  {
    title: "Chest",
    text: "The chest figure in each table is the garment's chest circumference, not your body measurement. We lay the garment flat, measure straight across from one armpit seam to the other, 2.5 cm below the armhole, and double it. For a regular fit, look for a garment chest about 5 to 10 cm bigger than the measurement around the fullest part of your own chest.",
  },
  {
    title: "Length",
    text: "Length is measured on the back of the garment, laid flat, from the highest point of the shoulder, where the shoulder seam meets the collar, straight down to the bottom of the hem.",
  },
  {
    title: "Compare with a garment you own",
    text: "The easiest way to choose: lay a top you already like the fit of flat on a table, measure it the same way, and pick the size in our table whose chest and length are closest.",
  },
  {
    title: "Between sizes",
    text: "For a regular or women's fit, size up if you like room to move or want to layer, and size down for a closer fit. Our oversized tees are generous, so most people can size down with confidence.",
  },
  {
    title: "Shrinkage",
    text: "Our blanks are pre-shrunk, so they shrink by less than 3% after a wash at 30°C. Wash inside out at 30°C and skip the tumble dryer, and the size you buy is the size you keep.",
  },
];
