import { z } from "zod";
import { BrandLinks } from "./catalog.ts";

/** GET /api/staff/brands: one row of the bands table. */
export const StaffBrandItem = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    genre: z.string(),
    featured: z.boolean(),
    /** Every product of the band, whatever its status. */
    productCount: z.number().int(),
    logoUrl: z.string().nullable(),
    updatedAt: z.string().meta({ description: "ISO 8601 UTC." }),
  })
  .meta({ id: "StaffBrandItem" });
export type StaffBrandItem = z.output<typeof StaffBrandItem>;

/** GET /api/staff/brands/edit/{id}, and what store and update answer: the band as its form shows it. */
export const BrandEdit = z
  .object({
    id: z.number().int(),
    title: z.string(),
    slug: z.string(),
    story: z.string().meta({ description: "Rich text (HTML), sanitised when saved." }),
    genre: z.string(),
    origin: z.string(),
    links: BrandLinks,
    logoFileId: z.number().int().nullable(),
    heroFileId: z.number().int().nullable(),
    featured: z.boolean(),
    seoTitle: z.string(),
    seoDescription: z.string(),
    updatedAt: z.string().meta({
      description: "ISO 8601 UTC; send it back with an update to catch a colleague's save.",
    }),
  })
  .meta({ id: "BrandEdit" });
export type BrandEdit = z.output<typeof BrandEdit>;
