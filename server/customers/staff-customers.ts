import { stringify } from "csv-stringify/sync";
import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import type {
  CustomerKind,
  CustomerOrderItem,
  StaffCustomerDetail,
  StaffCustomerItem,
} from "../../common/customers-admin.ts";
import type { Page } from "../../common/pagination.ts";
import { CSV_WRITE_OPTIONS, poundsOf } from "../catalog/index.ts";
import type { Db } from "../db/client.ts";
import { pageMeta, pageOffset } from "../db/pagination.ts";
import { containing, orderings } from "../db/staff-lists.ts";
import {
  customerOrderTotals,
  lifetimeSpendOf,
  orderCountOf,
  ordersOfCustomer,
} from "../orders/index.ts";
import { segmentMembersWhere, segmentsOf } from "../segments/index.ts";
import { customerIdSql, isCustomer } from "./customer-sql.ts";
import { customerAddresses, users } from "./schema.ts";
import type { CustomerCsvQuery, StaffCustomerListQuery } from "./validators.ts";

// Customers as staff see them (issue 15): every account that shops, registered or a guest known
// from an order; staff accounts are not customers (they are managed in server/customers/staff-accounts.ts).

const orderCount = orderCountOf(customerIdSql);
const lifetimeSpend = lifetimeSpendOf(customerIdSql);

const ORDER = orderings(
  {
    name: sql`lower(${users.name})`,
    joined: users.createdAt,
    orders: orderCount,
    spend: lifetimeSpend,
  },
  users.id,
) satisfies Record<StaffCustomerListQuery["sort"], unknown>;

const kindOf = (row: { isGuest: boolean; passwordHash: string | null }): CustomerKind =>
  row.isGuest || row.passwordHash === null ? "guest" : "registered";

const KIND: Record<CustomerKind, SQL> = {
  registered: sql`not ${users.isGuest} and ${users.passwordHash} is not null`,
  guest: sql`(${users.isGuest} or ${users.passwordHash} is null)`,
};

/** The list's condition; a segment that does not exist holds nobody. */
async function listWhere(db: Db, query: CustomerCsvQuery): Promise<SQL> {
  const segment =
    query.segment === undefined
      ? undefined
      : ((await segmentMembersWhere(db, query.segment)) ?? sql`false`);
  return and(
    isCustomer,
    query.erased ? undefined : isNull(users.erasedAt),
    containing(query.q, users.name, users.email),
    query.kind && KIND[query.kind],
    query.consent === undefined ? undefined : eq(users.marketingConsent, query.consent),
    segment,
  ) as SQL;
}

const listColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  isGuest: users.isGuest,
  passwordHash: users.passwordHash,
  marketingConsent: users.marketingConsent,
  orderCount,
  lifetimeSpend,
  createdAt: users.createdAt,
  erasedAt: users.erasedAt,
};

type ListRow = {
  id: number;
  name: string;
  email: string;
  isGuest: boolean;
  passwordHash: string | null;
  marketingConsent: boolean;
  orderCount: number;
  lifetimeSpend: number;
  createdAt: Date;
  erasedAt: Date | null;
};

const asItem = (row: ListRow): StaffCustomerItem => ({
  id: row.id,
  name: row.name,
  email: row.email,
  kind: kindOf(row),
  marketingConsent: row.marketingConsent,
  orderCount: row.orderCount,
  lifetimeSpend: row.lifetimeSpend,
  joinedAt: row.createdAt.toISOString(),
  erased: row.erasedAt !== null,
});

/** GET /api/staff/customers: a page, searched, filtered and sorted. */
export async function listCustomers(
  db: Db,
  query: StaffCustomerListQuery,
): Promise<Page<StaffCustomerItem>> {
  const where = await listWhere(db, query);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(users)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { data: rows.map(asItem), meta: pageMeta(query.page, query.perPage, total?.n ?? 0) };
}

/** The account of a customer (not staff), erased or not, or undefined. */
export async function findCustomer(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isCustomer));
  return row;
}

/** A customer's saved addresses, delivery first. */
export async function addressesOf(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(customerAddresses)
    .where(eq(customerAddresses.userId, userId))
    .orderBy(sql`${customerAddresses.kind} = 'billing'`);
  return rows.map((row) => ({
    kind: row.kind,
    fullName: row.fullName,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    county: row.county,
    postcode: row.postcode,
    country: row.country,
    phone: row.phone,
  }));
}

/** GET /api/staff/customers/edit/{id}: the customer page, or undefined (staff are not customers). */
export async function customerDetail(db: Db, id: number): Promise<StaffCustomerDetail | undefined> {
  const user = await findCustomer(db, id);
  if (!user) return undefined;
  const [addresses, orders, totals, segments] = await Promise.all([
    addressesOf(db, id),
    ordersOfCustomer(db, id),
    customerOrderTotals(db, id),
    segmentsOf(db, id),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    kind: kindOf(user),
    marketingConsent: user.marketingConsent,
    joinedAt: user.createdAt.toISOString(),
    erasedAt: user.erasedAt?.toISOString() ?? null,
    addresses,
    orders: orders as CustomerOrderItem[],
    ...totals,
    segments,
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Rows read per page of the CSV export. */
const CSV_PAGE = 500;

export const CUSTOMER_CSV_COLUMNS = [
  "id",
  "name",
  "email",
  "kind",
  "marketing_consent",
  "orders",
  "lifetime_spend",
  "joined",
];

/**
 * GET /api/staff/customers/export.csv: the list, filtered and sorted as the table is, read a
 * page at a time as the reader takes the file. Money in pounds (25.00); formulas guarded.
 */
export function customerCsvStream(db: Db, query: CustomerCsvQuery): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let where: SQL | undefined;
  let offset = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!where) {
          where = await listWhere(db, query);
          controller.enqueue(
            encoder.encode(stringify([CUSTOMER_CSV_COLUMNS], { ...CSV_WRITE_OPTIONS, bom: true })),
          );
          return;
        }
        const rows = await db
          .select(listColumns)
          .from(users)
          .where(where)
          .orderBy(...ORDER[query.sort], asc(users.id))
          .limit(CSV_PAGE)
          .offset(offset);
        if (rows.length === 0) {
          controller.close();
          return;
        }
        offset += rows.length;
        const records = rows
          .map(asItem)
          .map((item) => [
            String(item.id),
            item.name,
            item.email,
            item.kind,
            item.marketingConsent ? "yes" : "no",
            String(item.orderCount),
            poundsOf(item.lifetimeSpend),
            item.joinedAt,
          ]);
        controller.enqueue(encoder.encode(stringify(records, CSV_WRITE_OPTIONS)));
      },
    },
    { highWaterMark: 0 },
  );
}
