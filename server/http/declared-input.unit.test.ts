import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  OUT_OF_RANGE_NUMBERS,
  outOfRangeNumbers,
  unboundedInputs,
} from "../../common/input-bounds.ts";
import { API_ROUTES } from "../api-routes.ts";
import { AREA_PREFIX } from "./route-table.ts";

// docs/security.md #15: what a handler reads from a query or a path is declared on its route,
// and bounded there. A value PostgreSQL cannot take (a number past its `integer`, text past any
// sensible length) is refused by the declaration, never by the database (a 500).

const routes = API_ROUTES.flatMap(({ area, routes }) =>
  routes.map((route) => ({
    route,
    name: `${route.method.toUpperCase()} ${AREA_PREFIX[area]}${route.path}`,
  })),
);

type Part = "query" | "params";
const declared = (part: Part) =>
  routes.flatMap(({ route, name }) => {
    const schema = route[part] as z.ZodType | undefined;
    return schema ? [{ name, schema }] : [];
  });

/** The keys a declaration names (its object's shape, through refinements and defaults). */
function keysOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  if (def.shape) return Object.keys(def.shape as object);
  for (const inner of [def.innerType, def.in]) if (inner) return keysOf(inner as z.ZodType);
  return [];
}

describe("the query and path parameters of every API route", () => {
  it("are declared by objects that refuse names they do not list, with every value bounded", () => {
    const problems = (["query", "params"] as const).flatMap((part) =>
      declared(part).flatMap(({ name, schema }) =>
        unboundedInputs(schema, true, part).map((problem) => `${name} ${problem}`),
      ),
    );
    expect(problems).toEqual([]);
  });

  it("refuse a parameter they do not list", () => {
    const taken = (["query", "params"] as const).flatMap((part) =>
      declared(part)
        .filter(({ schema }) => schema.safeParse({ __proto__: "x", brand: "1", zz: "1" }).success)
        .map(({ name }) => `${name} ${part}`),
    );
    expect(taken).toEqual([]);
  });

  it("never pass on a number past a PostgreSQL integer, whichever parameter carries it", () => {
    const passed: string[] = [];
    for (const part of ["query", "params"] as const) {
      for (const { name, schema } of declared(part)) {
        const keys = keysOf(schema);
        for (const key of keys) {
          for (const number of OUT_OF_RANGE_NUMBERS) {
            // Path parameters are all required: each gets the number, as a hostile path would.
            const input =
              part === "params"
                ? Object.fromEntries(keys.map((each) => [each, number]))
                : { [key]: number };
            const parsed = schema.safeParse(input);
            if (!parsed.success) continue;
            const carried = outOfRangeNumbers((parsed.data as Record<string, unknown>)[key]);
            if (carried.length) passed.push(`${name} ${part}.${key}=${number}`);
          }
        }
      }
    }
    expect(passed).toEqual([]);
  });
});
