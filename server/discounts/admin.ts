import { and, desc, eq, gt, inArray, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { discountStatus } from "../../common/discount-status.ts";
import type {
  DiscountEdit,
  DiscountTarget,
  StaffDiscountItem,
} from "../../common/discounts-admin.ts";
import type { Page } from "../../common/pagination.ts";
import { joinRefusals, type Refusal, refuse } from "../../common/refusal.ts";
import { catalogueTitles } from "../catalog/index.ts";
import type { Db } from "../db/client.ts";
import { pageMeta, pageOffset } from "../db/pagination.ts";
import { containing, orderings } from "../db/staff-lists.ts";
import type { ResourceService } from "../http/resource.ts";
import { findOrder } from "../orders/index.ts";
import { segmentOptions } from "../segments/index.ts";
import { discountBatches, discountRedemptions, discounts, discountTargets } from "./schema.ts";
import { normaliseCode } from "./service.ts";
import type {
  DiscountCreateInput,
  DiscountRules,
  DiscountUpdateInput,
  StaffDiscountListQuery,
} from "./validators.ts";

type DiscountRow = typeof discounts.$inferSelect;
type Targets = { brandIds?: number[]; productIds?: number[]; collectionIds?: number[] };

/** How many uses of a code the edit page lists. */
const RECENT_REDEMPTIONS = 10;

// The list ---------------------------------------------------------------------------------------

/** A batch is one row of the list: its first code stands for it (the codes share its rules). */
const firstOfBatch = sql`"discounts"."id" = (select min(d2.id) from discounts d2 where d2.batch_id = "discounts"."batch_id")`;
const targetCount = sql<number>`(select count(*)::int from discount_targets t where t.discount_id = "discounts"."id")`;
const usedCodesOfBatch = sql<number>`(select count(*)::int from discounts d2 where d2.batch_id = "discounts"."batch_id" and d2.times_used > 0)`;

/** The `status` filter as a condition at `now`. */
function statusCondition(status: StaffDiscountListQuery["status"], now: Date): SQL | undefined {
  switch (status) {
    case "scheduled":
      return gt(discounts.startsAt, now);
    case "live":
      return and(
        lte(discounts.startsAt, now),
        or(isNull(discounts.endsAt), gt(discounts.endsAt, now)),
      );
    case "ended":
      return lte(discounts.endsAt, now);
    default:
      return undefined;
  }
}

async function listDiscounts(
  db: Db,
  query: StaffDiscountListQuery,
): Promise<Page<StaffDiscountItem>> {
  const now = new Date();
  const grouped = query.batch === undefined;
  const asBatch = grouped ? sql<boolean>`${discounts.batchId} is not null` : sql<boolean>`false`;
  const used = sql<number>`case when ${asBatch} then ${usedCodesOfBatch} else ${discounts.timesUsed} end`;
  const order = orderings(
    {
      code: sql`lower(coalesce(case when ${asBatch} then ${discountBatches.title} end, ${discounts.code}))`,
      starts: discounts.startsAt,
      used,
      updated: discounts.updatedAt,
    },
    discounts.id,
  );
  const where = and(
    grouped ? or(isNull(discounts.batchId), firstOfBatch) : eq(discounts.batchId, query.batch ?? 0),
    containing(query.q, discounts.code, discounts.description, discountBatches.title),
    statusCondition(query.status, now),
    query.type ? eq(discounts.unitType, query.type) : undefined,
  );
  const [rows, [total], segments] = await Promise.all([
    db
      .select({
        row: discounts,
        asBatch,
        batchTitle: discountBatches.title,
        batchCount: discountBatches.count,
        used,
        targetCount,
      })
      .from(discounts)
      .leftJoin(discountBatches, eq(discountBatches.id, discounts.batchId))
      .where(where)
      .orderBy(...order[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(discounts)
      .leftJoin(discountBatches, eq(discountBatches.id, discounts.batchId))
      .where(where),
    segmentOptions(db),
  ]);
  const segmentTitles = new Map(segments.map((segment) => [segment.id, segment.title]));
  return {
    data: rows.map(({ row, asBatch: batch, batchTitle, batchCount, used, targetCount }) => {
      const dates = { startsAt: row.startsAt.toISOString(), endsAt: iso(row.endsAt) };
      return {
        kind: batch ? "batch" : "code",
        id: batch && row.batchId ? row.batchId : row.id,
        code: batch && batchTitle ? batchTitle : row.code,
        description: row.description,
        unitType: row.unitType,
        value: row.value,
        eligibleGroup: row.eligibleGroup,
        segmentTitle: row.segmentId ? (segmentTitles.get(row.segmentId) ?? null) : null,
        scope: row.scope,
        targetCount,
        status: discountStatus(dates, now),
        ...dates,
        timesUsed: used,
        usageLimit: batch ? (batchCount ?? null) : row.usageLimit,
        updatedAt: row.updatedAt.toISOString(),
      } satisfies StaffDiscountItem;
    }),
    meta: pageMeta(query.page, query.perPage, total?.n ?? 0),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

// One code ---------------------------------------------------------------------------------------

/** A code's targets with their names; a target whose record is gone has been deleted with it. */
async function targetsOf(db: Db, discountId: number): Promise<DiscountTarget[]> {
  const rows = await db
    .select()
    .from(discountTargets)
    .where(eq(discountTargets.discountId, discountId))
    .orderBy(discountTargets.id);
  const refs = {
    brandIds: rows.flatMap((row) => (row.brandId ? [row.brandId] : [])),
    productIds: rows.flatMap((row) => (row.productId ? [row.productId] : [])),
    collectionIds: rows.flatMap((row) => (row.collectionId ? [row.collectionId] : [])),
  };
  const titles = await catalogueTitles(db, refs);
  return [
    ...refs.brandIds.map((id) => ({ kind: "brand" as const, id, title: titles.brands.get(id) })),
    ...refs.productIds.map((id) => ({
      kind: "product" as const,
      id,
      title: titles.products.get(id),
    })),
    ...refs.collectionIds.map((id) => ({
      kind: "collection" as const,
      id,
      title: titles.collections.get(id),
    })),
  ].map((target) => ({ ...target, title: target.title ?? `#${target.id}` }));
}

/** The latest uses of a code: the order and when, nothing about the shopper. */
async function recentRedemptions(db: Db, discountId: number) {
  const rows = await db
    .select({ orderId: discountRedemptions.orderId, at: discountRedemptions.createdAt })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.discountId, discountId))
    .orderBy(desc(discountRedemptions.createdAt), desc(discountRedemptions.id))
    .limit(RECENT_REDEMPTIONS);
  return Promise.all(
    rows.map(async ({ orderId, at }) => ({
      orderId,
      orderNumber: orderId ? ((await findOrder(db, orderId))?.number ?? null) : null,
      at: at.toISOString(),
    })),
  );
}

/** The rules of a code as its form shows them, without its usage. */
export async function discountRules(db: Db, id: number) {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    unitType: row.unitType,
    value: row.value,
    minSubtotal: row.minSubtotal,
    startsAt: row.startsAt.toISOString(),
    endsAt: iso(row.endsAt),
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    eligibleGroup: row.eligibleGroup,
    segmentId: row.segmentId,
    scope: row.scope,
    targets: await targetsOf(db, row.id),
    batchId: row.batchId,
    timesUsed: row.timesUsed,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function discountEdit(db: Db, id: number): Promise<DiscountEdit | undefined> {
  const rules = await discountRules(db, id);
  return rules && { ...rules, recentRedemptions: await recentRedemptions(db, id) };
}

// Checks -----------------------------------------------------------------------------------------

/** A code's rules as they will be stored, every field known (a new code's defaults filled in). */
export type StoredRules = {
  description: string;
  unitType: DiscountRow["unitType"];
  value: number;
  minSubtotal: number | null;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  eligibleGroup: DiscountRow["eligibleGroup"];
  segmentId: number | null;
  scope: DiscountRow["scope"];
  targets: Required<Targets>;
};

/**
 * Rules to check: stored rules, or a new code's whose type or value is not known yet (it did not
 * pass the schema), so its checks are made without them rather than on a made-up type.
 */
export type CheckedRules = Omit<StoredRules, "unitType" | "value"> &
  Partial<Pick<StoredRules, "unitType" | "value">>;

/** The rules of `input` over `base` (a new code's defaults, or the code as it is). */
export function mergedRules(base: StoredRules, input: Partial<DiscountRules> & Limits): StoredRules;
export function mergedRules(
  base: CheckedRules,
  input: Partial<DiscountRules> & Limits,
): CheckedRules;
export function mergedRules(
  base: CheckedRules,
  input: Partial<DiscountRules> & Limits,
): CheckedRules {
  const eligibleGroup = input.eligibleGroup ?? base.eligibleGroup;
  const scope = input.scope ?? base.scope;
  const targets = input.targets
    ? {
        brandIds: input.targets.brandIds ?? [],
        productIds: input.targets.productIds ?? [],
        collectionIds: input.targets.collectionIds ?? [],
      }
    : base.targets;
  return {
    description: input.description ?? base.description,
    unitType: input.unitType ?? base.unitType,
    value: input.value ?? base.value,
    minSubtotal: input.minSubtotal === undefined ? base.minSubtotal : input.minSubtotal,
    startsAt: input.startsAt ? new Date(input.startsAt) : base.startsAt,
    endsAt: input.endsAt === undefined ? base.endsAt : input.endsAt ? new Date(input.endsAt) : null,
    usageLimit: input.usageLimit === undefined ? base.usageLimit : input.usageLimit,
    perCustomerLimit:
      input.perCustomerLimit === undefined ? base.perCustomerLimit : input.perCustomerLimit,
    eligibleGroup,
    // A segment only means something for a code limited to one.
    segmentId:
      eligibleGroup === "segment"
        ? input.segmentId === undefined
          ? base.segmentId
          : input.segmentId
        : null,
    scope,
    // Targets only mean something for a code limited to selected items.
    targets: scope === "selected" ? targets : { brandIds: [], productIds: [], collectionIds: [] },
  };
}
/** The limits a single code has (a batch's codes are single-use). */
type Limits = { usageLimit?: number | null; perCustomerLimit?: number | null };

/** A new code's rules before its input: live from now, for everyone, on the whole basket. */
export const NEW_CODE_RULES = (): Omit<StoredRules, "unitType" | "value"> => ({
  description: "",
  minSubtotal: null,
  startsAt: new Date(),
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  eligibleGroup: "everyone",
  segmentId: null,
  scope: "basket",
  targets: { brandIds: [], productIds: [], collectionIds: [] },
});

/**
 * What the table's checks (server/discounts/schema.ts) and its foreign keys would refuse, as a
 * 422 naming the field, so no rule ever reaches the database as a 500.
 */
export async function rulesProblem(db: Db, rules: CheckedRules): Promise<Refusal | undefined> {
  // Every problem at once (issue 30), each beside its field.
  const problems: Refusal[] = [];
  // Judged only when both are known: a value without its type is neither too big nor fine.
  if (rules.unitType === "percentage" && rules.value !== undefined && rules.value > 100) {
    problems.push(refuse("invalid", "A percentage is at most 100.", "value"));
  }
  if (rules.endsAt && rules.endsAt <= rules.startsAt) {
    problems.push(refuse("invalid", "The end must be after the start.", "endsAt"));
  }
  if (rules.eligibleGroup === "segment") {
    if (rules.segmentId === null) {
      problems.push(refuse("invalid", "Choose the segment that may use the code.", "segmentId"));
    } else {
      const segments = await segmentOptions(db);
      if (!segments.some((segment) => segment.id === rules.segmentId)) {
        problems.push(refuse("invalid", "No such segment.", "segmentId"));
      }
    }
  }
  if (rules.scope === "selected") {
    const { brandIds, productIds, collectionIds } = rules.targets;
    if (brandIds.length + productIds.length + collectionIds.length === 0) {
      problems.push(
        refuse(
          "invalid",
          "Choose at least one band, product or collection the code applies to.",
          "targets",
        ),
      );
    } else {
      const titles = await catalogueTitles(db, rules.targets);
      const missing = [
        ...brandIds.filter((id) => !titles.brands.has(id)).map((id) => `band ${id}`),
        ...productIds.filter((id) => !titles.products.has(id)).map((id) => `product ${id}`),
        ...collectionIds
          .filter((id) => !titles.collections.has(id))
          .map((id) => `collection ${id}`),
      ];
      if (missing.length) {
        problems.push(refuse("invalid", `No such ${missing.join(", ")}.`, "targets"));
      }
    }
  }
  return joinRefusals(problems);
}

const CODE_TAKEN = "Another discount already has this code. Choose another.";

/** Whether another discount has `code` (normalised). */
async function codeTaken(db: Db, code: string, exceptId?: number) {
  const [row] = await db
    .select({ id: discounts.id })
    .from(discounts)
    .where(
      and(
        eq(discounts.code, code),
        exceptId === undefined ? undefined : ne(discounts.id, exceptId),
      ),
    );
  return row !== undefined;
}

/** The `discounts` columns of stored rules (the targets are rows of their own). */
export function ruleColumns({ targets: _targets, ...rules }: StoredRules) {
  return rules;
}

/** The target rows of each of `discountIds` (set-based: one statement for a whole batch). */
export async function writeTargets(tx: Db, discountIds: number[], targets: Required<Targets>) {
  const rows = discountIds.flatMap((discountId) => [
    ...targets.brandIds.map((brandId) => ({ discountId, brandId })),
    ...targets.productIds.map((productId) => ({ discountId, productId })),
    ...targets.collectionIds.map((collectionId) => ({ discountId, collectionId })),
  ]);
  // Four columns a row: well under PostgreSQL's 65,535 parameters a statement.
  for (let start = 0; start < rows.length; start += 5000) {
    await tx.insert(discountTargets).values(rows.slice(start, start + 5000));
  }
}

/** The stored rules of a code as it is, for an update or a batch copying them. */
export async function storedRulesOf(db: Db, id: number): Promise<StoredRules | undefined> {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  if (!row) return undefined;
  const targets = await db.select().from(discountTargets).where(eq(discountTargets.discountId, id));
  const ids = (key: "brandId" | "productId" | "collectionId") =>
    targets.flatMap((target) => (target[key] ? [target[key]] : []));
  return {
    description: row.description,
    unitType: row.unitType,
    value: row.value,
    minSubtotal: row.minSubtotal,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    eligibleGroup: row.eligibleGroup,
    segmentId: row.segmentId,
    scope: row.scope,
    targets: {
      brandIds: ids("brandId"),
      productIds: ids("productId"),
      collectionIds: ids("collectionId"),
    },
  };
}

// Ending a code ----------------------------------------------------------------------------------

/**
 * Ends a live code now (`endsAt` = now), so no shopper can use it from this instant; its history
 * stays. A code that has ended already is a 409, as is one not started (change its dates instead).
 */
export async function endDiscount(tx: Db, id: number, at = new Date()): Promise<Refusal | null> {
  const [row] = await tx.select().from(discounts).where(eq(discounts.id, id)).for("update");
  if (!row) return refuse("not-found", "No such discount.");
  if (row.endsAt && row.endsAt <= at) return refuse("conflict", `${row.code} has already ended.`);
  if (row.startsAt > at) {
    return refuse(
      "conflict",
      `${row.code} has not started yet: change its dates, or delete it, instead.`,
    );
  }
  await tx.update(discounts).set({ endsAt: at, updatedAt: at }).where(eq(discounts.id, id));
  return null;
}

// The resource -----------------------------------------------------------------------------------

/** Discount codes as staff manage them (decision 0014): list, form, create, change and delete. */
/**
 * Every check of a code's fields the schema cannot make, at once (issue 30): the code taken,
 * and the rules' own checks, on the record's rules with the fields given.
 */
async function discountProblems(
  tx: Db,
  input: Partial<DiscountCreateInput>,
  exceptId?: number,
): Promise<Refusal | undefined> {
  const code = input.code === undefined ? undefined : normaliseCode(input.code);
  const taken =
    code !== undefined && (await codeTaken(tx, code, exceptId))
      ? refuse("invalid", CODE_TAKEN, "code")
      : undefined;
  // A new code's type and value are those given, if they passed the schema: none is made up.
  const base = exceptId === undefined ? NEW_CODE_RULES() : await storedRulesOf(tx, exceptId);
  return joinRefusals([taken, base ? await rulesProblem(tx, mergedRules(base, input)) : undefined]);
}

export const discountService: ResourceService<
  StaffDiscountListQuery,
  StaffDiscountItem,
  DiscountEdit,
  DiscountCreateInput,
  DiscountUpdateInput
> = {
  list: listDiscounts,
  edit: discountEdit,
  check: discountProblems,

  async create(tx, input) {
    const problem = await discountProblems(tx, input);
    if (problem) return problem;
    const code = normaliseCode(input.code);
    const rules = mergedRules(
      { ...NEW_CODE_RULES(), unitType: input.unitType, value: input.value },
      input,
    );
    const [row] = await tx
      .insert(discounts)
      .values({ ...ruleColumns(rules), code })
      .onConflictDoNothing()
      .returning({ id: discounts.id });
    // Another save took the code between the check and the insert.
    if (!row) return refuse("invalid", CODE_TAKEN, "code");
    await writeTargets(tx, [row.id], rules.targets);
    return (await discountEdit(tx, row.id)) as DiscountEdit;
  },

  async update(tx, input) {
    const before = await storedRulesOf(tx, input.id);
    if (!before) return refuse("not-found", "No such discount.");
    const problem = await discountProblems(tx, input, input.id);
    if (problem) return problem;
    const code = input.code === undefined ? undefined : normaliseCode(input.code);
    const rules = mergedRules(before, input);
    await tx
      .update(discounts)
      .set({ ...ruleColumns(rules), ...(code ? { code } : {}), updatedAt: new Date() })
      .where(eq(discounts.id, input.id));
    await tx.delete(discountTargets).where(eq(discountTargets.discountId, input.id));
    await writeTargets(tx, [input.id], rules.targets);
    return (await discountEdit(tx, input.id)) as DiscountEdit;
  },

  async destroy(tx, records) {
    const ids = records.map((record) => record.id);
    const used = await tx
      .select({ id: discounts.id, code: discounts.code, timesUsed: discounts.timesUsed })
      .from(discounts)
      .where(
        and(
          inArray(discounts.id, ids),
          or(
            gt(discounts.timesUsed, 0),
            sql`exists (select 1 from ${discountRedemptions} r where r.discount_id = "discounts"."id")`,
          ),
        ),
      );
    const first = used[0];
    if (first) {
      const times = Math.max(first.timesUsed, 1);
      return refuse(
        "conflict",
        `${first.code} has been used ${times} time${times === 1 ? "" : "s"}: end it instead.`,
      );
    }
    await tx.delete(discounts).where(inArray(discounts.id, ids));
    return undefined;
  },
};
