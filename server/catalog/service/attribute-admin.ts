import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type {
  AttributeEdit,
  AttributeTypeEdit,
  StaffAttributeItem,
  StaffAttributeTypeItem,
} from "../../../common/catalog-admin.ts";
import type { Page } from "../../../common/pagination.ts";
import { isRefusal, joinRefusals, type Refusal, refuse } from "../../../common/refusal.ts";
import type { Db } from "../../db/client.ts";
import { nameTaken } from "../../db/names.ts";
import { pageMeta, pageOffset } from "../../db/pagination.ts";
import { freeSlug } from "../../db/slugs.ts";
import { containing, orderings } from "../../db/staff-lists.ts";
import type { ResourceService } from "../../http/resource.ts";
import { notifyShopChanged } from "../../http/response-cache.ts";
import { attributes, attributeTypes, productVariants, variantAttributes } from "../schema.ts";
import type {
  AttributeCreateInput,
  AttributeTypeCreateInput,
  AttributeTypeUpdateInput,
  AttributeUpdateInput,
  StaffAttributeListQuery,
  StaffAttributeTypeListQuery,
} from "../validators.ts";
import { checkedWrite, VALUE_NAME_TAKEN } from "./staff-checks.ts";

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/** "used by 14 variants of 6 products": what a value or a type in use is refused with. */
const usedBy = (title: string, variants: number, products: number, fix: string) =>
  `${title} is used by ${plural(variants, "variant")} of ${plural(products, "product")}: ${fix}`;

// Attribute types (Size, Colour …) ---------------------------------------------------------------

// The outer row is named in full ("attribute_types"."id"): see the note in brands.ts.
const valueCount = sql<number>`(select count(*)::int from ${attributes} a where a.attribute_type_id = "attribute_types"."id")`;
const typeVariantCount = sql<number>`(
  select count(distinct va.variant_id)::int from ${variantAttributes} va
  join ${attributes} a on a.id = va.attribute_id
  where a.attribute_type_id = "attribute_types"."id"
)`;

const TYPE_ORDER = orderings(
  {
    position: attributeTypes.position,
    title: sql`lower(${attributeTypes.title})`,
    updated: attributeTypes.updatedAt,
    values: valueCount,
  },
  attributeTypes.id,
) satisfies Record<StaffAttributeTypeListQuery["sort"], unknown>;

async function listAttributeTypes(
  db: Db,
  query: StaffAttributeTypeListQuery,
): Promise<Page<StaffAttributeTypeItem>> {
  const where = containing(query.q, attributeTypes.title, attributeTypes.slug);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: attributeTypes.id,
        title: attributeTypes.title,
        slug: attributeTypes.slug,
        display: attributeTypes.display,
        position: attributeTypes.position,
        valueCount,
        variantCount: typeVariantCount,
        updatedAt: attributeTypes.updatedAt,
      })
      .from(attributeTypes)
      .where(where)
      .orderBy(...TYPE_ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(attributeTypes).where(where),
  ]);
  return {
    data: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    meta: pageMeta(query.page, query.perPage, count?.total ?? 0),
  };
}

async function attributeTypeEdit(db: Db, id: number): Promise<AttributeTypeEdit | undefined> {
  const [row] = await db
    .select({
      id: attributeTypes.id,
      title: attributeTypes.title,
      slug: attributeTypes.slug,
      display: attributeTypes.display,
      position: attributeTypes.position,
      updatedAt: attributeTypes.updatedAt,
    })
    .from(attributeTypes)
    .where(eq(attributeTypes.id, id));
  return row && { ...row, updatedAt: row.updatedAt.toISOString() };
}

const typeSlug = (tx: Db, input: { slug?: string; title?: string }, exceptId?: number) =>
  freeSlug(tx, { table: attributeTypes, slug: attributeTypes.slug, id: attributeTypes.id }, input, {
    taken: "Another option already has this slug. Choose another.",
    fallback: "option",
    exceptId,
  });

/** Option types (Size, Colour, Fit, Format …) as staff manage them (decision 0014). */
export const attributeTypeService: ResourceService<
  StaffAttributeTypeListQuery,
  StaffAttributeTypeItem,
  AttributeTypeEdit,
  AttributeTypeCreateInput,
  AttributeTypeUpdateInput
