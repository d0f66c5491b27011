import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type {
  CollectionEdit,
  CollectionRuleView,
  StaffCollectionItem,
} from "../../../common/catalog-admin.ts";
import { fileUrl, IMAGE_WIDTHS } from "../../../common/file-urls.ts";
import type { Page } from "../../../common/pagination.ts";
import { isRefusal, joinRefusals, type Refusal, refuse } from "../../../common/refusal.ts";
import type { Db } from "../../db/client.ts";
import { nameTaken } from "../../db/names.ts";
import { pageMeta, pageOffset } from "../../db/pagination.ts";
import { freeSlug } from "../../db/slugs.ts";
import { containing, orderings } from "../../db/staff-lists.ts";
import type { ResourceService } from "../../http/resource.ts";
import { notifyShopChanged } from "../../http/response-cache.ts";
import { mediaFileView } from "../../media/index.ts";
import { sanitizeRichText } from "../../platform/index.ts";
import { brands, collectionProducts, productCollections, products, spotlights } from "../schema.ts";
import type {
  CollectionCreateInput,
  CollectionUpdateInput,
  StaffCollectionListQuery,
} from "../validators.ts";
import { collectionCondition } from "./products.ts";
import { COLLECTION_NAME_TAKEN, checkedWrite, notAnImage } from "./staff-checks.ts";

const ORDER = orderings(
  {
    position: productCollections.position,
    title: sql`lower(${productCollections.title})`,
    updated: productCollections.updatedAt,
  },
  productCollections.id,
) satisfies Record<StaffCollectionListQuery["sort"], unknown>;

/**
 * How many published products shoppers see in the collection now, curated or by rule: the
 * storefront's own evaluator decides (`collectionCondition`), so the two never disagree.
 */
async function shownCount(
  db: Db,
  collection: { id: number; kind: "curated" | "rule"; rule: CollectionRuleView | null },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.status, "published"), collectionCondition(collection)));
  return row?.n ?? 0;
}

async function listStaffCollections(
  db: Db,
  query: StaffCollectionListQuery,
): Promise<Page<StaffCollectionItem>> {
  const where = and(
    containing(query.q, productCollections.title, productCollections.slug),
    query.kind ? eq(productCollections.kind, query.kind) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: productCollections.id,
        title: productCollections.title,
        slug: productCollections.slug,
        kind: productCollections.kind,
        rule: productCollections.rule,
        position: productCollections.position,
        heroSlug: mediaFileView.slug,
        updatedAt: productCollections.updatedAt,
      })
      .from(productCollections)
      .leftJoin(mediaFileView, eq(mediaFileView.id, productCollections.heroFileId))
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(productCollections).where(where),
  ]);
  return {
    data: await Promise.all(
      rows.map(async ({ heroSlug, updatedAt, ...row }) => ({
        ...row,
        productCount: await shownCount(db, row),
        heroUrl: heroSlug ? fileUrl(heroSlug, IMAGE_WIDTHS[0]) : null,
        updatedAt: updatedAt.toISOString(),
      })),
    ),
    meta: pageMeta(query.page, query.perPage, count?.total ?? 0),
  };
}

async function collectionEdit(db: Db, id: number): Promise<CollectionEdit | undefined> {
  const [row] = await db
    .select({
      id: productCollections.id,
      title: productCollections.title,
      slug: productCollections.slug,
      description: productCollections.description,
      kind: productCollections.kind,
      rule: productCollections.rule,
      heroFileId: productCollections.heroFileId,
      position: productCollections.position,
      updatedAt: productCollections.updatedAt,
    })
    .from(productCollections)
    .where(eq(productCollections.id, id));
  if (!row) return undefined;
  const members = await db
    .select({ id: collectionProducts.productId })
    .from(collectionProducts)
    .where(eq(collectionProducts.collectionId, id))
    .orderBy(asc(collectionProducts.position), asc(collectionProducts.productId));
  return {
    ...row,
    productIds: members.map((member) => member.id),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A collection's name is its own: another collection of that name, in any case, is refused. */
const collectionNameTaken = (tx: Db, title: string | undefined, exceptId?: number) =>
  nameTaken(
    tx,
    { table: productCollections, title: productCollections.title, id: productCollections.id },
    title,
    COLLECTION_NAME_TAKEN,
    exceptId,
  );

const collectionSlug = (tx: Db, input: { slug?: string; title?: string }, exceptId?: number) =>
  freeSlug(
    tx,
    { table: productCollections, slug: productCollections.slug, id: productCollections.id },
    input,
    {
      taken: "Another collection already has this slug. Choose another.",
      fallback: "collection",
      exceptId,
    },
  );

/** What a collection's rule, products and image are checked for before they are saved. */
async function contentRefusal(
  tx: Db,
  input: Partial<CollectionCreateInput>,
  rule: CollectionRuleView | null,
): Promise<Refusal | undefined> {
  const problems: (Refusal | undefined)[] = [];
  if (rule && input.productIds?.length)
    problems.push(
      refuse(
        "invalid",
        "A collection that follows a rule chooses its products itself: send no products, or no rule.",
        "productIds",
      ),
    );
  if (rule?.type === "band") {
    const [band] = await tx
      .select({ id: brands.id })
      .from(brands)
      .where(eq(brands.id, rule.brandId));
    if (!band) problems.push(refuse("invalid", "No such band.", "rule.brandId"));
  }
  if (input.productIds?.length) {
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, input.productIds));
    if (found.length < input.productIds.length)
      problems.push(refuse("invalid", "No such product.", "productIds"));
  }
  problems.push(await notAnImage(tx, { heroFileId: input.heroFileId }));
  return joinRefusals(problems);
}

