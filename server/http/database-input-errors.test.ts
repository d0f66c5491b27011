import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../tests/support/databases.ts";
import { loadConfig } from "../config.ts";
import { createLogger } from "../logger.ts";
import type { AppEnv } from "./env.ts";
import { handleError } from "./errors.ts";
import { mountRoutes } from "./mount-routes.ts";
import { defineRoute } from "./route-table.ts";

// docs/security.md #15, the backstop: a route whose declaration or service has a gap lets a value
// through that only the database refuses. The error handler answers it as the refusal the
// declaration should have made (a 422 naming the field, a 404 for a path), never a 500. The routes
// below have such gaps on purpose; the errors are PostgreSQL's own.

describe.each(databaseKinds)("database errors only input can cause, on %s", (kind) => {
  let database: TestDatabase;
  let app: Hono<AppEnv>;
  const logged: string[] = [];
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const config = loadConfig({ LOG_LEVEL: "silent" });
    const logger = createLogger("silent");
    app = new Hono<AppEnv>();
    app.use(async (c, next) => {
      c.set("db", database.db);
      c.set("config", config);
      c.set(
        "logger",
        Object.assign(Object.create(logger), {
          warn: (_fields: unknown, message: string) => logged.push(`warn ${message}`),
          error: (_fields: unknown, message: string) => logged.push(`error ${message}`),
        }),
      );
      await next();
    });
    const lenient = z.strictObject({ band: z.string().max(40), title: z.string().max(40) });
    mountRoutes(app, [
      {
        area: "public",
        routes: [
          defineRoute({
            method: "get",
            path: "/gap",
            tag: "test",
            summary: "A query that reaches an integer column unchecked",
            query: z.strictObject({ band: z.string().max(40) }),
            answers: { data: z.unknown() },
            call: async ({ db }, { query }) =>
              (await db.execute(sql`select id from brands where id = ${query.band}::int`)) && null,
          }),
          defineRoute({
            method: "get",
            path: "/gap/{id}",
            tag: "test",
            summary: "A path that reaches an integer column unchecked",
            params: z.strictObject({ id: z.string().max(40) }),
            answers: { data: z.unknown() },
            call: async ({ db }, { params }) =>
              (await db.execute(sql`select id from brands where id = ${params.id}::int`)) && null,
          }),
          defineRoute({
            method: "post",
            path: "/gap",
            tag: "test",
            summary: "A band written without its slug checked first",
            body: lenient,
            answers: { data: z.unknown() },
            call: async ({ db }, { body }) =>
              (await db.execute(
                sql`insert into brands (title, slug) values (${body.title}, ${body.band})`,
              )) && null,
          }),
          defineRoute({
            method: "post",
            path: "/gap/token",
            tag: "test",
            summary: "A row written with a key the shop makes itself",
            body: lenient,
            answers: { data: z.unknown() },
            call: async ({ db }) =>
              (await db.execute(
                sql`insert into app_settings (key, value) values ('x', '{}'), ('x', '{}')`,
              )) && null,
          }),
        ],
      },
    ]);
    app.onError(handleError);
  });
  afterAll(() => database.drop());

  const json = async (response: Response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  });

  it.each([
    ["2147483648", "out of range"],
    ["99999999999999999999999", "out of range"],
    ["-2147483649", "out of range"],
    ["12abc", "not in the form expected"],
  ])("answers band=%s with a 422 naming the query parameter", async (band, words) => {
    const { status, body } = await json(await app.request(`/api/gap?band=${band}`));
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Validation failed",
      errors: { band: [expect.stringContaining(words)] },
    });
  });

  it("answers a path PostgreSQL cannot take with a 404", async () => {
    const { status, body } = await json(await app.request("/api/gap/99999999999"));
    expect(status).toBe(404);
    expect(body).toEqual({ message: "Not found." });
  });

  it("answers a natural key taken in a race with a 422 naming its field", async () => {
    const post = (body: unknown) =>
      app.request("/api/gap", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const { status, body } = await json(await post({ band: "static-gulls", title: "Copy" }));
    expect(status).toBe(422);
    expect(body).toEqual({
      message: "Validation failed",
      errors: { slug: ["A band saved at the same moment took this slug."] },
    });
    expect(logged).toContain("warn input refused by the database");
  });

  it("leaves a clash on a key the shop makes itself an error, logged as one", async () => {
    const response = await app.request("/api/gap/token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ band: "x", title: "y" }),
    });
    expect(response.status).toBe(500);
    expect(logged).toContain("error unexpected error");
  });
});
