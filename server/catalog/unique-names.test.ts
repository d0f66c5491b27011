import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { type DatabaseKind, databaseKinds } from "../../tests/support/databases.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";

type Answer = { data: { id: number }; message?: string; errors?: Record<string, string[]> };
const read = async (response: Response) => (await response.json()) as Answer;

/** One staff resource whose names identify: its API name, table, a valid body, the parent. */
type Named = {
  resource: string;
  table: string;
  body: (title: string) => Record<string, unknown>;
  /** The rows a name must differ from (an option value's among its option's values). */
  within?: string;
};

/** A test app with a staff token, and the helpers the tests below share. */
function namedResources(kind: DatabaseKind) {
  const context = {
    app: undefined as unknown as TestApp,
    staff: {} as Record<string, string>,
    colourId: 0,
    otherTypeId: 0,
  };
  beforeAll(async () => {
    context.app = await startTestApp(kind);
    const cookie = await signedInCookie(context.app, DEMO_ACCOUNTS.staff, "/api/login-admin");
    context.staff = { Authorization: `Bearer ${cookie.slice("token=".length)}` };
    const types = await context.app.database.db.execute(
      sql`select id, slug from attribute_types order by id`,
    );
    const rows = (types as unknown as { rows: { id: number; slug: string }[] }).rows;
    context.colourId = rows.find((row) => row.slug === "colour")?.id ?? 0;
    context.otherTypeId = rows.find((row) => row.slug !== "colour")?.id ?? 0;
  });
  afterAll(() => context.app.close());

  const post = (path: string, body: unknown) =>
    context.app.fetch(`/api/staff${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...context.staff },
      body: JSON.stringify(body),
    });
  /** How many rows of `table` (within `where`) have `title`, compared without case, in SQL. */
  const named = async (table: string, title: string, where = "true") => {
    const result = await context.app.database.db.execute(
      sql.raw(
        `select count(*)::int as n from ${table} where lower(title) = lower('${title.replaceAll("'", "''")}') and ${where}`,
      ),
    );
    return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  };
  const resources = (): Named[] => [
    { resource: "brands", table: "brands", body: (title) => ({ title }) },
    {
      resource: "product-attributes",
      table: "attributes",
      body: (title) => ({ title, attributeTypeId: context.colourId }),
      within: `attribute_type_id = ${context.colourId}`,
    },
    { resource: "product-collections", table: "product_collections", body: (title) => ({ title }) },
    {
      resource: "billing-models",
      table: "billing_models",
      body: (title) => ({ title, type: "one_off" }),
    },
  ];
  return { context, post, named, resources };
}

// Issue 30: names that identify are unique, compared without case (per option for its values),
// in the database as well as the service, and a taken name is a 422 on the title field.
describe.each(databaseKinds)("names that identify, on %s", (kind) => {
  const { context, post, named, resources } = namedResources(kind);

  it("refuses a second record of a name in any case, on the title, and changes nothing", async () => {
    for (const [index, one] of resources().entries()) {
      const title = `Unique Name ${index}`;
      const first = await post(`/${one.resource}/store`, one.body(title));
      expect(first.status, one.resource).toBe(201);
      const again = await post(`/${one.resource}/store`, one.body(`  ${title.toLowerCase()} `));
      expect(again.status, one.resource).toBe(422);
      const answer = await read(again);
      expect(Object.keys(answer.errors ?? {}), one.resource).toEqual(["title"]);
      expect(answer.errors?.title?.[0], one.resource).toMatch(/has this name/);
      expect(await named(one.table, title, one.within), one.resource).toBe(1);
    }
  });

  it("refuses renaming a record to another's name, and keeps its own name", async () => {
    for (const [index, one] of resources().entries()) {
      const taken = `Renamed Target ${index}`;
      const mine = `Renamed Source ${index}`;
      expect((await post(`/${one.resource}/store`, one.body(taken))).status).toBe(201);
      const source = await read(await post(`/${one.resource}/store`, one.body(mine)));
      const rename = await post(`/${one.resource}/update`, {
        id: source.data.id,
        title: taken.toUpperCase(),
      });
      expect(rename.status, one.resource).toBe(422);
      expect((await read(rename)).errors?.title?.[0], one.resource).toMatch(/has this name/);
      expect(await named(one.table, mine, one.within), one.resource).toBe(1);
      // Its own name again, in another case, is no clash with itself.
      const recased = await post(`/${one.resource}/update`, {
        id: source.data.id,
        title: mine.toUpperCase(),
      });
      expect(recased.status, one.resource).toBe(200);
    }
  });

  it("lets two options each have a value of one name (Red of Colour, Red of another)", async () => {
    const red = { title: "Pillarbox Red", attributeTypeId: context.colourId };
    expect((await post("/product-attributes/store", red)).status).toBe(201);
    const other = { title: "pillarbox red", attributeTypeId: context.otherTypeId };
    expect((await post("/product-attributes/store", other)).status).toBe(201);
    expect(await named("attributes", "Pillarbox Red")).toBe(2);
  });
});

// Races need two connections: PGlite has one.
describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "names that identify, saved at once, on %s",
  (kind) => {
    const { context, post, named, resources } = namedResources(kind);

    /** The row another session writes directly, with the columns its table needs. */
    const heldInsert = (table: string) =>
      table === "attributes"
        ? "insert into attributes (attribute_type_id, title, slug) values ($3, $1, $2)"
        : table === "billing_models"
          ? "insert into billing_models (title, type) values ($1, 'one_off')"
          : `insert into ${table} (title, slug) values ($1, $2)`;
    const heldValues = (table: string, title: string, index: number) =>
      table === "attributes"
        ? [title, `held-${index}`, context.colourId]
        : table === "billing_models"
          ? [title]
          : [title, `held-${index}`];

    it("answers two staff creating one name at once with one 201 and one 422, never a 500", async () => {
      for (const [index, one] of resources().entries()) {
        const title = `Raced Name ${index}`;
        const answers = await Promise.all([
          post(`/${one.resource}/store`, one.body(title)),
          post(`/${one.resource}/store`, one.body(title.toUpperCase())),
        ]);
        expect(answers.map((answer) => answer.status).sort(), one.resource).toEqual([201, 422]);
        expect(await named(one.table, title, one.within), one.resource).toBe(1);
      }
    });

    it("answers a name saved while its own check ran (the index decides) as a 422 on the title", async () => {
      // Another session writes the name and holds its transaction open: the API's own check
      // cannot see that row, so its insert waits on the unique index, then fails once the other
      // commits. What answers is then the index's mapping, not the service's check.
      const url = context.app.database.url;
      if (!url) throw new Error("a PostgreSQL test database has a url");
      for (const [index, one] of resources().entries()) {
        const title = `Held Name ${index}`;
        const other = new pg.Client({ connectionString: url });
        await other.connect();
        try {
          await other.query("begin");
          await other.query(heldInsert(one.table), heldValues(one.table, title, index));
          const pending = post(`/${one.resource}/store`, one.body(title.toLowerCase()));
          // Long enough for the API's check to pass and its insert to wait on the index.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await other.query("commit");
          const answer = await pending;
          expect(answer.status, one.resource).toBe(422);
          expect(Object.keys((await read(answer)).errors ?? {}), one.resource).toEqual(["title"]);
          expect(await named(one.table, title, one.within), one.resource).toBe(1);
        } finally {
          await other.end();
        }
      }
    });
  },
);