/**
 * Every check of a collection's fields the schema cannot make, at once (issue 30): its name, a
 * typed slug, its rule, products and image. `exceptId` is the collection itself, on update.
 */
async function collectionProblems(
  tx: Db,
  input: Partial<CollectionCreateInput>,
  exceptId?: number,
): Promise<Refusal | undefined> {
  const before = exceptId === undefined ? undefined : await collectionEdit(tx, exceptId);
  const rule = input.rule === undefined ? (before?.rule ?? null) : input.rule;
  const slug = input.slug ? await collectionSlug(tx, { slug: input.slug }, exceptId) : undefined;
  return joinRefusals([
    await collectionNameTaken(tx, input.title, exceptId),
    isRefusal(slug) ? slug : undefined,
    await contentRefusal(tx, input, rule),
  ]);
}

async function setMembers(tx: Db, collectionId: number, productIds: number[]) {
  await tx.delete(collectionProducts).where(eq(collectionProducts.collectionId, collectionId));
  if (productIds.length)
    await tx
      .insert(collectionProducts)
      .values(productIds.map((productId, position) => ({ collectionId, productId, position })));
}

function storedFields(input: Partial<CollectionCreateInput>) {
  const { slug: _slug, productIds: _productIds, rule: _rule, description, ...fields } = input;
  return {
    ...fields,
    ...(description === undefined ? {} : { description: sanitizeRichText(description) }),
  };
}

/**
 * Collections as staff manage them (decision 0014): hand-picked products in the team's order, or
 * a rule (new in, a tag, on sale, low stock, a band, a product type, a price range) that the
 * storefront evaluates when asked.
 */
export const collectionService: ResourceService<
  StaffCollectionListQuery,
  StaffCollectionItem,
  CollectionEdit,
  CollectionCreateInput,
  CollectionUpdateInput
> = {
  list: listStaffCollections,
  edit: collectionEdit,
  check: collectionProblems,

  create: (tx, input) =>
    checkedWrite(async () => {
      const problem = await collectionProblems(tx, input);
      if (problem) return problem;
      const slug = await collectionSlug(tx, input);
      if (typeof slug !== "string")
        return slug ?? refuse("invalid", "Enter the collection's title.", "title");
      const rule = input.rule ?? null;
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${productCollections.position}), -1)::int` })
        .from(productCollections);
      const [row] = await tx
        .insert(productCollections)
        .values({
          ...storedFields(input),
          title: input.title,
          slug,
          kind: rule ? "rule" : "curated",
          rule,
          position: input.position ?? (last?.position ?? -1) + 1,
        })
        .returning({ id: productCollections.id });
      if (!row) throw new Error("The collection was not written");
      if (input.productIds) await setMembers(tx, row.id, input.productIds);
      return (await collectionEdit(tx, row.id)) as CollectionEdit;
    }),

  update: (tx, input) =>
    checkedWrite(async () => {
      const before = await collectionEdit(tx, input.id);
      if (!before) return refuse("not-found", "No such collection.");
      const problem = await collectionProblems(tx, input, input.id);
      if (problem) return problem;
      const slug = input.slug ? await collectionSlug(tx, input, input.id) : undefined;
      if (slug !== undefined && typeof slug !== "string") return slug;
      const rule = input.rule === undefined ? before.rule : input.rule;
      await tx
        .update(productCollections)
        .set({
          ...storedFields(input),
          ...(slug ? { slug } : {}),
          ...(input.rule === undefined ? {} : { rule, kind: rule ? "rule" : "curated" }),
          updatedAt: new Date(),
        })
        .where(eq(productCollections.id, input.id));
      // A rule replaces the hand-picked products; products sent replace the old ones, in order.
      if (rule) await setMembers(tx, input.id, []);
      else if (input.productIds) await setMembers(tx, input.id, input.productIds);
      return (await collectionEdit(tx, input.id)) as CollectionEdit;
    }),

  async destroy(tx, records) {
    const ids = records.map((record) => record.id);
    const [spotlit] = await tx
      .select({ collectionId: spotlights.collectionId, headline: spotlights.headline })
      .from(spotlights)
      .where(
        and(
          inArray(spotlights.collectionId, ids),
          sql`(${spotlights.endsAt} is null or ${spotlights.endsAt} > now())`,
        ),
      )
      .limit(1);
    if (spotlit) {
      const collection = records.find((record) => record.id === spotlit.collectionId);
      return refuse(
        "conflict",
        `${collection?.title ?? "This collection"} is in the spotlight (“${spotlit.headline}”): end that spotlight first.`,
      );
    }
    await tx.delete(productCollections).where(inArray(productCollections.id, ids));
    return undefined;
  },

  afterWrite: notifyShopChanged,
};
