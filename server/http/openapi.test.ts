import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";

type Operation = {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
};

// Once is enough: the document is the same on either database.
describe("the API document at /api/openapi.json", () => {
  let app: TestApp;
  let document: Document;
  beforeAll(async () => {
    app = await startTestApp("pglite");
    const response = await app.fetch("/api/openapi.json");
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  });
  afterAll(() => app.close());

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("documents every route the app has mounted under /api and /sanctum", () => {
    const mounted = new Set(
      app.server.routes
        // ALL is middleware and the 404 for unknown API paths, not a route.
        .filter(({ method, path }) => method !== "ALL" && /^\/(api|sanctum)\//.test(path))
        .map(({ method, path }) => `${method} ${path.replace(/:(\w+)/g, "{$1}")}`),
    );
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect(mounted.size).toBeGreaterThan(30);
    expect([...mounted].filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !mounted.has(route))).toEqual([]);
  });

  it("describes the envelopes: { data } answers, { message, errors } refusals", () => {
    const product = document.paths["/api/products/{id}"]?.get;
    expect(product?.responses["200"]?.content?.["application/json"]?.schema).toBeDefined();
    expect(product?.responses["404"]?.content?.["application/json"]?.schema.$ref).toBe(
      "#/components/schemas/Error",
    );
    const register = document.paths["/api/register"]?.post;
    expect(Object.keys(register?.responses ?? {})).toEqual(
      expect.arrayContaining(["201", "202", "413", "422", "429", "503"]),
    );
    expect(register?.responses["422"]?.content?.["application/json"]?.schema.$ref).toBe(
      "#/components/schemas/ValidationFailed",
    );
    expect(document.components.schemas).toHaveProperty("Error");
    expect(document.components.schemas).toHaveProperty("ValidationFailed");
  });

  it("names both ways to sign in, and puts the signed-in routes behind them", () => {
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      "bearer",
      "tokenCookie",
      "xsrfHeader",
    ]);
    const mine = document.paths["/api/user/user/show"]?.get;
    expect(mine?.security).toEqual([{ bearer: [] }, { tokenCookie: [], xsrfHeader: [] }]);
    expect(Object.keys(mine?.responses ?? {})).toEqual(expect.arrayContaining(["401", "403"]));
    expect(document.paths["/api/products"]?.get?.security).toBeUndefined();
  });
});
