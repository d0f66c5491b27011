import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../app/routes.ts";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { signedInCookie, signedInToken } from "./support/accounts.ts";
import { startTestApp, type TestApp } from "./support/app.ts";
import { type DatabaseKind, databaseKinds } from "./support/databases.ts";

// Every API route (read from the generated OpenAPI document) and every page (read from the page
// route table) gets the classic bad inputs. None may answer 5xx, and none may change the
// database. A route added tomorrow is walked tomorrow, with no list to update.
//
// The contract alone is not trusted (docs/security.md #15): a parameter the document forgot is a
// parameter no walk of the document sends. So every route and page is also sent names it does not
// declare, and numbers past PostgreSQL's `integer` and `bigint` in every query parameter, path
// parameter and numeric body field (from the documented example body, one field at a time, so the
// rest of the body is valid and the number reaches the service), and every page gets the listing's
// filters and every query name any route declares.

type Operation = {
  parameters?: Array<{ name: string; in: "query" | "path" | "header" | "cookie" }>;
  requestBody?: {
    content: Record<
      string,
      { schema: { properties?: Record<string, unknown> }; example?: unknown }
    >;
  };
};
type PageRoute = { path?: string; file: string; children?: PageRoute[] };

const BAD_SEGMENTS = ["%00", "99999999999", "-1", "x".repeat(300), "%F0%9F%92%A9", "%ED%A0%80"];
const BAD_QUERY =
  "?q=a%00b&page=99999999999&perPage=-1&ids=99999999999&collection=99999999999&brand=%00" +
  "&sort=%00&types=1,2,99999999999&w=1e309&redirect=%2F%2Fevil.example";
const HUGE = 99_999_999_999;
const ONE_MEGABYTE = 1024 * 1024;

/** 2³¹−1, 2³¹, 2⁶³−1, 2⁶³, 10²⁰ and −2³¹−1, as a query string writes them. */
const INTEGERS = [
  "2147483647",
  "2147483648",
  "9223372036854775807",
  "9223372036854775808",
  "100000000000000000000",
  "-2147483649",
];
/** Names no route declares, or declares elsewhere: a handler reading one unchecked is a hole. */
const UNLISTED = ["brand", "id", "page", "sort", "filter[x]", "__proto__"];
/** What the listing pages read from their address, which the API document does not list. */
const LISTING_NAMES = [
  "q",
  "brand",
  "collection",
  "type",
  "attributes",
  "priceMin",
  "priceMax",
  "price",
  "inStock",
  "sort",
  "page",
  "perPage",
];
/** How many requests are in flight at once: the app answers while the next are being sent. */
const IN_FLIGHT = 4;

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** The paths of every number in a JSON body's schema (`["lines", 0, "quantity"]`). */
function numericPaths(
  schema: JsonSchema | undefined,
  components: Record<string, JsonSchema>,
  path: Array<string | number> = [],
  seen = new Set<string>(),
): Array<Array<string | number>> {
  if (!schema) return [];
  if (schema.$ref) {
    const name = schema.$ref.split("/").at(-1) ?? "";
    if (seen.has(name)) return [];
    return numericPaths(components[name], components, path, new Set([...seen, name]));
  }
  const types = [schema.type ?? []].flat();
  if (types.includes("integer") || types.includes("number")) return [path];
  return [
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((each) =>
      numericPaths(each, components, path, seen),
    ),
    ...Object.entries(schema.properties ?? {}).flatMap(([name, each]) =>
      numericPaths(each, components, [...path, name], seen),
    ),
    ...(types.includes("array") ? numericPaths(schema.items, components, [...path, 0], seen) : []),
  ];
}

/** `example` as JSON with the value at `path` (made where missing) written as `number`'s digits. */
function withNumberAt(example: unknown, path: Array<string | number>, number: string): string {
  const MARK = "__number__";
  const root = structuredClone(example ?? {}) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = root;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) {
      node[key] = MARK;
      break;
    }
    const next = node[key];
    if (next === null || typeof next !== "object")
      node[key] = typeof path[index + 1] === "number" ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  }
  // The digits as they are: JSON.stringify of 2⁶³ would round it.
  return JSON.stringify(root).replace(`"${MARK}"`, number);
}

