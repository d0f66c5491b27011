import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  BillingChoice,
  BillingModelEdit,
  StaffBillingModelItem,
} from "../../common/billing-admin.ts";
import type { ProductEdit } from "../../common/catalog-admin.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import {
  auditCount,
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";
import { brands, products } from "../catalog/schema.ts";
import { DEMO_PRE_ORDER_RELEASE } from "../db/seed/billing.ts";
import { billingModels } from "./schema.ts";

// Issue 15: billing models on the staff resource pattern (decision 0014, 0016), and their
// assignment to products keeping `products.preOrder` true to the model.
describe.each(databaseKinds)("staff API for billing models on %s", (kind) => {
  let app: TestApp;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
  let brandId: number;
  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
    const [brand] = await app.database.db.select({ id: brands.id }).from(brands).limit(1);
    brandId = brand?.id as number;
  });
  afterAll(() => app.close());

  const store = async (body: unknown) => {
    const response = await call("/billing-models/store", "staff", body);
    expect(response.status).toBe(201);
    return (await read<BillingModelEdit>(response)).data;
  };

  it("lets staff in only: 401 without a token, 403 for a customer", async () => {
    for (const path of ["/billing-models", "/billing-model-types", "/billing-periods"]) {
      expect((await call(path, "nobody")).status).toBe(401);
      expect((await call(path, "customer")).status).toBe(403);
      expect((await call(path, "staff")).status).toBe(200);
    }
    expect(
      (await call("/billing-models/store", "customer", { title: "X", type: "one_off" })).status,
    ).toBe(403);
  });

  it("names the types and periods (behaviour.md §7)", async () => {
    const types = await read<BillingChoice[]>(await call("/billing-model-types", "staff"));
    expect(types.data).toEqual([
      { id: "one_off", title: "One-off" },
      { id: "pre_order", title: "Pre-order" },
      { id: "membership", title: "Membership" },
    ]);
    const periods = await read<BillingChoice[]>(await call("/billing-periods", "staff"));
    expect(periods.data).toEqual([
      { id: "month", title: "Monthly" },
      { id: "year", title: "Yearly" },
    ]);
  });

  it("lists the demo models with how many products use each, searched and filtered", async () => {
    const all = await read<StaffBillingModelItem[]>(await call("/billing-models", "staff"));
    expect(all.data.map((model) => [model.title, model.type, model.period])).toEqual(
      expect.arrayContaining([
        ["Pre-order", "pre_order", null],
        ["Fan club (monthly)", "membership", "month"],
        ["Fan club (yearly)", "membership", "year"],
      ]),
    );
    const preOrder = all.data.find((model) => model.title === "Pre-order");
    expect(preOrder?.productCount).toBeGreaterThan(0);
    const memberships = await read<StaffBillingModelItem[]>(
      await call("/billing-models?type=membership&q=yearly", "staff"),
    );
    expect(memberships.data.map((model) => model.title)).toEqual(["Fan club (yearly)"]);
    const wrong = await call("/billing-models?type=rental&sort=colour", "staff");
    expect(wrong.status).toBe(422);
    expect(Object.keys((await read(wrong)).errors ?? {}).sort()).toEqual(["sort", "type"]);
  });

  it("creates, reads and changes a model with an audit entry", async () => {
    const model = await store({ title: "  Limited run  ", type: "one_off" });
    expect(model).toMatchObject({ title: "Limited run", type: "one_off", period: null });
    const edit = await read<BillingModelEdit>(
      await call(`/billing-models/edit/${model.id}`, "staff"),
    );
    expect(edit.data).toEqual(model);
    const changed = await call("/billing-models/update", "staff", {
      id: model.id,
      type: "membership",
      period: "month",
      updatedAt: model.updatedAt,
    });
    expect(changed.status).toBe(200);
    expect((await read<BillingModelEdit>(changed)).data).toMatchObject({
      type: "membership",
      period: "month",
    });
    // Back to one-off: the period goes with the membership.
    const back = await read<BillingModelEdit>(
      await call("/billing-models/update", "staff", { id: model.id, type: "one_off" }),
    );
    expect(back.data.period).toBeNull();
    const entries = await auditOf(app, "billing-models", model.id);
    expect(entries.map((entry) => entry.action)).toEqual(["create", "update", "update"]);
    expect(entries[1]?.after).toMatchObject({ type: "membership", period: "month" });
    expect((await call("/billing-models/edit/999999", "staff")).status).toBe(404);
  });

  it("refuses a membership without a period, and a period on anything else (422, nothing written)", async () => {
    const before = await auditCount(app);
    const cases: Array<[unknown, string]> = [
      [{ title: "Club", type: "membership" }, "period"],
      [{ title: "Club", type: "membership", period: null }, "period"],
      [{ title: "Early", type: "pre_order", period: "year" }, "period"],
      [{ title: "Odd", type: "one_off", period: "fortnight" }, "period"],
      [{ title: "", type: "one_off" }, "title"],
      [{ title: "Rental", type: "rental" }, "type"],
      [{ title: "Extra", type: "one_off", price: 5 }, "body"],
    ];
    for (const [body, field] of cases) {
      const response = await call("/billing-models/store", "staff", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await read(response)).errors ?? {})).toContain(field);
    }
    const club = await store({ title: "Club", type: "membership", period: "year" });
    const dropped = await call("/billing-models/update", "staff", { id: club.id, period: null });
    expect(dropped.status).toBe(422);
    expect(Object.keys((await read(dropped)).errors ?? {})).toEqual(["period"]);
    expect(await auditCount(app)).toBe(before + 1);
  });

  it("assigns a model to products, keeping preOrder equal to 'its model is a pre-order'", async () => {
    const preOrder = await store({ title: "Spring pre-order", type: "pre_order" });
    const club = await store({ title: "Members", type: "membership", period: "month" });
    const base = {
      title: "Billing Test Tee",
      brandId,
      type: "t-shirt",
      variants: [{ price: 2000, stockOnHand: 3 }],
    };

    // A pre-order ships from its release date, so it needs one.
    const undated = await call("/products/store", "staff", {
      ...base,
      billingModelId: preOrder.id,
    });
    expect(undated.status).toBe(422);
    expect(Object.keys((await read(undated)).errors ?? {})).toEqual(["releaseDate"]);
    const unknown = await call("/products/store", "staff", { ...base, billingModelId: 999999 });
    expect(unknown.status).toBe(422);
    expect(Object.keys((await read(unknown)).errors ?? {})).toEqual(["billingModelId"]);

    const created = await call("/products/store", "staff", {
      ...base,
      billingModelId: preOrder.id,
      releaseDate: "2027-03-14",
    });
    expect(created.status).toBe(201);
    const product = (await read<ProductEdit>(created)).data;
    expect(product).toMatchObject({ billingModelId: preOrder.id, preOrder: true });

    // Clearing the date of a pre-order is refused; a membership is not a pre-order.
    const cleared = await call("/products/update", "staff", { id: product.id, releaseDate: null });
    expect(cleared.status).toBe(422);
    expect(Object.keys((await read(cleared)).errors ?? {})).toEqual(["releaseDate"]);
    const member = await read<ProductEdit>(
      await call("/products/update", "staff", { id: product.id, billingModelId: club.id }),
    );
    expect(member.data).toMatchObject({ billingModelId: club.id, preOrder: false });
    const again = await read<ProductEdit>(
      await call("/products/update", "staff", { id: product.id, billingModelId: preOrder.id }),
    );
    expect(again.data.preOrder).toBe(true);
    const oneOff = await read<ProductEdit>(
      await call("/products/update", "staff", { id: product.id, billingModelId: null }),
    );
    expect(oneOff.data).toMatchObject({ billingModelId: null, preOrder: false });
    // preOrder is the model's to say, never the form's.
    const told = await call("/products/update", "staff", { id: product.id, preOrder: true });
    expect(told.status).toBe(422);
  });

  it("deletes an unused model (admins only), and refuses one in use naming its products (409)", async () => {
    const spare = await store({ title: "Spare", type: "one_off" });
    expect((await call("/billing-models/destroy", "staff", { id: spare.id })).status).toBe(403);
    const deleted = await call("/billing-models/destroy", "admin", { id: spare.id });
    expect(deleted.status).toBe(200);
    expect((await read<{ ids: number[] }>(deleted)).data.ids).toEqual([spare.id]);
    expect(await auditOf(app, "billing-models", spare.id)).toHaveLength(2);

    const used = await store({ title: "Used pre-order", type: "pre_order" });
    const created = await call("/products/store", "staff", {
      title: "Harbour Pre-order Tee",
      brandId,
      type: "t-shirt",
      billingModelId: used.id,
      releaseDate: DEMO_PRE_ORDER_RELEASE,
    });
    expect(created.status).toBe(201);
    const other = await store({ title: "Other", type: "one_off" });
    const before = await auditCount(app);
    const refused = await call("/billing-models/destroy", "admin", { ids: [other.id, used.id] });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toContain("Harbour Pre-order Tee");
    // All or nothing: the unused one stays too.
    const left = await app.database.db
      .select({ id: billingModels.id })
      .from(billingModels)
      .where(eq(billingModels.id, other.id));
    expect(left).toHaveLength(1);
    expect(await auditCount(app)).toBe(before);
    // A model in use keeps its type: products sold on it would change underneath.
    const retyped = await call("/billing-models/update", "staff", { id: used.id, type: "one_off" });
    expect(retyped.status).toBe(409);
  });

  it("seeds the pre-orders on the Pre-order model, and the fan-club models to assign", async () => {
    const rows = await app.database.db
      .select({
        preOrder: products.preOrder,
        releaseDate: products.releaseDate,
        model: billingModels.title,
      })
      .from(products)
      .leftJoin(billingModels, eq(billingModels.id, products.billingModelId));
    for (const row of rows.filter((row) => row.preOrder)) expect(row.model).toMatch(/pre-order/i);
    expect(rows.some((row) => row.releaseDate === DEMO_PRE_ORDER_RELEASE && row.preOrder)).toBe(
      true,
    );
    // The seed's three come first; the tests above add their own after them.
    const models = await app.database.db.select().from(billingModels).orderBy(billingModels.id);
    expect(models.slice(0, 3).map((model) => [model.title, model.type, model.period])).toEqual([
      ["Pre-order", "pre_order", null],
      ["Fan club (monthly)", "membership", "month"],
      ["Fan club (yearly)", "membership", "year"],
    ]);
  });
});
