import { join } from "node:path";
import { sql } from "drizzle-orm";
import { products } from "../../../catalog/schema.ts";
import {
  createAttributeTypes,
  createBrands,
  createCollections,
  createProducts,
  createSpotlight,
  type NewProduct,
} from "../../../catalog/service/writes.ts";
import type { FileStore } from "../../../media/storage.ts";
import { projectRoot } from "../../../paths.ts";
import type { Db } from "../../client.ts";
import { type ImageJob, type ImageMaker, imageMaker, recordImages } from "../images.ts";
import {
  BAND_HERO,
  BAND_LOGO,
  type BandArt,
  PRODUCT_IMAGE,
  PRODUCT_VIEW_IMAGE,
  type RenderOptions,
  renderBandHero,
  renderBandLogo,
  renderMockup,
} from "../mockups.ts";
import { DEMO_ATTRIBUTE_TYPES } from "./attributes.ts";
import { DEMO_BANDS, type DemoBand, demoBandLinks } from "./bands.ts";
import { type CollectionPicks, demoCollections, demoSpotlight } from "./collections.ts";
import { DEFAULT_PRODUCTS, type ProductPlan, ProductPlanner, SEED_NOW } from "./products.ts";

export { DEFAULT_PRODUCTS } from "./products.ts";

export type SeedCatalogOptions = {
  /** How many products; 300 by default. Past 300, products share a bounded set of images. */
  products?: number;
  /** Told what is happening, for a command-line progress line. */
  onProgress?: (message: string) => void;
  /**
   * Where finished drawings are kept between runs (see RenderOptions.cacheDir), so a second seed
   * on this machine, such as a fresh test database, encodes nothing; false turns it off.
   */
  renderCache?: string | false;
};

export type SeedCatalogResult = {
  brands: number;
  products: number;
  variants: number;
  /** Image files created, with their total size in bytes. */
  images: number;
  imageBytes: number;
  /** Drawings made or read from the render cache (the rest were identical to one of them, or in the store). */
  rendered: number;
};

// Products planned and drawn at a time: drawing the next chunk overlaps writing this one.
const PRODUCTS_PER_CHUNK = 1000;

const DAY = 86_400_000;
const daysBefore = (days: number) => new Date(SEED_NOW.getTime() - days * DAY);

/**
 * Seeds the deterministic demo catalogue (architecture.md §7.7) into an empty catalogue through the
 * catalogue's write service: attribute types, 28 bands with logos and banners,
 * `options.products` products (300 by default) with variants and mock-up images, collections and
 * a spotlight. The same options always give the same rows and the same file bytes. Runs inside
 * the caller's transaction if it has one.
 */
