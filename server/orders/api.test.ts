import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";

describe.each(databaseKinds)("orders API on %s", (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(kind);
  });
  afterAll(() => app.close());

  it("lists the charge types orders use", async () => {
    const response = await app.fetch("/api/charge-types");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: [
        { id: "product", title: "Products" },
        { id: "delivery", title: "Delivery" },
        { id: "discount", title: "Discount" },
      ],
    });
  });

  it("refuses unknown query parameters", async () => {
    const response = await app.fetch("/api/charge-types?status=paid");
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ message: "Validation failed" });
  });
});
