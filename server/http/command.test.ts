import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { isRefusal, refuse } from "../../common/refusal.ts";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { auditEntries } from "../audit/schema.ts";
import type { LiveToken } from "../auth/tokens.ts";
import { brands } from "../catalog/schema.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import { auditTrailOf, defineCommand } from "./command.ts";
import { type CallContext, runCall } from "./route-table.ts";

const admin = { id: 1, email: "admin@encore.test" };

/** A command that adds a band and its audit entry, then ends as `ending` says. */
function bandCommand(changes: string[]) {
  return defineCommand({
    method: "post",
    path: "/test-bands/store",
    tag: "test",
    summary: "A band, for this test",
    body: z.strictObject({ title: z.string(), ending: z.enum(["ok", "refuse", "throw"]) }),
    answers: { data: z.object({ id: z.number() }), status: 201 },
    changed: async (_db, value: { id: number }) => {
      changes.push(`changed ${value.id}`);
    },
    async run({ db: tx, audit }, { body }) {
      const [band] = await tx
        .insert(brands)
        .values({ title: body.title, slug: body.title.toLowerCase().replaceAll(" ", "-") })
        .returning({ id: brands.id });
      if (!band) throw new Error("not added");
      await audit.record(tx, {
        action: "create",
        resource: "brands",
        resourceId: band.id,
        label: body.title,
        after: { title: body.title },
      });
      if (body.ending === "refuse") return refuse("conflict", "Not today.");
      if (body.ending === "throw") throw new Error("The work failed after its audit entry.");
      return band;
    },
  });
}

describe.each(databaseKinds)("a staff write declared as a command on %s", (kind) => {
  let database: TestDatabase;
  let context: CallContext;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const config = loadConfig({});
    context = {
      db: database.db,
      config,
      logger: createLogger("silent"),
      clientAddress: "127.0.0.1",
      account: { user: admin } as unknown as LiveToken,
      files: undefined as never,
    };
  });
  afterAll(() => database.drop());

  const bandsNamed = async (title: string) =>
    (await database.db.select({ n: count() }).from(brands).where(eq(brands.title, title)))[0]?.n;
  const entriesLabelled = async (label: string) =>
    (
      await database.db
        .select({ n: count() })
        .from(auditEntries)
        .where(eq(auditEntries.label, label))
    )[0]?.n;

  it("commits the write and its audit entry together, then gives notice of the change", async () => {
    const changes: string[] = [];
    const input = { title: "Command Kept", ending: "ok" };
    const done = await runCall(bandCommand(changes), context, {
      params: {},
      query: {},
      body: input,
    });
    expect(isRefusal(done)).toBe(false);
    expect(await bandsNamed("Command Kept")).toBe(1);
    const [entry] = await database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.label, "Command Kept"));
    expect(entry).toMatchObject({ actorId: 1, actorEmail: admin.email, action: "create" });
    expect(changes).toEqual([`changed ${(done as { id: number }).id}`]);
  });

  it("keeps neither the write nor its audit entry when the work refuses or fails", async () => {
    const changes: string[] = [];
    const route = bandCommand(changes);
    const refused = await runCall(route, context, {
      params: {},
      query: {},
      body: { title: "Command Refused", ending: "refuse" },
    });
    expect(isRefusal(refused) && refused.refused).toBe("conflict");
    await expect(
      runCall(route, context, {
        params: {},
        query: {},
        body: { title: "Command Failed", ending: "throw" },
      }),
    ).rejects.toThrow("after its audit entry");
    for (const title of ["Command Refused", "Command Failed"]) {
      expect(await bandsNamed(title)).toBe(0);
      expect(await entriesLabelled(title)).toBe(0);
    }
    expect(changes).toEqual([]);
  });

  it("refuses to record an entry outside a transaction, where it could outlive its change", async () => {
    await expect(
      auditTrailOf(admin).record(database.db, {
        action: "update",
        resource: "brands",
        resourceId: 1,
        label: "Outside",
      }),
    ).rejects.toThrow("in the transaction of its change");
    expect(await entriesLabelled("Outside")).toBe(0);
  });
});
