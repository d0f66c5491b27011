import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Page } from "../../common/pagination.ts";
import { isRefusal, type Refusal, refuse } from "../../common/refusal.ts";
import type { SegmentRule } from "../../common/segments.ts";
import type { SegmentEdit, SegmentPreview, StaffSegmentItem } from "../../common/segments-admin.ts";
import {
  conditionsHoldFor,
  countCustomersWhere,
  sampleCustomersWhere,
} from "../customers/index.ts";
import type { Db } from "../db/client.ts";
import { pageMeta, pageOffset } from "../db/pagination.ts";
import { containing, orderings } from "../db/staff-lists.ts";
import { codesLimitedTo } from "../discounts/index.ts";
import type { ResourceService } from "../http/resource.ts";
import { checkedMembersWhere, membersWhere } from "./membership.ts";
import { type SegmentRow, segments } from "./schema.ts";
import type {
  SegmentCreateInput,
  SegmentUpdateInput,
  StaffSegmentListQuery,
} from "./validators.ts";

const ORDER = orderings(
  { title: sql`lower(${segments.title})`, updated: segments.updatedAt },
  segments.id,
) satisfies Record<StaffSegmentListQuery["sort"], unknown>;

/** How many customers each rule set holds now: one count query per segment, none per customer. */
async function memberCounts(db: Db, ruleSets: SegmentRule[][]): Promise<number[]> {
  const conditions = await membersWhere(db, ruleSets);
  return Promise.all(conditions.map((where) => countCustomersWhere(db, where)));
}

async function listSegments(db: Db, query: StaffSegmentListQuery): Promise<Page<StaffSegmentItem>> {
  const where = containing(query.q, segments.title, segments.description);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(segments)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ n: sql<number>`count(*)::int` }).from(segments).where(where),
  ]);
  const counts = await memberCounts(
    db,
    rows.map((row) => row.rules),
  );
  return {
    data: rows.map((row, index) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      ruleCount: row.rules.length,
      memberCount: counts[index] ?? 0,
      updatedAt: row.updatedAt.toISOString(),
    })),
    meta: pageMeta(query.page, query.perPage, total?.n ?? 0),
  };
}

async function segmentEdit(db: Db, id: number): Promise<SegmentEdit | undefined> {
  const [row] = await db.select().from(segments).where(eq(segments.id, id));
  if (!row) return undefined;
  const [memberCount] = await memberCounts(db, [row.rules]);
  return asEdit(row, memberCount ?? 0);
}

const asEdit = (row: SegmentRow, memberCount: number): SegmentEdit => ({
  id: row.id,
  title: row.title,
  description: row.description,
  rules: row.rules,
  memberCount,
  updatedAt: row.updatedAt.toISOString(),
});

/** Rules as they are stored: each with only its own fields. */
const storedRules = (rules: SegmentRule[]) => rules.map((rule) => ({ ...rule }));

/** Segments as staff manage them (decision 0014). */
export const segmentService: ResourceService<
  StaffSegmentListQuery,
  StaffSegmentItem,
  SegmentEdit,
  SegmentCreateInput,
  SegmentUpdateInput
> = {
  list: listSegments,
  edit: segmentEdit,

  async create(tx, input) {
    const checked = await checkedMembersWhere(tx, input.rules);
    if (isRefusal(checked)) return checked;
    const [row] = await tx
      .insert(segments)
      .values({
        title: input.title,
        description: input.description,
        rules: storedRules(input.rules),
      })
      .returning({ id: segments.id });
    if (!row) throw new Error("The segment was not written");
    return (await segmentEdit(tx, row.id)) as SegmentEdit;
  },

  async update(tx, input) {
    if (input.rules) {
      const checked = await checkedMembersWhere(tx, input.rules);
      if (isRefusal(checked)) return checked;
    }
    await tx
      .update(segments)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.rules === undefined ? {} : { rules: storedRules(input.rules) }),
        updatedAt: new Date(),
      })
      .where(eq(segments.id, input.id));
    return (await segmentEdit(tx, input.id)) as SegmentEdit;
  },

  async destroy(tx, records): Promise<Refusal | undefined> {
    const ids = records.map((record) => record.id);
    const [used] = await codesLimitedTo(tx, ids);
    if (used) {
      const segment = records.find((record) => record.id === used.segmentId);
      return refuse(
        "conflict",
        `${segment?.title ?? "This segment"} is used by the discount code ${used.code}: change or delete the code first.`,
      );
    }
    await tx.delete(segments).where(inArray(segments.id, ids));
    return undefined;
  },
};

/** The live member count of rules being edited, and a few of the members. */
export async function previewSegment(
  db: Db,
  rules: SegmentRule[],
): Promise<SegmentPreview | Refusal> {
  const where = await checkedMembersWhere(db, rules);
  if (isRefusal(where)) return where;
  const [count, sample] = await Promise.all([
    countCustomersWhere(db, where),
    sampleCustomersWhere(db, where, 5),
  ]);
  return { count, sample };
}

/** Every segment, by title: for pickers (the customer filter, a discount's segment). */
export async function allSegments(db: Db): Promise<Array<{ id: number; title: string }>> {
  return db
    .select({ id: segments.id, title: segments.title })
    .from(segments)
    .orderBy(asc(sql`lower(${segments.title})`), asc(segments.id));
}

/**
 * The segments a customer is in now, by title, in one query over their row: the discounts
 * module's check of a code limited to a segment, and the staff customer page.
 */
export async function segmentsOf(
  db: Db,
  userId: number,
): Promise<Array<{ id: number; title: string }>> {
  const rows = await db
    .select()
    .from(segments)
    .orderBy(asc(sql`lower(${segments.title})`));
  if (rows.length === 0) return [];
  const conditions = await membersWhere(
    db,
    rows.map((row) => row.rules),
  );
  const holds = await conditionsHoldFor(db, userId, conditions);
  return rows.filter((_, index) => holds[index]).map((row) => ({ id: row.id, title: row.title }));
}

/** The ids of the segments a customer is in (see `segmentsOf`). */
export async function segmentIdsOf(db: Db, userId: number): Promise<number[]> {
  return (await segmentsOf(db, userId)).map((segment) => segment.id);
}

/** The members' condition of one segment, for the customer list's filter; undefined if none. */
export async function segmentMembersWhere(db: Db, segmentId: number) {
  const [row] = await db
    .select({ rules: segments.rules })
    .from(segments)
    .where(eq(segments.id, segmentId));
  if (!row) return undefined;
  const [where] = await membersWhere(db, [row.rules]);
  return where;
}