export async function seedCatalog(
  db: Db,
  files: FileStore,
  options: SeedCatalogOptions = {},
): Promise<SeedCatalogResult> {
  const total = options.products ?? DEFAULT_PRODUCTS;
  if (!Number.isInteger(total) || total < 0) throw new Error(`Bad product count: ${total}`);
  const progress = options.onProgress ?? (() => {});
  const render: RenderOptions =
    options.renderCache === false
      ? {}
      : {
          cacheDir:
            options.renderCache ?? join(projectRoot, "node_modules", ".cache", "encore-mockups"),
        };
  const images = imageMaker(files);
  const fileIds = new Map<string, number>();

  const types = await createAttributeTypes(
    db,
    DEMO_ATTRIBUTE_TYPES.map((type, position) => ({
      slug: type.slug,
      title: type.title,
      display: type.display,
      position,
      values: type.values.map(({ slug, title, swatch }) => ({ slug, title, swatch })),
    })),
  );
  const attributeIds = new Map(
    types.flatMap((type) => type.values.map((value) => [`${type.slug}/${value.slug}`, value.id])),
  );
  const attributeId = ([type, value]: readonly [string, string]) => {
    const id = attributeIds.get(`${type}/${value}`);
    if (id === undefined) throw new Error(`No attribute ${type}/${value}`);
    return id;
  };

  progress(`Drawing ${DEMO_BANDS.length} band logos and banners`);
  const bandImages = DEMO_BANDS.map((band) => bandImageJobs(images, band, render));
  await recordImages(
    db,
    bandImages.flatMap(({ logo, hero }) => [logo, hero]),
    fileIds,
    daysBefore(400),
  );
  const bandRows = await createBrands(
    db,
    DEMO_BANDS.map((band, index) => {
      const { logo, hero } = bandImages[index] as (typeof bandImages)[number];
      return {
        slug: band.slug,
        title: band.title,
        story: band.story,
        genre: band.genre,
        origin: band.origin,
        links: demoBandLinks(band, index),
        logoFileId: fileIds.get(logo.slug) ?? null,
        heroFileId: fileIds.get(hero.slug) ?? null,
        featured: band.featured,
        createdAt: daysBefore(400),
        updatedAt: daysBefore(400),
      };
    }),
  );
  const brandIds = new Map(bandRows.map((row) => [row.slug, row.id]));

  // Product slugs until the products exist; ids once they do.
  const picked: Record<keyof CollectionPicks, string[]> = {
    tour2026: [],
    winter: [],
    vinyl: [],
    gifts: [],
  };
  let variantCount = 0;

  /** The products chunk by chunk, each chunk's images drawn and recorded before its products. */
  async function* productsToCreate(): AsyncGenerator<NewProduct> {
    const planner = new ProductPlanner();
    const pool = new Map<string, string>();
    const chunkFrom = (first: number) => {
      const last = Math.min(total, first + PRODUCTS_PER_CHUNK - 1);
      const plans: ProductPlan[] = [];
      for (let seq = first; seq <= last; seq++) plans.push(planner.plan(seq));
      return { last, plans, ...productImageJobs(images, plans, pool, render) };
    };
    let next = total > 0 ? chunkFrom(1) : undefined;
    while (next) {
      const chunk = next;
      next = chunk.last < total ? chunkFrom(chunk.last + 1) : undefined;
      await recordImages(db, chunk.jobs, fileIds, daysBefore(30));
      for (const plan of chunk.plans) {
        const slugs = chunk.files.get(plan.seq) as string[];
        pick(picked, plan);
        variantCount += plan.variants.length;
        yield {
          slug: plan.slug,
          title: plan.title,
          description: plan.description,
          brandId: brandIds.get(plan.band.slug) as number,
          productType: plan.productType,
          vatRate: plan.vatRate,
          status: plan.status,
          tags: plan.tags,
          releaseDate: plan.releaseDate,
          preOrder: plan.preOrder,
          seoTitle: plan.seoTitle,
          seoDescription: plan.seoDescription,
          featuredRank: plan.featuredRank,
          publishedAt: plan.publishedAt,
          createdAt: plan.createdAt,
          updatedAt: plan.createdAt,
          variants: plan.variants.map((variant) => ({
            sku: variant.sku,
            price: variant.price,
            compareAtPrice: variant.compareAtPrice,
            stockOnHand: variant.stockOnHand,
            attributeIds: variant.attributes.map(attributeId),
          })),
          media: plan.images.map((image, position) => ({
            fileId: fileIds.get(slugs[position] as string) as number,
            attributeId: image.attribute ? attributeId(image.attribute) : null,
          })),
        };
      }
      progress(
        `${chunk.last.toLocaleString("en-GB")} of ${total.toLocaleString("en-GB")} products`,
      );
    }
  }
  const created = await createProducts(db, productsToCreate());

  const idOf = new Map(created.map((product) => [product.slug, product.id]));
  const ids = (slugs: string[]) => slugs.map((slug) => idOf.get(slug) as number);
  await createCollections(
    db,
    demoCollections(
      {
        tour2026: ids(picked.tour2026),
        winter: ids(picked.winter),
        vinyl: ids(picked.vinyl),
        gifts: ids(picked.gifts),
      },
      daysBefore(90),
    ),
  );
  const star = DEMO_BANDS.find((band) => band.slug === "static-gulls") as DemoBand;
  await createSpotlight(db, demoSpotlight(star, brandIds.get(star.slug) as number, daysBefore(7)));

  const made = images.stats();
  return {
    brands: DEMO_BANDS.length,
    products: total,
    variants: variantCount,
    images: made.files,
    imageBytes: made.bytes,
    rendered: made.rendered,
  };
}

