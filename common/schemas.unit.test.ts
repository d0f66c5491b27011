import { describe, expect, it } from "vitest";
import { z } from "zod";
import * as accounts from "./accounts.ts";
import * as basket from "./basket.ts";
import * as catalog from "./catalog.ts";
import * as content from "./content.ts";
import * as discounts from "./discounts.ts";
import * as images from "./images.ts";
import * as notice from "./notice.ts";
import * as orders from "./orders.ts";
import * as pagination from "./pagination.ts";

const modules = {
  accounts,
  basket,
  catalog,
  content,
  discounts,
  images,
  notice,
  orders,
  pagination,
};

const schemas = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ module, name, schema })),
);

describe("the API's answer schemas", () => {
  it("are all found", () => {
    expect(schemas.length).toBeGreaterThan(20);
  });

  // OpenAPI names a component after the schema's id: it must be the name the code uses.
  it.each(schemas)("$module.$name is named $name and described", ({ name, schema }) => {
    expect(schema.meta()).toMatchObject({ id: name, description: expect.any(String) });
  });

  // zod throws for what JSON Schema (and so OpenAPI 3.1) cannot say: a Date, a transform.
  it.each(schemas)("$module.$name is representable in JSON Schema", ({ schema }) => {
    expect(() => z.toJSONSchema(schema, { io: "output" })).not.toThrow();
  });

  it("keeps every id unique, so no component replaces another", () => {
    const ids = schemas.map(({ schema }) => schema.meta()?.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("pageOf", () => {
  const Page = pagination.pageOf(z.object({ id: z.number().int() }));

  it("reads a list answer as architecture.md §4 gives it", () => {
    const page = {
      data: [{ id: 1 }],
      meta: { currentPage: 1, perPage: 24, total: 1, lastPage: 1 },
    };
    expect(Page.parse(page)).toEqual(page);
  });

  it("refuses an answer without its meta", () => {
    expect(Page.safeParse({ data: [] }).success).toBe(false);
  });
});