> = {
  list: listAttributeTypes,
  edit: attributeTypeEdit,

  create: (tx, input) =>
    checkedWrite(async () => {
      const slug = await typeSlug(tx, input);
      if (typeof slug !== "string")
        return slug ?? refuse("invalid", "Enter the option's name.", "title");
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${attributeTypes.position}), -1)::int` })
        .from(attributeTypes);
      const [row] = await tx
        .insert(attributeTypes)
        .values({
          title: input.title,
          slug,
          display: input.display ?? "buttons",
          // A new option goes last unless placed.
          position: input.position ?? (last?.position ?? -1) + 1,
        })
        .returning({ id: attributeTypes.id });
      if (!row) throw new Error("The option type was not written");
      return (await attributeTypeEdit(tx, row.id)) as AttributeTypeEdit;
    }),

  update: (tx, input) =>
    checkedWrite(async () => {
      const slug = input.slug ? await typeSlug(tx, input, input.id) : undefined;
      if (slug !== undefined && typeof slug !== "string") return slug;
      const { id, slug: _slug, ...fields } = input;
      await tx
        .update(attributeTypes)
        .set({ ...fields, ...(slug ? { slug } : {}), updatedAt: new Date() })
        .where(eq(attributeTypes.id, id));
      return (await attributeTypeEdit(tx, id)) as AttributeTypeEdit;
    }),

  async destroy(tx, records) {
    const ids = records.map((record) => record.id);
    const used = await tx
      .select({
        typeId: attributes.attributeTypeId,
        variants: sql<number>`count(distinct ${variantAttributes.variantId})::int`,
        products: sql<number>`count(distinct ${productVariants.productId})::int`,
      })
      .from(attributes)
      .innerJoin(variantAttributes, eq(variantAttributes.attributeId, attributes.id))
      .innerJoin(productVariants, eq(productVariants.id, variantAttributes.variantId))
      .where(inArray(attributes.attributeTypeId, ids))
      .groupBy(attributes.attributeTypeId);
    const first = used[0];
    if (first) {
      const type = records.find((record) => record.id === first.typeId);
      return refuse(
        "conflict",
        usedBy(
          type?.title ?? "This option",
          first.variants,
          first.products,
          "take its values off them first.",
        ),
      );
    }
    // Its values go with it (none is on a variant); a gallery image loses only its colour.
    await tx.delete(attributeTypes).where(inArray(attributeTypes.id, ids));
    return undefined;
  },

  afterWrite: notifyShopChanged,
};

// Attribute values (S, M, L; Black, White …) ----------------------------------------------------

const variantCount = sql<number>`(select count(*)::int from ${variantAttributes} va where va.attribute_id = "attributes"."id")`;
const productCount = sql<number>`(
  select count(distinct pv.product_id)::int from ${variantAttributes} va
  join ${productVariants} pv on pv.id = va.variant_id
  where va.attribute_id = "attributes"."id"
)`;

// `position` is the shop's order: the types' order, then each type's own (XS, S, M … not A to Z).
const VALUE_ORDER: Record<StaffAttributeListQuery["sort"], SQL[]> = {
  ...orderings(
    {
      title: sql`lower(${attributes.title})`,
      updated: attributes.updatedAt,
      variants: variantCount,
    },
    attributes.id,
  ),
  position: [
    asc(attributeTypes.position),
    asc(attributeTypes.id),
    asc(attributes.position),
    asc(attributes.id),
  ],
  "-position": [
    desc(attributeTypes.position),
    desc(attributeTypes.id),
    desc(attributes.position),
    desc(attributes.id),
  ],
};

async function listAttributes(
  db: Db,
  query: StaffAttributeListQuery,
): Promise<Page<StaffAttributeItem>> {
  const where = and(
    containing(query.q, attributes.title, attributes.slug),
    query.type ? inArray(attributes.attributeTypeId, query.type) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: attributes.id,
        title: attributes.title,
        slug: attributes.slug,
        position: attributes.position,
        swatch: attributes.swatch,
        attributeType: {
          id: attributeTypes.id,
          slug: attributeTypes.slug,
          title: attributeTypes.title,
        },
        variantCount,
        productCount,
        updatedAt: attributes.updatedAt,
      })
      .from(attributes)
      .innerJoin(attributeTypes, eq(attributeTypes.id, attributes.attributeTypeId))
      .where(where)
      .orderBy(...VALUE_ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(attributes).where(where),
  ]);
  return {
    data: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    meta: pageMeta(query.page, query.perPage, count?.total ?? 0),
  };
}

async function attributeEdit(db: Db, id: number): Promise<AttributeEdit | undefined> {
  const [row] = await db
    .select({
      id: attributes.id,
      attributeTypeId: attributes.attributeTypeId,
      title: attributes.title,
      slug: attributes.slug,
      position: attributes.position,
      swatch: attributes.swatch,
      updatedAt: attributes.updatedAt,
    })
    .from(attributes)
    .where(eq(attributes.id, id));
  return row && { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** A value's slug need only be free among its type's values (`m` of Size, `m` of Kids size). */
const valueSlug = (
  tx: Db,
  typeId: number,
  input: { slug?: string; title?: string },
  exceptId?: number,
) =>
  freeSlug(
    tx,
    {
      table: attributes,
      slug: attributes.slug,
      id: attributes.id,
      within: eq(attributes.attributeTypeId, typeId),
    },
    input,
    {
      taken: "Another value of this option has this slug. Choose another.",
      fallback: "value",
      exceptId,
    },
  );

/** A value's name need only be free among its option's values (`Red` of Colour, `Red` of Ink). */
const valueNameTaken = (tx: Db, typeId: number, title: string | undefined, exceptId?: number) =>
  nameTaken(
    tx,
    {
      table: attributes,
      title: attributes.title,
      id: attributes.id,
      within: eq(attributes.attributeTypeId, typeId),
    },
    title,
    VALUE_NAME_TAKEN,
    exceptId,
  );

/**
 * Every check of a value's fields the schema cannot make, at once (issue 30): its name and a
 * typed slug, each among its option's values. `exceptId` is the value itself, on update.
 */
async function valueProblems(
  tx: Db,
  input: Partial<AttributeCreateInput>,
  exceptId?: number,
): Promise<Refusal | undefined> {
  const typeId =
    exceptId === undefined
      ? input.attributeTypeId
      : (await attributeEdit(tx, exceptId))?.attributeTypeId;
  if (typeId === undefined) return undefined;
  const slug = input.slug ? await valueSlug(tx, typeId, { slug: input.slug }, exceptId) : undefined;
  return joinRefusals([
    await valueNameTaken(tx, typeId, input.title, exceptId),
    isRefusal(slug) ? slug : undefined,
  ]);
}

/** Option values (XS … 3XL, Black, White …) as staff manage them (decision 0014). */
export const attributeService: ResourceService<
  StaffAttributeListQuery,
  StaffAttributeItem,
  AttributeEdit,
  AttributeCreateInput,
  AttributeUpdateInput
> = {
  list: listAttributes,
  edit: attributeEdit,
  check: valueProblems,

  create: (tx, input) =>
    checkedWrite(async () => {
      const [type] = await tx
        .select({ id: attributeTypes.id })
        .from(attributeTypes)
        .where(eq(attributeTypes.id, input.attributeTypeId));
      if (!type) return refuse("invalid", "No such option.", "attributeTypeId");
      const problem = await valueProblems(tx, input);
      if (problem) return problem;
      const slug = await valueSlug(tx, type.id, input);
      if (typeof slug !== "string")
        return slug ?? refuse("invalid", "Enter the value's name.", "title");
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${attributes.position}), -1)::int` })
        .from(attributes)
        .where(eq(attributes.attributeTypeId, type.id));
      const [row] = await tx
        .insert(attributes)
        .values({
          attributeTypeId: type.id,
          title: input.title,
          slug,
          // A new value goes after the type's others (3XL after 2XL) unless placed.
          position: input.position ?? (last?.position ?? -1) + 1,
          swatch: input.swatch ?? null,
        })
        .returning({ id: attributes.id });
      if (!row) throw new Error("The option value was not written");
      return (await attributeEdit(tx, row.id)) as AttributeEdit;
    }),

  update: (tx, input) =>
    checkedWrite(async () => {
      const before = await attributeEdit(tx, input.id);
      if (!before) return refuse("not-found", "No such option value.");
      const problem = await valueProblems(tx, input, input.id);
      if (problem) return problem;
      const slug = input.slug
        ? await valueSlug(tx, before.attributeTypeId, input, input.id)
        : undefined;
      if (slug !== undefined && typeof slug !== "string") return slug;
      const { id, slug: _slug, ...fields } = input;
      await tx
        .update(attributes)
        .set({ ...fields, ...(slug ? { slug } : {}), updatedAt: new Date() })
        .where(eq(attributes.id, id));
      return (await attributeEdit(tx, id)) as AttributeEdit;
    }),

  async destroy(tx, records) {
    const ids = records.map((record) => record.id);
    const used = await tx
      .select({
        attributeId: variantAttributes.attributeId,
        variants: sql<number>`count(*)::int`,
        products: sql<number>`count(distinct ${productVariants.productId})::int`,
      })
      .from(variantAttributes)
      .innerJoin(productVariants, eq(productVariants.id, variantAttributes.variantId))
      .where(inArray(variantAttributes.attributeId, ids))
      .groupBy(variantAttributes.attributeId);
    const first = used[0];
    if (first) {
      const value = records.find((record) => record.id === first.attributeId);
      return refuse(
        "conflict",
        usedBy(
          value?.title ?? "This value",
          first.variants,
          first.products,
          "take it off them first.",
        ),
      );
    }
    // A gallery image shown for this colour keeps its place and loses only the colour.
    await tx.delete(attributes).where(inArray(attributes.id, ids));
    return undefined;
  },

  afterWrite: notifyShopChanged,
};