/** Runs `tasks` with at most `limit` at once. */
async function inParallel(tasks: Array<() => Promise<void>>, limit = IN_FLIGHT) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

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

const readsListing = (file: string) =>
  /listingQueryFromUrl/.test(readFileSync(join("app", file), "utf8"));

const hasAction = (file: string) =>
  /export (async )?function action\b/.test(readFileSync(join("app", file), "utf8"));

// One database is walked, not both: PGlite is PostgreSQL's own engine, so a bad number or byte
// fails the same way on each, and the walk sends about fourteen thousand requests. It runs on
// the real server when CI has one (where a pool, a deadline and a dropped connection are real),
// on PGlite otherwise. The money-fault and race tests cover what differs between the two.
const hostileDatabase: DatabaseKind = databaseKinds.includes("postgres") ? "postgres" : "pglite";

describe.each([hostileDatabase])("hostile input against every API route and page on %s", (kind) => {
  let app: TestApp;
  let document: {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, JsonSchema> };
  };
  let customer: string;
  let staff: string;
  let admin: string;
  const bearer: Record<"customer" | "admin", string> = { customer: "", admin: "" };
  const fiveHundreds: string[] = [];
  let sent = 0;
  let started = 0;

  async function tableCounts() {
    const result = await app.database.db.execute(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`);
    const names = (result as unknown as { rows: Array<{ table_name: string }> }).rows;
    const counts: Record<string, number> = {};
    for (const { table_name: name } of names) {
      // Attempts and hits are counted by design, and sign-ins above slide their tokens; a key
      // keeps its request's first answer, a refusal too, so that a repeat gets the same one.
      if (
        /^(rate_limit_hits|login_attempts|access_tokens|idempotency_keys|__drizzle_migrations)$/.test(
          name,
        )
      )
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
    // A connection the app closed (after a 413, or idle) can be reset under a request sent on
    // it: that is the transport's, not an answer, and the request is sent once more.
    const response = await app
      .fetch(path, init)
      .catch(() => app.fetch(path, { ...init, headers: { ...init.headers, Connection: "close" } }));
    await response.arrayBuffer();
    if (response.status >= 500) fiveHundreds.push(`${response.status} ${label} ${path}`);
  }

  /** Who a probe of an API path is sent as, so it reaches the handler: the area's account. */
  const apiHeaders = (path: string): Record<string, string> => {
    const token = path.startsWith("/api/staff/")
      ? bearer.admin
      : path.startsWith("/api/user/")
        ? bearer.customer
        : undefined;
    return token ? { Authorization: `Bearer ${token}` } : {};
  };

  /** The documented operations, each with its query and path names and its example body. */
  const operations = () =>
    Object.entries(document.paths).flatMap(([template, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => {
        const parameters = operation.parameters ?? [];
        const body = operation.requestBody?.content["application/json"];
        return {
          template,
          method,
          query: parameters.filter((each) => each.in === "query").map((each) => each.name),
          path: parameters.filter((each) => each.in === "path").map((each) => each.name),
          example: body?.example,
          numbers: body ? numericPaths(body.schema as JsonSchema, document.components.schemas) : [],
          // Signing out would end the sessions the rest of the walk uses.
          safe: !/\/logout$/.test(template),
        };
      }),
    );

  let before: Record<string, number>;
  beforeAll(async () => {
    started = performance.now();
    app = await startTestApp(kind);
    document = (await (await app.fetch("/api/openapi.json")).json()) as typeof document;
    customer = await signedInCookie(app);
    staff = await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin");
    admin = await signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin");
    bearer.customer = await signedInToken(app);
    bearer.admin = await signedInToken(app, DEMO_ACCOUNTS.admin, "/api/login-admin");
    before = await tableCounts();
  });
  afterAll(() => app.close());

  /** How a probe of an operation is sent: its path with one parameter set, as its area's account. */
  function prober(operation: ReturnType<typeof operations>[number]) {
    const { template, method, example } = operation;
    const pathWith = (name?: string, value = "") =>
      template.replace(/\{(\w+)\}/g, (_, each: string) => (each === name ? value : "1"));
    const headers = apiHeaders(template);
    const post = (path: string, body: string, label: string) => () =>
      send(label, path, {
        method: "POST",
        headers: {
          ...headers,
          "Content-Type": "application/json",
          "Idempotency-Key": randomUUID(),
        },
        body,
      });
    const call = (path: string, label: string) =>
      method === "get"
        ? () => send(label, path, { headers })
        : post(path, JSON.stringify(example ?? {}), label);
    return { pathWith, post, call };
  }

  it("never answers 5xx to an API route, whatever it is sent", { timeout: 600_000 }, async () => {
    const tasks: Array<() => Promise<void>> = [];
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
              tasks.push(() => send("GET", `${path}${BAD_QUERY}`, { headers }));
              continue;
            }
            const bodies =
              segment !== BAD_SEGMENTS[0]
                ? jsonBodies([]).slice(0, 2)
                : jsonBodies(properties).filter(
                    // Five megabytes once per route is enough to find its limit.
                    ({ body }) => cookie === undefined || body.length < ONE_MEGABYTE,
                  );
            for (const { type, body } of bodies) {
              tasks.push(() =>
                send(`POST ${type}`, path, {
                  method: "POST",
                  headers: { ...headers, "Content-Type": type, Origin: app.url },
                  body,
                }),
              );
            }
          }
        }
      }
    }
    await inParallel(tasks);
    expect(sent).toBeGreaterThan(500);
    expect(fiveHundreds).toEqual([]);
  });

  it("never answers 5xx to numbers past PostgreSQL's integers, or names a route does not declare", {
    timeout: 600_000,
  }, async () => {
    const tasks: Array<() => Promise<void>> = [];
    for (const operation of operations()) {
      if (!operation.safe) continue;
      const { method } = operation;
      const { pathWith, call } = prober(operation);
      for (const number of INTEGERS) {
        for (const name of operation.query) {
          tasks.push(call(`${pathWith()}?${encodeURIComponent(name)}=${number}`, `query ${name}`));
        }
        for (const name of operation.path) {
          tasks.push(call(pathWith(name, number), `path ${name}`));
        }
      }
      // A name the route does not declare: refused by a strict query, or never read. A POST is
      // sent only where a query is declared, as its body would otherwise be carried out.
      if (method === "get" || operation.query.length > 0) {
        for (const name of UNLISTED) {
          for (const value of ["2147483648", "x"]) {
            tasks.push(
              call(`${pathWith()}?${encodeURIComponent(name)}=${value}`, `unlisted ${name}`),
            );
          }
        }
      }
    }
    await inParallel(tasks);
    expect(tasks.length).toBeGreaterThan(1500);
    expect(fiveHundreds).toEqual([]);
  });

  it("never answers 5xx to a page, whatever it is sent", { timeout: 600_000 }, async () => {
    const pages = new Map(
      BAD_SEGMENTS.flatMap((segment) => pagePaths(routes as PageRoute[], segment)).map((page) => [
        page.path,
        page.file,
      ]),
    );
    const tasks: Array<() => Promise<void>> = [];
    for (const [path, file] of pages) {
      // Signing out would end the sessions the rest of the walk uses.
      const sessions = path === "/logout" ? [] : [customer, staff];
      for (const cookie of [...BAD_COOKIES, ...sessions]) {
        tasks.push(() => send("GET", `${path}${BAD_QUERY}`, { headers: { Cookie: cookie } }));
        if (!hasAction(file)) continue;
        for (const { type, body } of FORM_BODIES) {
          // Five megabytes once per page is enough to find its limit.
          if (body.length > ONE_MEGABYTE && cookie !== BAD_COOKIES[0]) continue;
          tasks.push(() =>
            send(`POST ${type ?? "no type"}`, path, {
              method: "POST",
              headers: {
                Cookie: cookie,
                Origin: app.url,
                ...(type ? { "Content-Type": type } : {}),
              },
              body,
            }),
          );
        }
      }
    }
    await inParallel(tasks);
    expect(fiveHundreds).toEqual([]);
  });

  it("never answers 5xx to numbers past PostgreSQL's integers in a page's path or query", {
    timeout: 600_000,
  }, async () => {
    // Real records, so a page's query is read rather than its path refused.
    const first = async (query: ReturnType<typeof sql>) =>
      String(
        (await app.database.db
          .execute(query)
          .then((result) => (result as unknown as { rows: Array<{ v: unknown }> }).rows[0]?.v)) ??
          "1",
      );
    const samples: Record<string, string> = {
      slug: await first(sql`select slug as v from brands order by id limit 1`),
      blog: await first(sql`select slug as v from blogs order by id limit 1`),
      article: await first(
        sql`select a.slug as v from articles a join blogs b on b.id = a.blog_id order by b.id, a.id limit 1`,
      ),
      id: "1",
    };
    const productSlug = await first(
      sql`select slug as v from products where status = 'published' order by id limit 1`,
    );
    const names = [
      ...new Set([
        ...LISTING_NAMES,
        ...UNLISTED,
        ...operations().flatMap((operation) => operation.query),
      ]),
    ];
    // "$&" keeps each parameter as the route writes it (`:slug`, `*`).
    const pages = pagePaths(routes as PageRoute[], "$&").filter((page) => page.path !== "/logout");
    const tasks: Array<() => Promise<void>> = [];
    for (const page of pages) {
      const filled = (number?: string) =>
        page.path.replace(
          /:(\w+)|\*$/g,
          (_, name?: string) =>
            number ??
            (page.file.endsWith("products-view.tsx")
              ? productSlug
              : (samples[name ?? "id"] ?? "1")),
        );
      const cookie = page.path.startsWith("/admin")
        ? admin
        : page.path.startsWith("/customer")
          ? customer
          : undefined;
      const headers = cookie ? { Cookie: cookie } : undefined;
      // A listing drops a filter that does not parse and keeps the others, so each of its filters
      // is also sent on its own: alone, nothing else can make the page answer first.
      const listing = readsListing(page.file);
      for (const number of INTEGERS) {
        if (/:\w+|\*$/.test(page.path))
          tasks.push(() => send("page path", filled(number), { headers }));
        // Every name at once: a page reads the names it declares, each on its own, and no other.
        const everything = names.map((name) => `${encodeURIComponent(name)}=${number}`).join("&");
        tasks.push(() => send("page query", `${filled()}?${everything}`, { headers }));
        for (const name of listing ? [...LISTING_NAMES, ...UNLISTED] : []) {
          tasks.push(() =>
            send("page query", `${filled()}?${encodeURIComponent(name)}=${number}`, { headers }),
          );
        }
      }
    }
    await inParallel(tasks);
    expect(fiveHundreds).toEqual([]);
  });

  it("changed nothing in the database", async () => {
    expect(await tableCounts()).toEqual(before);
  });

  // Last, as 2³¹−1 is a valid integer: a documented example with one in a field may be saved (a
  // segment of customers with 2,147,483,647 orders). What matters is that no number is a 5xx.
  it("never answers 5xx to numbers past PostgreSQL's integers in a body's numeric fields", {
    timeout: 600_000,
  }, async () => {
    const tasks: Array<() => Promise<void>> = [];
    for (const operation of operations()) {
      if (!operation.safe || operation.method !== "post") continue;
      const { pathWith, post } = prober(operation);
      for (const number of INTEGERS) {
        for (const at of operation.numbers) {
          tasks.push(
            post(pathWith(), withNumberAt(operation.example, at, number), `body ${at.join(".")}`),
          );
        }
      }
    }
    await inParallel(tasks);
    expect(tasks.length).toBeGreaterThan(500);
    expect(fiveHundreds).toEqual([]);
    const seconds = Math.round((performance.now() - started) / 1000);
    console.info(
      `hostile-input suite on ${kind}: ${sent} requests in ${seconds} s, ${fiveHundreds.length} answered 5xx`,
    );
    expect(sent).toBeGreaterThan(10_000);
  });
});
