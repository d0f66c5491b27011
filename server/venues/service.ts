import { eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Page } from "../../common/pagination.ts";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { StaffVenueItem, VenueEdit } from "../../common/venues-admin.ts";
import type { Db } from "../db/client.ts";
import { nameTaken } from "../db/names.ts";
import { pageMeta, pageOffset } from "../db/pagination.ts";
import { containing, orderings } from "../db/staff-lists.ts";
import type { ResourceService } from "../http/resource.ts";
import { venues } from "./schema.ts";
import type { StaffVenueListQuery, VenueCreateInput, VenueUpdateInput } from "./validators.ts";

// Venues as staff manage them (decision 0014): the staff resource's reads and writes in one file,
// since nothing else uses a venue yet. When tour dates name venues, deleting one will ask them
// first, as deleting a billing model asks the catalogue (server/billing/admin.ts).

const COLUMNS = {
  id: venues.id,
  name: venues.name,
  city: venues.city,
  postcode: venues.postcode,
  capacity: venues.capacity,
  updatedAt: venues.updatedAt,
};

const VENUE_ORDER = orderings(
  {
    name: sql`lower(${venues.name})`,
    city: { by: sql`lower(${venues.city})`, ties: [sql`lower(${venues.name})`, sql`${venues.id}`] },
    // A capacity not known sorts as the smallest, both ways.
    capacity: sql`coalesce(${venues.capacity}, 0)`,
    updated: venues.updatedAt,
  },
  venues.id,
) satisfies Record<StaffVenueListQuery["sort"], unknown>;

/** The search box finds a venue by its name, its town or its postcode. */
const venueFilter = (query: StaffVenueListQuery): SQL | undefined =>
  containing(query.q, venues.name, venues.city, venues.postcode);

const asEdit = (row: Omit<VenueEdit, "updatedAt"> & { updatedAt: Date }): VenueEdit => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

/** One venue as its form shows it. */
export async function venueEdit(db: Db, id: number): Promise<VenueEdit | undefined> {
  const [row] = await db.select(COLUMNS).from(venues).where(eq(venues.id, id));
  return row && asEdit(row);
}

/** The venues of `ids`, by id: how another module names the venue it points at. */
export async function venuesByIds(db: Db, ids: number[]): Promise<Map<number, VenueEdit>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select(COLUMNS).from(venues).where(inArray(venues.id, unique));
  return new Map(rows.map((row) => [row.id, asEdit(row)]));
}

async function listStaffVenues(db: Db, query: StaffVenueListQuery): Promise<Page<StaffVenueItem>> {
  const where = venueFilter(query);
  const [rows, [count]] = await Promise.all([
    db
      .select(COLUMNS)
      .from(venues)
      .where(where)
      .orderBy(...VENUE_ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ total: sql<number>`count(*)::int` }).from(venues).where(where),
  ]);
  return {
    data: rows.map(asEdit),
    meta: pageMeta(query.page, query.perPage, count?.total ?? 0),
  };
}

/**
 * A venue's name is its own, whatever its case (a tour date will choose its venue by name). The
 * unique index `venues_name_unique` decides a race: server/http/database-input-errors.ts maps it
 * to the same field.
 */
const venueProblems = (
  tx: Db,
  input: Partial<VenueCreateInput>,
  exceptId?: number,
): Promise<Refusal | undefined> =>
  nameTaken(
    tx,
    { table: venues, title: venues.name, id: venues.id, field: "name" },
    input.name,
    "Another venue already has this name. Choose another.",
    exceptId,
  );

export const venueService: ResourceService<
  StaffVenueListQuery,
  StaffVenueItem,
  VenueEdit,
  VenueCreateInput,
  VenueUpdateInput
> = {
  list: listStaffVenues,
  edit: venueEdit,
  check: venueProblems,

  async create(tx, input) {
    const problem = await venueProblems(tx, input);
    if (problem) return problem;
    const [row] = await tx
      .insert(venues)
      .values({
        name: input.name,
        city: input.city,
        postcode: input.postcode ?? null,
        capacity: input.capacity ?? null,
      })
      .returning({ id: venues.id });
    if (!row) throw new Error("The venue was not written");
    return (await venueEdit(tx, row.id)) as VenueEdit;
  },

  async update(tx, input) {
    const before = await venueEdit(tx, input.id);
    if (!before) return refuse("not-found", "No such venue.");
    const problem = await venueProblems(tx, input, before.id);
    if (problem) return problem;
    await tx
      .update(venues)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.city === undefined ? {} : { city: input.city }),
        ...(input.postcode === undefined ? {} : { postcode: input.postcode }),
        ...(input.capacity === undefined ? {} : { capacity: input.capacity }),
        updatedAt: new Date(),
      })
      .where(eq(venues.id, before.id));
    return (await venueEdit(tx, before.id)) as VenueEdit;
  },

  async destroy(tx, records) {
    await tx.delete(venues).where(
      inArray(
        venues.id,
        records.map((record) => record.id),
      ),
    );
    return undefined;
  },
};
