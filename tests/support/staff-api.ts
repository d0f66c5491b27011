import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { auditEntries } from "../../server/audit/schema.ts";
import { DEMO_ACCOUNTS } from "../../server/db/seed/accounts.ts";
import { signedInToken } from "./accounts.ts";
import { send } from "./api.ts";
import type { TestApp } from "./app.ts";

/** An API answer: `{ data }`, a list's `meta`, or a refusal's `message` and `errors`. */
export type Answer<T> = {
  data: T;
  meta?: { total: number; currentPage: number; lastPage: number };
  message?: string;
  errors?: Record<string, string[]>;
};

export const read = async <T>(response: Response) => (await response.json()) as Answer<T>;

export type Who = "staff" | "admin" | "customer" | "nobody";

/** Live tokens of the demo customer, staff member and admin, signed in through the real API. */
export async function signIn(app: TestApp): Promise<Record<Exclude<Who, "nobody">, string>> {
  return {
    staff: await signedInToken(app, DEMO_ACCOUNTS.staff, "/api/login-admin"),
    admin: await signedInToken(app, DEMO_ACCOUNTS.admin, "/api/login-admin"),
    customer: await signedInToken(app),
  };
}

/** Bearer headers for staff, an admin, a customer and nobody, signed in through the real API. */
export async function signInEveryone(app: TestApp): Promise<Record<Who, Record<string, string>>> {
  const tokens = await signIn(app);
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  return {
    staff: bearer(tokens.staff),
    admin: bearer(tokens.admin),
    customer: bearer(tokens.customer),
    nobody: {},
  };
}

/**
 * A staff API caller: GET without a body, POST (JSON) with one and a new `Idempotency-Key` (the
 * routes that move money or send parcels need one; the others ignore it), or the one given.
 */
export function staffCaller(app: TestApp, headers: Record<Who, Record<string, string>>) {
  return (path: string, who: Who, body?: unknown, idempotencyKey: string = randomUUID()) =>
    send(app, body === undefined ? "get" : "post", `/api/staff${path}`, {
      body,
      headers: {
        ...headers[who],
        ...(body === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
      },
    });
}

/** The audit log's entries for one record of a resource, oldest first. */
export const auditOf = (app: TestApp, resource: string, id: number) =>
  app.database.db
    .select()
    .from(auditEntries)
    .where(and(eq(auditEntries.resource, resource), eq(auditEntries.resourceId, String(id))))
    .orderBy(auditEntries.id);

/** How many audit entries there are, to show a refused write wrote none. */
export const auditCount = async (app: TestApp) =>
  (await app.database.db.select({ n: count() }).from(auditEntries))[0]?.n ?? 0;
