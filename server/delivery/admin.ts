import { and, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { countryByCode } from "../../common/countries.ts";
import type {
  DeliveryGroupEdit,
  DeliveryOptionEdit,
  StaffDeliveryGroupItem,
  StaffDeliveryOptionItem,
} from "../../common/delivery-admin.ts";
import type { Page } from "../../common/pagination.ts";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { Db } from "../db/client.ts";
import { pageMeta, pageOffset } from "../db/pagination.ts";
import { containing, orderings } from "../db/staff-lists.ts";
import type { ResourceService } from "../http/resource.ts";
import { orderCountsOfDeliveryOptions } from "../orders/index.ts";
import { deliveryOptionGroupCountries, deliveryOptionGroups, deliveryOptions } from "./schema.ts";
import type {
  DeliveryGroupCreateInput,
  DeliveryGroupUpdateInput,
  DeliveryOptionCreateInput,
  DeliveryOptionUpdateInput,
  StaffDeliveryGroupListQuery,
  StaffDeliveryOptionListQuery,
} from "./validators.ts";

// Groups ------------------------------------------------------------------------------------------

const countriesOf = sql<
  string[]
>`coalesce((select array_agg(c.country order by c.country) from delivery_option_group_countries c where c.group_id = "delivery_option_groups"."id"), '{}')`;
const optionCount = sql<number>`(select count(*)::int from delivery_options o where o.group_id = "delivery_option_groups"."id")`;
const activeOptionCount = sql<number>`(select count(*)::int from delivery_options o where o.group_id = "delivery_option_groups"."id" and o.active)`;

const GROUP_ORDER = orderings(
  {
    position: {
      by: deliveryOptionGroups.position,
      ties: [sql`lower(${deliveryOptionGroups.title})`],
    },
    title: sql`lower(${deliveryOptionGroups.title})`,
    updated: deliveryOptionGroups.updatedAt,
  },
  deliveryOptionGroups.id,
);

async function listGroups(
  db: Db,
  query: StaffDeliveryGroupListQuery,
): Promise<Page<StaffDeliveryGroupItem>> {
  // A search finds a group by its name or by a country code it serves ("FR").
  const where = query.q
    ? or(
        containing(query.q, deliveryOptionGroups.title),
        sql`exists (select 1 from delivery_option_group_countries c where c.group_id = "delivery_option_groups"."id" and c.country = ${query.q.toUpperCase()})`,
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: deliveryOptionGroups.id,
        title: deliveryOptionGroups.title,
        position: deliveryOptionGroups.position,
        countries: countriesOf,
        optionCount,
        activeOptionCount,
        updatedAt: deliveryOptionGroups.updatedAt,
      })
      .from(deliveryOptionGroups)
      .where(where)
      .orderBy(...GROUP_ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ n: sql<number>`count(*)::int` }).from(deliveryOptionGroups).where(where),
  ]);
  return {
    data: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    meta: pageMeta(query.page, query.perPage, total?.n ?? 0),
  };
}

