import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";

type Answer = {
  data?: { id: number; code?: string; slug?: string };
  errors?: Record<string, string[]>;
};

// Issue 30: a staff write refused for several reasons names them all in one 422, the schema's
// and the service's together, instead of one per submit (discount: the limit, then the taken
// code, then 150%; band: the link, then the slug, then the logo).
describe.each(databaseKinds)("every problem of a staff write at once, on %s", (kind) => {
  let app: TestApp;
  let staff: Record<string, string>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    const cookie = await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin");
    staff = { Authorization: `Bearer ${cookie.slice("token=".length)}` };
  });
  afterAll(() => app.close());

  const post = async (path: string, body: unknown) => {
    const response = await app.fetch(`/api/staff${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...staff },
      body: JSON.stringify(body),
    });
    return { status: response.status, answer: (await response.json()) as Answer };
  };

  it("names a bad limit, a taken code and a percentage over 100 in one answer", async () => {
    const first = await post("/discounts/store", {
      code: "ALLATONCE",
      unitType: "fixed",
      value: 500,
    });
    expect(first.status).toBe(201);
    const { status, answer } = await post("/discounts/store", {
      code: "allatonce",
      unitType: "percentage",
      value: 150,
      usageLimit: -3,
    });
    expect(status).toBe(422);
    expect(Object.keys(answer.errors ?? {}).sort()).toEqual(["code", "usageLimit", "value"]);
    expect(answer.errors?.code).toEqual([
      "Another discount already has this code. Choose another.",
    ]);
    expect(answer.errors?.value).toEqual(["A percentage is at most 100."]);
  });

  it("names every rule a valid code breaks at once, and on a change too", async () => {
    const { status, answer } = await post("/discounts/store", {
      code: "RULESATONCE",
      unitType: "percentage",
      value: 120,
      startsAt: "2026-12-01T10:00:00.000Z",
      endsAt: "2026-11-01T10:00:00.000Z",
      scope: "selected",
      targets: {},
    });
    expect(status).toBe(422);
    expect(Object.keys(answer.errors ?? {}).sort()).toEqual(["endsAt", "targets", "value"]);

    const made = await post("/discounts/store", {
      code: "CHANGEME",
      unitType: "fixed",
      value: 100,
    });
    const change = await post("/discounts/update", {
      id: made.answer.data?.id,
      code: "ALLATONCE",
      unitType: "percentage",
      value: 101,
      perCustomerLimit: "two",
    });
    expect(change.status).toBe(422);
    expect(Object.keys(change.answer.errors ?? {}).sort()).toEqual([
      "code",
      "perCustomerLimit",
      "value",
    ]);
  });

  it("names a bad link, a taken name and slug and a logo that is no image in one answer", async () => {
    const first = await post("/brands/store", { title: "All At Once", slug: "all-at-once" });
    expect(first.status).toBe(201);
    const { status, answer } = await post("/brands/store", {
      title: "ALL AT ONCE",
      slug: "all-at-once",
      links: { instagram: "instagram.com/nope" },
      logoFileId: 999999,
    });
    expect(status).toBe(422);
    expect(Object.keys(answer.errors ?? {}).sort()).toEqual([
      "links.instagram",
      "logoFileId",
      "slug",
      "title",
    ]);
    // Nothing was written.
    const list = await app.fetch("/api/staff/brands?q=all%20at%20once", { headers: staff });
    expect(((await list.json()) as { meta: { total: number } }).meta.total).toBe(1);
  });

  it("names a taken name and a taken slug of a collection, a value and a billing model at once", async () => {
    const collection = { title: "Both Taken", slug: "both-taken" };
    expect((await post("/product-collections/store", collection)).status).toBe(201);
    const again = await post("/product-collections/store", {
      title: "both taken",
      slug: "both-taken",
      heroFileId: 999999,
    });
    expect(again.status).toBe(422);
    expect(Object.keys(again.answer.errors ?? {}).sort()).toEqual(["heroFileId", "slug", "title"]);

    const types = await app.fetch("/api/staff/product-attribute-types?perPage=1", {
      headers: staff,
    });
    const typeId = ((await types.json()) as { data: { id: number }[] }).data[0]?.id;
    const value = { attributeTypeId: typeId, title: "Both Taken", slug: "both-taken" };
    expect((await post("/product-attributes/store", value)).status).toBe(201);
    const twice = await post("/product-attributes/store", { ...value, title: "BOTH TAKEN" });
    expect(twice.status).toBe(422);
    expect(Object.keys(twice.answer.errors ?? {}).sort()).toEqual(["slug", "title"]);

    const model = { title: "Both Wrong", type: "one_off" };
    expect((await post("/billing-models/store", model)).status).toBe(201);
    const wrong = await post("/billing-models/store", { ...model, period: "month" });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.answer.errors ?? {}).sort()).toEqual(["period", "title"]);
  });
});
