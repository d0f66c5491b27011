import { and, eq, inArray, sql } from "drizzle-orm";
import type { BrandEdit, StaffBrandItem } from "../../../common/catalog-admin.ts";
import { fileUrl, IMAGE_WIDTHS } from "../../../common/file-urls.ts";
import type { Page } from "../../../common/pagination.ts";
import { isRefusal, joinRefusals, refuse } from "../../../common/refusal.ts";
import type { Db } from "../../db/client.ts";
import { nameTaken } from "../../db/names.ts";
import { pageMeta, pageOffset } from "../../db/pagination.ts";
import { freeSlug } from "../../db/slugs.ts";
import { containing, orderings } from "../../db/staff-lists.ts";
import type { ResourceService } from "../../http/resource.ts";
import { notifyShopChanged } from "../../http/response-cache.ts";
import { mediaFileView } from "../../media/index.ts";
import { sanitizeRichText } from "../../platform/index.ts";
import { brands, products } from "../schema.ts";
import type { BrandCreateInput, BrandUpdateInput, StaffBrandListQuery } from "../validators.ts";
import { BAND_NAME_TAKEN, checkedWrite, notAnImage } from "./staff-checks.ts";
import { refreshProductSummaries } from "./summaries.ts";

const productCount = sql<number>`(select count(*)::int from ${products} p where p.brand_id = "brands"."id")`;

const ORDER = orderings(
  {
    title: sql`lower(${brands.title})`,
    updated: brands.updatedAt,
    products: { by: productCount, ties: [sql`lower(${brands.title})`] },
  },
  brands.id,
) satisfies Record<StaffBrandListQuery["sort"], unknown>;

async function listStaffBrands(db: Db, query: StaffBrandListQuery): Promise<Page<StaffBrandItem>> {
  const where = and(
    containing(query.q, brands.title, brands.slug),
    query.featured === undefined ? undefined : eq(brands.featured, query.featured),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: brands.id,
        title: brands.title,
        slug: brands.slug,
        genre: brands.genre,
        featured: brands.featured,
        productCount,
        logoSlug: mediaFileView.slug,
        updatedAt: brands.updatedAt,
      })
      .from(brands)
      .leftJoin(mediaFileView, eq(mediaFileView.id, brands.logoFileId))
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(brands).where(where),
  ]);
  return {
    data: rows.map(({ logoSlug, updatedAt, ...row }) => ({
      ...row,
      logoUrl: logoSlug ? fileUrl(logoSlug, IMAGE_WIDTHS[0]) : null,
      updatedAt: updatedAt.toISOString(),
    })),
    meta: pageMeta(query.page, query.perPage, count?.total ?? 0),
  };
}

async function brandEdit(db: Db, id: number): Promise<BrandEdit | undefined> {
  const [row] = await db
    .select({
      id: brands.id,
      title: brands.title,
      slug: brands.slug,
      story: brands.story,
      genre: brands.genre,
      origin: brands.origin,
      links: brands.links,
      logoFileId: brands.logoFileId,
      heroFileId: brands.heroFileId,
      featured: brands.featured,
      seoTitle: brands.seoTitle,
      seoDescription: brands.seoDescription,
      updatedAt: brands.updatedAt,
    })
    .from(brands)
    .where(eq(brands.id, id));
  return row && { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** The slug a band is saved with (typed, or made from its name; see `freeSlug`). */
const brandSlug = (tx: Db, input: { slug?: string; title?: string }, exceptId?: number) =>
  freeSlug(tx, { table: brands, slug: brands.slug, id: brands.id }, input, {
    taken: "Another band already has this slug. Choose another.",
    fallback: "band",
    exceptId,
  });

/** A band's name is its own: another band of that name, in any case, is refused. */
const bandNameTaken = (tx: Db, title: string | undefined, exceptId?: number) =>
  nameTaken(
    tx,
    { table: brands, title: brands.title, id: brands.id },
    title,
    BAND_NAME_TAKEN,
    exceptId,
  );

/** The checks a band's images get: each must be an image in the media library. */
const missingImage = (tx: Db, input: Partial<BrandCreateInput>) =>
  notAnImage(tx, { logoFileId: input.logoFileId, heroFileId: input.heroFileId });

/**
 * Every check of a band's fields the schema cannot make, at once (issue 30): its name, a typed
 * slug, its images.
 */
async function bandProblems(tx: Db, input: Partial<BrandCreateInput>, exceptId?: number) {
  const slug = input.slug ? await brandSlug(tx, { slug: input.slug }, exceptId) : undefined;
  return joinRefusals([
    await bandNameTaken(tx, input.title, exceptId),
    isRefusal(slug) ? slug : undefined,
    await missingImage(tx, input),
  ]);
}

/** What a band's fields are stored as: rich text made safe, links only to web addresses. */
function storedFields(input: Partial<BrandCreateInput>) {
  const { slug: _slug, ...fields } = input;
  return {
    ...fields,
    ...(fields.story === undefined ? {} : { story: sanitizeRichText(fields.story) }),
  };
}

/** The bands as staff manage them (decision 0014): list, form, create, change and delete. */
export const brandService: ResourceService<
  StaffBrandListQuery,
  StaffBrandItem,
  BrandEdit,
  BrandCreateInput,
  BrandUpdateInput
> = {
  list: listStaffBrands,
  edit: brandEdit,
  check: bandProblems,

  // Free when looked for, a slug can still be taken by a band saved at the same moment (the same
  // name, by two staff at once): `checkedWrite` answers that as the slug's refusal.
  create: (tx, input) =>
    checkedWrite(async () => {
      const problem = await bandProblems(tx, input);
      if (problem) return problem;
      const slug = await brandSlug(tx, input);
      if (typeof slug !== "string")
        return slug ?? refuse("invalid", "Enter the band's name.", "title");
      const [row] = await tx
        .insert(brands)
        .values({ ...storedFields(input), title: input.title, slug })
        .returning({ id: brands.id });
      if (!row) throw new Error("The band was not written");
      return (await brandEdit(tx, row.id)) as BrandEdit;
    }),

  update: (tx, input) =>
    checkedWrite(async () => {
      const problem = await bandProblems(tx, input, input.id);
      if (problem) return problem;
      const slug = input.slug ? await brandSlug(tx, input, input.id) : undefined;
      if (slug !== undefined && typeof slug !== "string") return slug;
      await tx
        .update(brands)
        .set({ ...storedFields(input), ...(slug ? { slug } : {}), updatedAt: new Date() })
        .where(eq(brands.id, input.id));
      // A renamed band: its products are found by the new name (their search documents hold it).
      if (input.title !== undefined) {
        const ids = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.brandId, input.id));
        await refreshProductSummaries(
          tx,
          ids.map((row) => row.id),
          { stamp: false },
        );
      }
      return (await brandEdit(tx, input.id)) as BrandEdit;
    }),

  async destroy(tx, records) {
    const ids = records.map((record) => record.id);
    const used = await tx
      .select({ brandId: products.brandId, count: sql<number>`count(*)::int` })
      .from(products)
      .where(inArray(products.brandId, ids))
      .groupBy(products.brandId);
    const first = used[0];
    if (first) {
      const band = records.find((record) => record.id === first.brandId);
      return refuse(
        "conflict",
        `${band?.title ?? "This band"} has ${first.count} product${first.count === 1 ? "" : "s"}: move them to another band or delete them first.`,
      );
    }
    await tx.delete(brands).where(inArray(brands.id, ids));
    return undefined;
  },

  afterWrite: notifyShopChanged,
};