async function groupEdit(db: Db, id: number): Promise<DeliveryGroupEdit | undefined> {
  const [row] = await db
    .select({
      id: deliveryOptionGroups.id,
      title: deliveryOptionGroups.title,
      position: deliveryOptionGroups.position,
      countries: countriesOf,
      updatedAt: deliveryOptionGroups.updatedAt,
    })
    .from(deliveryOptionGroups)
    .where(eq(deliveryOptionGroups.id, id));
  return row && { ...row, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Makes `countries` the ones group `groupId` serves. A country another group serves moves here
 * only when staff confirmed it (`move`); otherwise it is a 422 on `countries` naming the country
 * and its group, and nothing is written, since a country belongs to one group at most.
 */
async function setCountries(
  tx: Db,
  groupId: number,
  countries: string[],
  move: boolean,
): Promise<Refusal | undefined> {
  const elsewhere = countries.length
    ? await tx
        .select({
          country: deliveryOptionGroupCountries.country,
          group: deliveryOptionGroups.title,
        })
        .from(deliveryOptionGroupCountries)
        .innerJoin(
          deliveryOptionGroups,
          eq(deliveryOptionGroups.id, deliveryOptionGroupCountries.groupId),
        )
        .where(
          and(
            inArray(deliveryOptionGroupCountries.country, countries),
            ne(deliveryOptionGroupCountries.groupId, groupId),
          ),
        )
        .orderBy(deliveryOptionGroupCountries.country)
    : [];
  if (elsewhere.length && !move) {
    const named = elsewhere
      .map(({ country, group }) => `${countryByCode(country)?.name ?? country} (${group})`)
      .join(", ");
    return refuse(
      "invalid",
      `Already in another group: ${named}. Confirm to move ${elsewhere.length === 1 ? "it" : "them"} to this group.`,
      "countries",
    );
  }
  const taken: SQL[] = [eq(deliveryOptionGroupCountries.groupId, groupId)];
  if (countries.length) taken.push(inArray(deliveryOptionGroupCountries.country, countries));
  await tx.delete(deliveryOptionGroupCountries).where(or(...taken));
  if (countries.length) {
    // A group saved at the same moment may have taken a country after the check above: it was
    // first, and this save is refused (and rolled back) naming the countries it took.
    const inserted = await tx
      .insert(deliveryOptionGroupCountries)
      .values(countries.map((country) => ({ country, groupId })))
      .onConflictDoNothing({ target: deliveryOptionGroupCountries.country })
      .returning({ country: deliveryOptionGroupCountries.country });
    if (inserted.length < countries.length) {
      const mine = new Set(inserted.map((row) => row.country));
      const named = countries
        .filter((country) => !mine.has(country))
        .map((country) => countryByCode(country)?.name ?? country)
        .join(", ");
      return refuse(
        "invalid",
        `A group saved at the same moment took ${named}. Reload to see where ${named.includes(",") ? "they are" : "it is"} now.`,
        "countries",
      );
    }
  }
  return undefined;
}

/** Delivery option groups as staff manage them (decision 0014). */
export const deliveryGroupService: ResourceService<
  StaffDeliveryGroupListQuery,
  StaffDeliveryGroupItem,
  DeliveryGroupEdit,
  DeliveryGroupCreateInput,
  DeliveryGroupUpdateInput
> = {
  list: listGroups,
  edit: groupEdit,

  async create(tx, input) {
    const [row] = await tx
      .insert(deliveryOptionGroups)
      .values({ title: input.title, position: input.position ?? 0 })
      .returning({ id: deliveryOptionGroups.id });
    if (!row) throw new Error("The delivery group was not written");
    const refused = await setCountries(tx, row.id, input.countries ?? [], !!input.moveCountries);
    if (refused) return refused;
    return (await groupEdit(tx, row.id)) as DeliveryGroupEdit;
  },

  async update(tx, input) {
    const { id, countries, moveCountries, ...fields } = input;
    if (countries) {
      const refused = await setCountries(tx, id, countries, !!moveCountries);
      if (refused) return refused;
    }
    await tx
      .update(deliveryOptionGroups)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(deliveryOptionGroups.id, id));
    return (await groupEdit(tx, id)) as DeliveryGroupEdit;
  },

  async destroy(tx, records) {
    const ids = records.map((record) => record.id);
    const [used] = await tx
      .select({ groupId: deliveryOptions.groupId, n: sql<number>`count(*)::int` })
      .from(deliveryOptions)
      .where(inArray(deliveryOptions.groupId, ids))
      .groupBy(deliveryOptions.groupId);
    if (used) {
      const group = records.find((record) => record.id === used.groupId);
      return refuse(
        "conflict",
        `${group?.title ?? "This group"} has ${used.n} delivery option${used.n === 1 ? "" : "s"}: delete or move them first.`,
      );
    }
    await tx.delete(deliveryOptionGroups).where(inArray(deliveryOptionGroups.id, ids));
    return undefined;
  },
};

// Options -----------------------------------------------------------------------------------------

const OPTION_ORDER = orderings(
  {
    // The checkout's order: group by group, each group's options by their position.
    position: {
      by: deliveryOptionGroups.position,
      ties: [
        sql`${deliveryOptions.groupId}`,
        sql`${deliveryOptions.position}`,
        sql`${deliveryOptions.id}`,
      ],
    },
    title: sql`lower(${deliveryOptions.title})`,
    price: deliveryOptions.price,
    updated: deliveryOptions.updatedAt,
  },
  deliveryOptions.id,
);

const optionColumns = {
  id: deliveryOptions.id,
  groupId: deliveryOptions.groupId,
  title: deliveryOptions.title,
  carrier: deliveryOptions.carrier,
  price: deliveryOptions.price,
  freeOver: deliveryOptions.freeOver,
  estimatedDaysMin: deliveryOptions.estimatedDaysMin,
  estimatedDaysMax: deliveryOptions.estimatedDaysMax,
  servesBfpo: deliveryOptions.servesBfpo,
  position: deliveryOptions.position,
  active: deliveryOptions.active,
  updatedAt: deliveryOptions.updatedAt,
};

async function listOptions(
  db: Db,
  query: StaffDeliveryOptionListQuery,
): Promise<Page<StaffDeliveryOptionItem>> {
  const where = and(
    containing(query.q, deliveryOptions.title, deliveryOptions.carrier),
    query.group === undefined ? undefined : eq(deliveryOptions.groupId, query.group),
    query.active === undefined ? undefined : eq(deliveryOptions.active, query.active),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...optionColumns, groupTitle: deliveryOptionGroups.title })
      .from(deliveryOptions)
      .innerJoin(deliveryOptionGroups, eq(deliveryOptionGroups.id, deliveryOptions.groupId))
      .where(where)
      .orderBy(...OPTION_ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ n: sql<number>`count(*)::int` }).from(deliveryOptions).where(where),
  ]);
  return {
    data: rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
    meta: pageMeta(query.page, query.perPage, total?.n ?? 0),
  };
}

