import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { EVENT_RETENTION_DAYS, rollUpOldEvents } from "./rollup.ts";
import { analyticsDaily, analyticsEvents } from "./schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)("analytics roll-up on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it("keeps recent events, and moves older ones into daily counts exactly once", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const old = new Date(now.getTime() - (EVENT_RETENTION_DAYS + 3) * DAY_MS);
    const recent = new Date(now.getTime() - DAY_MS);
    const event = (createdAt: Date, valuePence: number | null = null) => ({
      name: "view_item" as const,
      path: "/products/logo-tee",
      device: "desktop" as const,
      valuePence,
      createdAt,
    });
    await database.db
      .insert(analyticsEvents)
      .values([event(old, 2500), event(old, 1000), event(old), event(recent, 700)]);

    expect(await rollUpOldEvents(database.db, now)).toBe(3);
    // Nothing left to move: a second run counts nothing twice.
    expect(await rollUpOldEvents(database.db, now)).toBe(0);

    const left = await database.db.select().from(analyticsEvents);
    expect(left.map((row) => row.valuePence)).toEqual([700]);
    const daily = await database.db.select().from(analyticsDaily);
    expect(daily).toEqual([
      {
        day: "2026-08-22",
        name: "view_item",
        device: "desktop",
        path: "/products/logo-tee",
        events: 3,
        valuePence: 3500,
      },
    ]);

    // More old events of the same day add to the same row.
    await database.db.insert(analyticsEvents).values(event(old, 500));
    await rollUpOldEvents(database.db, now);
    const [row] = await database.db.select().from(analyticsDaily);
    expect(row).toMatchObject({ events: 4, valuePence: 4000 });
    const total = await database.db.execute(sql`select count(*)::int as n from analytics_events`);
    expect((total as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });
});