/** Seeds the demo catalogue unless the catalogue already has products (e.g. from `npm run seed`). */
export async function seedDemoCatalog(db: Db, files: FileStore): Promise<void> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(products);
  if ((row?.count ?? 0) > 0) return;
  await seedCatalog(db, files);
}

/** Notes `plan` under each demo collection it qualifies for (the tour takes unpublished ones too). */
function pick(picked: Record<keyof CollectionPicks, string[]>, plan: ProductPlan): void {
  if (plan.tags.includes("tour-2026")) picked.tour2026.push(plan.slug);
  if (plan.status !== "published") return;
  const inStock = plan.variants.some((variant) => variant.stockOnHand > 0);
  if (["Hoodie", "Sweatshirt", "Longsleeve", "Beanie"].includes(plan.productType) && inStock)
    picked.winter.push(plan.slug);
  if (plan.productType === "Vinyl" || plan.productType === "Bundle") picked.vinyl.push(plan.slug);
  if (inStock && Math.max(...plan.variants.map((variant) => variant.price)) <= 2500)
    picked.gifts.push(plan.slug);
}

/** Starts drawing a band's logo and banner. */
function bandImageJobs(images: ImageMaker, band: DemoBand, render: RenderOptions) {
  const art: BandArt = { name: band.title, style: band.style, ...band.palette };
  const tagline = `${band.genre} · ${band.origin}`;
  const logo = images.job(
    `brand-logo/${band.slug}`,
    `${band.title} logo`,
    `${band.title} logo`,
    `logo:${JSON.stringify(art)}`,
    BAND_LOGO,
    () => renderBandLogo(art, render),
  );
  const hero = images.job(
    `brand-hero/${band.slug}`,
    `${band.title} banner`,
    band.title,
    `hero:${JSON.stringify({ art, tagline })}`,
    BAND_HERO,
    () => renderBandHero(art, tagline, render),
  );
  return { logo, hero };
}

/**
 * Starts drawing the images of `plans`: the demo shop's products each get their own files; past
 * them, products share one file per band, type and colour (`pool`), since 100,000 products must
 * not mean 100,000 drawings. Returns the new jobs and each product's file slugs by sequence.
 */
function productImageJobs(
  images: ImageMaker,
  plans: ProductPlan[],
  pool: Map<string, string>,
  render: RenderOptions,
) {
  const jobs: ImageJob[] = [];
  const files = new Map<number, string[]>();
  for (const plan of plans) {
    const slugs = plan.images.map((image, position) => {
      const shared = plan.seq > DEFAULT_PRODUCTS ? pool.get(image.poolKey) : undefined;
      if (shared) return shared;
      const size =
        image.spec.kind === "garment" && image.spec.view ? PRODUCT_VIEW_IMAGE : PRODUCT_IMAGE;
      const job = images.job(
        plan.seq <= DEFAULT_PRODUCTS ? `product/${plan.seq}/${position}` : `pool/${image.poolKey}`,
        image.title,
        image.alt ?? image.title,
        `mockup:${JSON.stringify(image.spec)}`,
        size,
        () => renderMockup(image.spec, size, render),
      );
      jobs.push(job);
      if (!pool.has(image.poolKey)) pool.set(image.poolKey, job.slug);
      return job.slug;
    });
    files.set(plan.seq, slugs);
  }
  return { jobs, files };
}