async function optionEdit(db: Db, id: number): Promise<DeliveryOptionEdit | undefined> {
  const [row] = await db
    .select(optionColumns)
    .from(deliveryOptions)
    .where(eq(deliveryOptions.id, id));
  return row && { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** What the table's checks and foreign key would refuse, as a 422 naming the field. */
async function optionProblem(
  tx: Db,
  option: { groupId: number; estimatedDaysMin: number; estimatedDaysMax: number },
): Promise<Refusal | undefined> {
  const [group] = await tx
    .select({ id: deliveryOptionGroups.id })
    .from(deliveryOptionGroups)
    .where(eq(deliveryOptionGroups.id, option.groupId));
  if (!group) return refuse("invalid", "No such delivery group.", "groupId");
  if (option.estimatedDaysMax < option.estimatedDaysMin) {
    return refuse(
      "invalid",
      "The most days must not be fewer than the fewest days.",
      "estimatedDaysMax",
    );
  }
  return undefined;
}

/**
 * Delivery options as staff manage them (decision 0014). Checkout reads them from the table at
 * every quote, so a change shows there at once. An option an order names is never deleted.
 */
export const deliveryOptionService: ResourceService<
  StaffDeliveryOptionListQuery,
  StaffDeliveryOptionItem,
  DeliveryOptionEdit,
  DeliveryOptionCreateInput,
  DeliveryOptionUpdateInput
> = {
  list: listOptions,
  edit: optionEdit,

  async create(tx, input) {
    const problem = await optionProblem(tx, input);
    if (problem) return problem;
    const [row] = await tx
      .insert(deliveryOptions)
      .values({ ...input, freeOver: input.freeOver ?? null })
      .returning({ id: deliveryOptions.id });
    if (!row) throw new Error("The delivery option was not written");
    return (await optionEdit(tx, row.id)) as DeliveryOptionEdit;
  },

  async update(tx, input) {
    const before = await optionEdit(tx, input.id);
    if (!before) return refuse("not-found", "No such delivery option.");
    const { id, ...fields } = input;
    const problem = await optionProblem(tx, { ...before, ...fields });
    if (problem) return problem;
    await tx
      .update(deliveryOptions)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(deliveryOptions.id, id));
    return (await optionEdit(tx, id)) as DeliveryOptionEdit;
  },

  async destroy(tx, records) {
    const used = await orderCountsOfDeliveryOptions(
      tx,
      records.map((record) => record.id),
    );
    const named = records.find((record) => used.has(record.id));
    if (named) {
      const n = used.get(named.id) ?? 0;
      return refuse(
        "conflict",
        `${named.title} is named by ${n} order${n === 1 ? "" : "s"}: make it inactive instead.`,
      );
    }
    await tx.delete(deliveryOptions).where(
      inArray(
        deliveryOptions.id,
        records.map((record) => record.id),
      ),
    );
    return undefined;
  },
};
