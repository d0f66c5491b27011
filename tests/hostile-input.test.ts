import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../app/routes.ts";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { signedInCookie } from "./support/accounts.ts";
import { startTestApp, type TestApp } from "./support/app.ts";

// Every API route (read from the generated OpenAPI document) and every page (read from the page
// route table) gets the classic bad inputs. None may answer 5xx, and none may change the
// database. A route added tomorrow is walked tomorrow, with no list to update.

type Operation = {
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
};
type PageRoute = { path?: string; file: string; children?: PageRoute[] };

const BAD_SEGMENTS = ["%00", "99999999999", "-1", "x".repeat(300), "%F0%9F%92%A9", "%ED%A0%80"];
const BAD_QUERY =
  "?q=a%00b&page=99999999999&perPage=-1&ids=99999999999&collection=99999999999&brand=%00" +
  "&sort=%00&types=1,2,99999999999&w=1e309&redirect=%2F%2Fevil.example";
const HUGE = 99_999_999_999;

/** Bodies no client of ours sends: wrong types, broken JSON, NUL, lone surrogates, deep nests. */
function jsonBodies(properties: string[]): Array<{ type: string; body: string }> {
  const json = (value: unknown) => ({ type: "application/json", body: JSON.stringify(value) });
  const every = (value: unknown) => Object.fromEntries(properties.map((name) => [name, value]));
  return [
    { type: "text/plain", body: "{}" },
    { type: "application/x-www-form-urlencoded", body: "email=a%40b.example&password=x" },
    { type: "application/json", body: '{"email": ' },
    { type: "application/json", body: `{"email":"${"a".repeat(5 * 1024 * 1024)}"}` },
    { type: "application/json; charset=utf-16le", body: '{"email":"a@b.example"}' },
    { type: "application/json", body: "\ufeff{}" },
    { type: "application/json", body: `${"[".repeat(5000)}${"]".repeat(5000)}` },
    { type: "application/json", body: '{"name":"a\\u0000b","x":"\\ud800"}' },
    json(every("a\u0000b")),
    json(every("\ud800")),
    json(every(HUGE)),
    json(every(1e308)),
    json(every(-1)),
    json(every([{ id: HUGE, quantity: HUGE }])),
    json(every({ nested: { deeper: ["\u0000"] } })),
    json(every(null)),
    json({ ...every("x"), lines: [{ id: HUGE, quantity: 1 }], discount: "\u0000" }),
  ];
}

/** Form posts no page of ours sends: wrong types, broken multipart, NUL, huge ids. */
const FORM_BODIES: Array<{ type?: string; body: string }> = [
  { type: "application/json", body: "{}" },
  { type: "text/plain", body: "email=a" },
  { body: "email=a" },
  {
    type: "multipart/form-data; boundary=x",
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
  },
  {
    type: "application/x-www-form-urlencoded",
    body: "intent=add&variantId=99999999999&quantity=1",
  },
  {
    type: "application/x-www-form-urlencoded",
    body: "intent=add&productId=1&option-size=99999999999",
  },
  { type: "application/x-www-form-urlencoded", body: "intent=apply-discount&code=%00" },
  {
    type: "application/x-www-form-urlencoded",
    body: "name=a%00b&email=a%00%40b.c&message=%00&topic=order",
  },
  { type: "application/x-www-form-urlencoded", body: "email=%ED%A0%80&password=%00&token=%00" },
  { type: "application/x-www-form-urlencoded", body: `email=${"a".repeat(100_000)}` },
  { type: "application/x-www-form-urlencoded", body: `email=${"a".repeat(5 * 1024 * 1024)}` },
  { type: "application/x-www-form-urlencoded; charset=utf-16le", body: "email=%FF%FE" },
];

const BAD_COOKIES = [
  `basket=${encodeURIComponent(JSON.stringify({ "2147483648": 1, "99999999999": 2 }))}; discount_code=%00`,
  "basket=%7B%22a%22; discount_code=%ED%A0%80; flash=%00; token=%00",
];

