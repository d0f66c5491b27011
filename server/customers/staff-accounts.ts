import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Page } from "../../common/pagination.ts";
import { type Refusal, refuse } from "../../common/refusal.ts";
import type { StaffMember, StaffRole, StaffStatus } from "../../common/staff.ts";
import type { Db } from "../db/client.ts";
import { pageMeta, pageOffset } from "../db/pagination.ts";
import { containing } from "../db/staff-lists.ts";
import { users } from "./schema.ts";
import { normaliseEmail } from "./service.ts";

// Back-office accounts as admins manage them. The rules about who may do what to whom live in
// the auth module's staff service; here are only the reads and writes of the accounts.

const staffColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  deactivatedAt: users.deactivatedAt,
  passwordHash: users.passwordHash,
  updatedAt: users.updatedAt,
};

type StaffRow = {
  id: number;
  name: string;
  email: string;
  role: string;
  deactivatedAt: Date | null;
  passwordHash: string | null;
  updatedAt: Date;
};

const asStaffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role as StaffRole,
  active: row.deactivatedAt === null,
  invited: row.passwordHash === null,
  updatedAt: row.updatedAt.toISOString(),
});

const isStaff = inArray(users.role, ["staff", "admin"]);

const STATUS_CONDITIONS: Record<StaffStatus, SQL | undefined> = {
  active: and(isNull(users.deactivatedAt), isNotNull(users.passwordHash)),
  invited: and(isNull(users.deactivatedAt), isNull(users.passwordHash)),
  deactivated: isNotNull(users.deactivatedAt),
};

export type StaffListQuery = {
  page: number;
  perPage: number;
  q?: string;
  role?: StaffRole;
  status?: StaffStatus;
  sort: "name" | "-name" | "updated" | "-updated";
};

const ORDER: Record<StaffListQuery["sort"], SQL[]> = {
  name: [sql`lower(${users.name})`, asc(users.id)],
  "-name": [sql`lower(${users.name}) desc`, desc(users.id)],
  updated: [asc(users.updatedAt), asc(users.id)],
  "-updated": [desc(users.updatedAt), desc(users.id)],
};

/** The back-office accounts, a page at a time. */
export async function listStaff(db: Db, query: StaffListQuery): Promise<Page<StaffMember>> {
  const where = and(
    isStaff,
    containing(query.q, users.name, users.email),
    query.role ? eq(users.role, query.role) : undefined,
    query.status && STATUS_CONDITIONS[query.status],
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(staffColumns)
      .from(users)
      .where(where)
      .orderBy(...ORDER[query.sort])
      .limit(query.perPage)
      .offset(pageOffset(query.page, query.perPage)),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map(asStaffMember),
    meta: pageMeta(query.page, query.perPage, total?.value ?? 0),
  };
}

/** One back-office account, or undefined (a customer's id is not one). */
export async function findStaffMember(db: Db, id: number): Promise<StaffMember | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .where(and(eq(users.id, id), isStaff));
  return row && asStaffMember(row);
}

export const EMAIL_HAS_ACCOUNT = "This email address already has an account.";

/**
 * Opens a back-office account with no password yet: the invited person chooses one through the
 * mailed link. An email any account already uses (a customer's too) is refused on `email`.
 */
export async function createStaffMember(
  tx: Db,
  input: { name: string; email: string; role: StaffRole },
): Promise<StaffMember | Refusal> {
  const [row] = await tx
    .insert(users)
    .values({ name: input.name, email: normaliseEmail(input.email), role: input.role })
    .onConflictDoNothing({ target: users.email })
    .returning(staffColumns);
  return row ? asStaffMember(row) : refuse("invalid", EMAIL_HAS_ACCOUNT, "email");
}

/** Renames, changes the role of, deactivates or reactivates a back-office account. */
export async function updateStaffMember(
  tx: Db,
  input: { id: number; name?: string; role?: StaffRole; active?: boolean },
  now = new Date(),
): Promise<StaffMember | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      ...(input.name === undefined ? {} : { name: input.name }),
      ...(input.role === undefined ? {} : { role: input.role }),
      ...(input.active === undefined ? {} : { deactivatedAt: input.active ? null : now }),
      updatedAt: now,
    })
    .where(and(eq(users.id, input.id), isStaff))
    .returning(staffColumns);
  return row && asStaffMember(row);
}
