import { eq, inArray, sql } from "drizzle-orm";
import type { BillingModelType, BillingPeriod } from "../../common/billing.ts";
import type { BillingModelEdit, StaffBillingModelItem } from "../../common/billing-admin.ts";
import type { Page } from "../../common/pagination.ts";
import { joinRefusals, type Refusal, refuse } from "../../common/refusal.ts";
import { productCountsOfBillingModels, productsOfBillingModels } from "../catalog/index.ts";
import type { Db } from "../db/client.ts";
import { nameTaken } from "../db/names.ts";
import { pageMeta, pageOffset } from "../db/pagination.ts";
import type { ResourceService } from "../http/resource.ts";
import { billingModels } from "./schema.ts";
import { BILLING_MODEL_ORDER, billingModelEdit, billingModelFilter } from "./service.ts";
import type {
  BillingModelCreateInput,
  BillingModelUpdateInput,
  StaffBillingModelListQuery,
} from "./validators.ts";

// The billing models as staff manage them (decision 0014 and 0016). Kept apart from service.ts
// because deleting one asks the catalogue which products use it, and the catalogue reads models
// through service.ts.

async function listStaffBillingModels(
  db: Db,
  query: StaffBillingModelListQuery,
): Promise<Page<StaffBillingModelItem>> {
  const where = billingModelFilter(query);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(billingModels)
      .where(where)
      .orderBy(...BILLING_MODEL_ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(billingModels).where(where),
  ]);
  const used = await productCountsOfBillingModels(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => ({
      id: row.id,
      title: row.title,
      type: row.type,
      period: row.period,
      productCount: used.get(row.id) ?? 0,
      updatedAt: row.updatedAt.toISOString(),
    })),
    meta: pageMeta(query.page, query.perPage, count?.total ?? 0),
  };
}

/** Only a membership renews, and it always says how often (422 on `period` otherwise). */
function periodRefusal(type: BillingModelType, period: BillingPeriod | null): Refusal | undefined {
  if (type === "membership" && !period)
    return refuse("invalid", "Choose how often the membership renews.", "period");
  if (type !== "membership" && period)
    return refuse("invalid", "Only a membership renews: leave the period empty.", "period");
  return undefined;
}

/** A billing model's name is its own: the product CSV names a model by it (issue 30). */
const modelNameTaken = (tx: Db, title: string | undefined, exceptId?: number) =>
  nameTaken(
    tx,
    { table: billingModels, title: billingModels.title, id: billingModels.id },
    title,
    "Another billing model already has this name. Choose another.",
    exceptId,
  );

/**
 * Every check of a billing model's fields the schema cannot make, at once (issue 30): its name,
 * and whether a period belongs to its type (on the saved result: an update may send either).
 */
async function modelProblems(
  tx: Db,
  input: Partial<BillingModelCreateInput>,
  exceptId?: number,
): Promise<Refusal | undefined> {
  const before = exceptId === undefined ? undefined : await billingModelEdit(tx, exceptId);
  const type = input.type ?? before?.type;
  const period =
    input.period !== undefined
      ? input.period
      : type === "membership"
        ? (before?.period ?? null)
        : null;
  return joinRefusals([
    await modelNameTaken(tx, input.title, exceptId),
    type === undefined ? undefined : periodRefusal(type, period),
  ]);
}

export const billingModelService: ResourceService<
  StaffBillingModelListQuery,
  StaffBillingModelItem,
  BillingModelEdit,
  BillingModelCreateInput,
  BillingModelUpdateInput
> = {
  list: listStaffBillingModels,
  edit: billingModelEdit,
  check: modelProblems,

  async create(tx, input) {
    const period = input.period ?? null;
    const problem = await modelProblems(tx, input);
    if (problem) return problem;
    const [row] = await tx
      .insert(billingModels)
      .values({ title: input.title, type: input.type, period })
      .returning({ id: billingModels.id });
    if (!row) throw new Error("The billing model was not written");
    return (await billingModelEdit(tx, row.id)) as BillingModelEdit;
  },

  async update(tx, input) {
    const before = await billingModelEdit(tx, input.id);
    if (!before) return refuse("not-found", "No such billing model.");
    const type = input.type ?? before.type;
    // A model that stops being a membership drops its period unless one is sent.
    const period =
      input.period !== undefined ? input.period : type === "membership" ? before.period : null;
    const problem = await modelProblems(tx, input, before.id);
    if (problem) return problem;
    if (type !== before.type) {
      const [user] = await productsOfBillingModels(tx, [before.id], 1);
      if (user)
        return refuse(
          "conflict",
          `${before.title} is assigned to products (${user.title} among them): a model's type stays while products use it. Create another model instead.`,
        );
    }
    await tx
      .update(billingModels)
      .set({
        ...(input.title === undefined ? {} : { title: input.title }),
        type,
        period,
        updatedAt: new Date(),
      })
      .where(eq(billingModels.id, before.id));
    return (await billingModelEdit(tx, before.id)) as BillingModelEdit;
  },

  async destroy(tx, records) {
    const ids = records.map((record) => record.id);
    const users = await productsOfBillingModels(tx, ids);
    const first = users[0];
    if (first) {
      const model = records.find((record) => record.id === first.billingModelId);
      const counts = await productCountsOfBillingModels(tx, [first.billingModelId]);
      const total = counts.get(first.billingModelId) ?? users.length;
      const named = users
        .filter((user) => user.billingModelId === first.billingModelId)
        .map((user) => user.title);
      const more = total > named.length ? ` and ${total - named.length} more` : "";
      return refuse(
        "conflict",
        `${model?.title ?? "This billing model"} is assigned to ${total} product${total === 1 ? "" : "s"} (${named.join(", ")}${more}): give them another billing model first.`,
      );
    }
    await tx.delete(billingModels).where(inArray(billingModels.id, ids));
    return undefined;
  },
};
