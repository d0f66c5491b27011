import { asc, eq, inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { brands, productCollections, productMedia, products } from "../schema.ts";

/** Something of the catalogue that shows a file, and how. */
export type CatalogueFileUse = {
  fileId: number;
  kind: "product" | "band" | "collection";
  /** A product's gallery; a band's logo or hero; a collection's hero. */
  as: "gallery" | "logo" | "hero";
  id: number;
  slug: string;
  title: string;
};

/**
 * Every product, band and collection that shows one of `fileIds` (any status), ordered by title:
 * for the media library's "where is this used", and its refusal to delete a file in use.
 */
export async function catalogueUsesOfFiles(db: Db, fileIds: number[]): Promise<CatalogueFileUse[]> {
  if (fileIds.length === 0) return [];
  const [gallery, bands, collections] = await Promise.all([
    db
      .select({
        fileId: productMedia.fileId,
        id: products.id,
        slug: products.slug,
        title: products.title,
      })
      .from(productMedia)
      .innerJoin(products, eq(products.id, productMedia.productId))
      .where(inArray(productMedia.fileId, fileIds))
      .orderBy(asc(products.title), asc(products.id)),
    db
      .select({
        id: brands.id,
        slug: brands.slug,
        title: brands.title,
        logo: brands.logoFileId,
        hero: brands.heroFileId,
      })
      .from(brands)
      .where(or(inArray(brands.logoFileId, fileIds), inArray(brands.heroFileId, fileIds)))
      .orderBy(asc(brands.title), asc(brands.id)),
    db
      .select({
        fileId: productCollections.heroFileId,
        id: productCollections.id,
        slug: productCollections.slug,
        title: productCollections.title,
      })
      .from(productCollections)
      .where(inArray(productCollections.heroFileId, fileIds))
      .orderBy(asc(productCollections.title), asc(productCollections.id)),
  ]);
  const wanted = new Set(fileIds);
  return [
    ...gallery.map((row) => ({ ...row, kind: "product" as const, as: "gallery" as const })),
    ...bands.flatMap(({ logo, hero, ...band }) => [
      ...(logo !== null && wanted.has(logo)
        ? [{ ...band, fileId: logo, kind: "band" as const, as: "logo" as const }]
        : []),
      ...(hero !== null && wanted.has(hero)
        ? [{ ...band, fileId: hero, kind: "band" as const, as: "hero" as const }]
        : []),
    ]),
    ...collections.flatMap(({ fileId, ...collection }) =>
      fileId === null
        ? []
        : [{ ...collection, fileId, kind: "collection" as const, as: "hero" as const }],
    ),
  ];
}
