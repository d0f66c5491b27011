/** The product types the shop sells, with the URL slug used to filter by them. */
export const PRODUCT_TYPES = [
  { slug: "t-shirt", title: "T-shirt", garment: true },
  { slug: "longsleeve", title: "Longsleeve", garment: true },
  { slug: "hoodie", title: "Hoodie", garment: true },
  { slug: "sweatshirt", title: "Sweatshirt", garment: true },
  { slug: "kids-t-shirt", title: "Kids T-shirt", garment: true },
  { slug: "cap", title: "Cap", garment: false },
  { slug: "beanie", title: "Beanie", garment: false },
  { slug: "tote", title: "Tote", garment: false },
  { slug: "poster", title: "Poster", garment: false },
  { slug: "vinyl", title: "Vinyl", garment: false },
  { slug: "cd", title: "CD", garment: false },
  { slug: "book", title: "Book", garment: false },
  { slug: "bundle", title: "Bundle", garment: false },
] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number];

export const productTypeBySlug = (slug: string) => PRODUCT_TYPES.find((type) => type.slug === slug);
export const productTypeByTitle = (title: string) =>
  PRODUCT_TYPES.find((type) => type.title === title);