/** Every page path of the route table, its parameters filled with `segment`. */
function pagePaths(
  entries: PageRoute[],
  segment: string,
  base = "",
): Array<{ path: string; file: string }> {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? base : `${base}/${entry.path}`;
    const filled = path.replace(/:\w+/g, segment).replace(/\*$/, segment);
    const own =
      entry.path === undefined && entry.children ? [] : [{ path: filled || "/", file: entry.file }];
    return [...own, ...pagePaths(entry.children ?? [], segment, path)];
  });
}

const hasAction = (file: string) =>
  /export (async )?function action\b/.test(readFileSync(join("app", file), "utf8"));

describe("hostile input against every API route and page", () => {
  let app: TestApp;
  let document: { paths: Record<string, Record<string, Operation>> };
  let customer: string;
  let staff: string;
  const fiveHundreds: string[] = [];
  let sent = 0;

  async function tableCounts() {
    const result = await app.database.db.execute(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
    const names = (result as unknown as { rows: Array<{ table_name: string }> }).rows;
    const counts: Record<string, number> = {};
    for (const { table_name: name } of names) {
      // Attempts and hits are counted by design, and sign-ins above slide their tokens.
      if (/^(rate_limit_hits|login_attempts|access_tokens|__drizzle_migrations)$/.test(name))
        continue;
      const rows = await app.database.db.execute(
        sql.raw(`select count(*)::int as n from "${name}"`),
      );
      counts[name] = (rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
    }
    return counts;
  }

  async function send(label: string, path: string, init: RequestInit = {}) {
    sent += 1;
    const response = await app.fetch(path, init);
    await response.arrayBuffer();
    if (response.status >= 500) fiveHundreds.push(`${response.status} ${label} ${path}`);
  }

  let before: Record<string, number>;
  beforeAll(async () => {
    app = await startTestApp("pglite");
    document = (await (await app.fetch("/api/openapi.json")).json()) as typeof document;
    customer = await signedInCookie(app);
    staff = await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin");
    before = await tableCounts();
  });
  afterAll(() => app.close());

  it("never answers 5xx to an API route, whatever it is sent", { timeout: 600_000 }, async () => {
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const properties = Object.keys(
          operation.requestBody?.content["application/json"]?.schema.properties ?? {},
        );
        for (const segment of BAD_SEGMENTS) {
          const path = template.replace(/\{\w+\}/g, segment);
          for (const cookie of [undefined, customer, staff]) {
            const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
            if (method === "get") {
              await send("GET", `${path}${BAD_QUERY}`, { headers });
              continue;
            }
            const bodies =
              segment === BAD_SEGMENTS[0] ? jsonBodies(properties) : jsonBodies([]).slice(0, 2);
            for (const { type, body } of bodies) {
              await send(`POST ${type}`, path, {
                method: "POST",
                headers: { ...headers, "Content-Type": type, Origin: app.url },
                body,
              });
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    expect(fiveHundreds).toEqual([]);
  });

  it("never answers 5xx to a page, whatever it is sent", { timeout: 600_000 }, async () => {
    const pages = new Map(
      BAD_SEGMENTS.flatMap((segment) => pagePaths(routes as PageRoute[], segment)).map((page) => [
        page.path,
        page.file,
      ]),
    );
    for (const [path, file] of pages) {
      // Signing out would end the sessions the rest of the walk uses.
      const sessions = path === "/logout" ? [] : [customer, staff];
      for (const cookie of [...BAD_COOKIES, ...sessions]) {
        await send("GET", `${path}${BAD_QUERY}`, { headers: { Cookie: cookie } });
        if (!hasAction(file)) continue;
        for (const { type, body } of FORM_BODIES) {
          await send(`POST ${type ?? "no type"}`, path, {
            method: "POST",
            headers: { Cookie: cookie, Origin: app.url, ...(type ? { "Content-Type": type } : {}) },
            body,
          });
        }
      }
    }
    expect(fiveHundreds).toEqual([]);
  });

  it("changed nothing in the database", async () => {
    expect(await tableCounts()).toEqual(before);
    console.info(`hostile-input suite: ${sent} requests, ${fiveHundreds.length} answered 5xx`);
  });
});
