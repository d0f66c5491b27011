import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { makeDiscount } from "../../tests/support/discounts.ts";
import { makeUser } from "../auth/test-helpers.ts";
import { queueMail } from "../mail/service.ts";
import { shopOverview } from "./overview.ts";

const DAY = 86_400_000;

describe.each(databaseKinds)("back office overview on %s", (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const { db } = database;
    await makeUser(db, { isGuest: true });
    await makeUser(db, { role: "staff" });
    await makeDiscount(db, { endsAt: new Date(Date.now() + DAY) });
    await makeDiscount(db, { startsAt: new Date(Date.now() + DAY) });
    await queueMail(db, { to: "someone@example.com", subject: "Hi", text: "Hi", kind: "test" });
  });
  afterAll(() => database.drop());

  it("counts what each module holds, as the counts read straight from the tables say", async () => {
    const now = new Date();
    const at = now.toISOString();
    const result = await database.db.execute(sql`
      select
        (select count(*)::int from products where status = 'published') as "publishedProducts",
        (select count(*)::int from products where status = 'draft') as "draftProducts",
        (select count(*)::int from brands) as "bands",
        (select count(*)::int from users where role = 'customer' and not is_guest) as "customers",
        (select count(*)::int from users where is_guest) as "guests",
        (select count(*)::int from discounts
          where starts_at <= ${at}::timestamptz and (ends_at is null or ends_at > ${at}::timestamptz)) as "liveDiscounts",
        (select count(*)::int from mail_outbox where status = 'pending') as "mailPending",
        (select count(*)::int from mail_outbox where status = 'failed') as "mailFailed"
    `);
    const [expected] = (result as unknown as { rows: unknown[] }).rows;
    const overview = await shopOverview(database.db, now);
    expect(overview).toEqual(expected);
    expect(overview.guests).toBeGreaterThan(0);
    expect(overview.liveDiscounts).toBeGreaterThan(0);
    expect(overview.mailPending).toBeGreaterThan(0);
  });
});
