import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, londonDay } from "../../common/london-days.ts";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { startEventRollup } from "./rollup.ts";
import { analyticsSalts } from "./schema.ts";
import { dailySalt, forgetOldSalts, visitorOf } from "./visitor.ts";

const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0.0.0 Safari/537.36";
const source = { address: "203.0.113.9", userAgent: DESKTOP, siteHost: "shop.example" };

describe.each(databaseKinds)("visitor hashes on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  const storedDays = async () =>
    (await database.db.select({ day: analyticsSalts.day }).from(analyticsSalts))
      .map((row) => row.day)
      .sort();

  it("creates one random salt a day, whoever asks first, and every caller gets that one", async () => {
    const day = "2031-05-04";
    const salts = await Promise.all([dailySalt(database.db, day), dailySalt(database.db, day)]);
    expect(salts[0]).toBe(salts[1]);
    expect(salts[0]).toMatch(/^[\w-]{43}$/);
    expect((await storedDays()).filter((stored) => stored === day)).toHaveLength(1);
    expect(await dailySalt(database.db, "2031-05-05")).not.toBe(salts[0]);
  });

  it("is the same for one address and browser all day, and differs by address, browser, site and day", async () => {
    const morning = new Date("2031-06-01T07:00:00Z");
    const evening = new Date("2031-06-01T21:00:00Z");
    const visitor = await visitorOf(database.db, source, morning);
    expect(await visitorOf(database.db, source, evening)).toBe(visitor);
    const others = await Promise.all([
      visitorOf(database.db, { ...source, address: "203.0.113.10" }, morning),
      visitorOf(database.db, { ...source, userAgent: `${DESKTOP} Edg/126.0` }, morning),
      visitorOf(database.db, { ...source, siteHost: "other.example" }, morning),
      visitorOf(database.db, source, new Date("2031-06-02T07:00:00Z")),
    ]);
    expect(new Set([visitor, ...others]).size).toBe(5);
    for (const hash of [visitor, ...others]) {
      expect(hash).not.toContain("203.0.113");
      expect(hash).not.toContain("Mozilla");
    }
  });

  it("deletes the salts of the days before yesterday, keeping today's and yesterday's", async () => {
    await database.db.delete(analyticsSalts);
    const now = new Date("2031-07-10T12:00:00Z");
    for (const day of ["2031-07-07", "2031-07-08", "2031-07-09", "2031-07-10"]) {
      await dailySalt(database.db, day);
    }
    expect(await forgetOldSalts(database.db, now)).toBe(2);
    expect(await storedDays()).toEqual(["2031-07-09", "2031-07-10"]);
  });

  it("the hourly analytics job deletes the salt of two days ago", async () => {
    await database.db.delete(analyticsSalts);
    const today = londonDay();
    const twoDaysAgo = addDays(today, -2);
    await dailySalt(database.db, twoDaysAgo);
    await dailySalt(database.db, addDays(today, -1));
    await dailySalt(database.db, today);

    const job = startEventRollup(database, pino({ level: "silent" }));
    await job.stop();

    expect(await storedDays()).toEqual([addDays(today, -1), today]);
  });
});
