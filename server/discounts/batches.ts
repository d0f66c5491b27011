import { randomBytes } from "node:crypto";
import { stringify } from "csv-stringify/sync";
import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import { BATCH_CODE_ALPHABET, type DiscountBatchView } from "../../common/discounts-admin.ts";
import { formatLondonSpreadsheetTime } from "../../common/london-time.ts";
import { isRefusal, type Refusal, refuse } from "../../common/refusal.ts";
import { type Actor, recordAudit } from "../audit/index.ts";
import type { Db } from "../db/client.ts";
import {
  discountRules,
  mergedRules,
  NEW_CODE_RULES,
  ruleColumns,
  rulesProblem,
  type StoredRules,
  storedRulesOf,
  writeTargets,
} from "./admin.ts";
import { discountBatches, discountRedemptions, discounts } from "./schema.ts";
import type { DiscountGenerateInput } from "./validators.ts";

/** The audit log's name for batches of generated codes. */
export const DISCOUNT_BATCHES = "discount-batches";

/** Codes a statement inserts: about 14 parameters a row, well under PostgreSQL's 65,535. */
const INSERT_CHUNK = 2000;
/** Random characters after the prefix, as two groups of four: 40 bits, so collisions are rare. */
const GROUPS = 2;
const GROUP_LENGTH = 4;

/**
 * `how many` codes `PREFIX-7K3M-9QXT`, drawn from a CSPRNG over the unambiguous alphabet. The
 * alphabet has 32 letters, so a random byte's low five bits pick one without bias.
 */
export function randomCodes(prefix: string, howMany: number): string[] {
  const length = GROUPS * GROUP_LENGTH;
  const bytes = randomBytes(howMany * length);
  const codes = new Set<string>();
  for (let index = 0; index < howMany; index += 1) {
    let random = "";
    for (let position = 0; position < length; position += 1) {
      if (position > 0 && position % GROUP_LENGTH === 0) random += "-";
      random += BATCH_CODE_ALPHABET[(bytes[index * length + position] ?? 0) & 31];
    }
    codes.add(`${prefix}-${random}`);
  }
  return [...codes];
}

/** The rules the batch's codes share: those given, or those of the discount to copy. */
async function batchRules(tx: Db, input: DiscountGenerateInput): Promise<StoredRules | Refusal> {
  if (input.copyFrom !== undefined) {
    const copied = await storedRulesOf(tx, input.copyFrom);
    return copied ?? refuse("invalid", "No such discount to copy the rules of.", "copyFrom");
  }
  const given = input.rules;
  if (!given) return refuse("invalid", "Give the codes' rules.", "rules");
  const rules = mergedRules(
    { ...NEW_CODE_RULES(), unitType: given.unitType, value: given.value },
    given,
  );
  const problem = await rulesProblem(tx, rules);
  if (problem) return { ...problem, field: `rules.${problem.field}` };
  return rules;
}

/**
 * Makes a batch of `count` unique single-use codes (each used once, once per customer) with one
 * audit entry for the batch, in the caller's transaction. Codes are inserted a few thousand a
 * statement; a code already taken (by any discount) is skipped by the insert and drawn again.
 */
export async function generateBatch(
  tx: Db,
  input: DiscountGenerateInput,
  actor: Actor,
): Promise<DiscountBatchView | Refusal> {
  const shared = await batchRules(tx, input);
  if (isRefusal(shared)) return shared;
  const rules: StoredRules = { ...shared, usageLimit: 1, perCustomerLimit: 1 };
  const [batch] = await tx
    .insert(discountBatches)
    .values({ title: input.title, prefix: input.prefix, count: input.count })
    .returning({ id: discountBatches.id });
  if (!batch) throw new Error("The batch was not written");

  const columns = ruleColumns(rules);
  const ids: number[] = [];
  while (ids.length < input.count) {
    const codes = randomCodes(input.prefix, Math.min(INSERT_CHUNK, input.count - ids.length));
    const added = await tx
      .insert(discounts)
      .values(codes.map((code) => ({ ...columns, code, batchId: batch.id })))
      .onConflictDoNothing()
      .returning({ id: discounts.id });
    ids.push(...added.map((row) => row.id));
  }
  await writeTargets(tx, ids, rules.targets);

  const view = (await batchView(tx, batch.id)) as DiscountBatchView;
  await recordAudit(tx, {
    actor,
    action: "create",
    resource: DISCOUNT_BATCHES,
    resourceId: batch.id,
    label: input.title,
    after: {
      title: input.title,
      prefix: input.prefix,
      count: input.count,
      ...(input.copyFrom === undefined ? {} : { copiedFrom: input.copyFrom }),
      rules: view.rules,
    },
  });
  return view;
}

/** A batch with its usage and shared rules, or undefined when there is none. */
export async function batchView(db: Db, id: number): Promise<DiscountBatchView | undefined> {
  const [batch] = await db.select().from(discountBatches).where(eq(discountBatches.id, id));
  if (!batch) return undefined;
  const [codes, [used]] = await Promise.all([
    db
      .select({ id: discounts.id, code: discounts.code })
      .from(discounts)
      .where(eq(discounts.batchId, id))
      .orderBy(asc(discounts.id))
      .limit(10),
    db
      .select({ n: count() })
      .from(discounts)
      .where(and(eq(discounts.batchId, id), gt(discounts.timesUsed, 0))),
  ]);
  const first = codes[0];
  const rules = first ? await discountRules(db, first.id) : undefined;
  return {
    id: batch.id,
    title: batch.title,
    prefix: batch.prefix,
    count: batch.count,
    used: used?.n ?? 0,
    createdAt: batch.createdAt.toISOString(),
    rules: rules ?? null,
    sample: codes.map((code) => code.code),
  };
}

/**
 * The batch's codes as CSV (code, used, used at — London time), oldest code first, or undefined
 * when there is no such batch. UTF-8 with a byte-order mark, CRLF, as the products export.
 */
export async function batchCodesCsv(db: Db, id: number): Promise<string | undefined> {
  const [batch] = await db
    .select({ id: discountBatches.id })
    .from(discountBatches)
    .where(eq(discountBatches.id, id));
  if (!batch) return undefined;
  const codes = await db
    .select({ id: discounts.id, code: discounts.code, timesUsed: discounts.timesUsed })
    .from(discounts)
    .where(eq(discounts.batchId, id))
    .orderBy(asc(discounts.id));
  const usedIds = codes.filter((code) => code.timesUsed > 0).map((code) => code.id);
  const lastUse = new Map<number, Date>();
  if (usedIds.length) {
    const rows = await db
      .select({
        discountId: discountRedemptions.discountId,
        at: sql<Date>`max(${discountRedemptions.createdAt})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
      })
      .from(discountRedemptions)
      .where(inArray(discountRedemptions.discountId, usedIds))
      .groupBy(discountRedemptions.discountId);
    for (const row of rows) lastUse.set(row.discountId, row.at);
  }
  return stringify(
    [
      ["code", "used", "used at"],
      ...codes.map((code) => {
        const at = lastUse.get(code.id);
        return [
          code.code,
          code.timesUsed > 0 ? "yes" : "no",
          at ? formatLondonSpreadsheetTime(at) : "",
        ];
      }),
    ],
    { escape_formulas: true, record_delimiter: "windows", bom: true },
  );
}
