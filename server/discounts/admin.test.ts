import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  DiscountBatchView,
  DiscountEdit,
  StaffDiscountItem,
} from "../../common/discounts-admin.ts";
import { BATCH_CODE_ALPHABET } from "../../common/discounts-admin.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import {
  charge,
  makeCheckoutStock,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../tests/support/checkout.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeDiscount } from "../../tests/support/discounts.ts";
import { makeBrand } from "../../tests/support/factories.ts";
import {
  auditCount,
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";
import { auditEntries } from "../audit/schema.ts";
import { discountService, NEW_CODE_RULES, rulesProblem } from "./admin.ts";
import { discounts } from "./schema.ts";

const unique = () => `STAFF${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
const DAY = 86_400_000;

// Issue 15: discount codes for staff, on the resource pattern (decision 0014).
describe.each(databaseKinds)("staff API for discounts on %s", (kind) => {
  let app: TestApp;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
  let tracked48: number;
  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
    tracked48 = (await ukDeliveryOptions(app))[0]?.id ?? 0;
  });
  afterAll(() => app.close());

  const store = (body: Record<string, unknown>, who: Who = "staff") =>
    call("/discounts/store", who, body);
  const guestOrder = (variantId: number, code: string, email: string) =>
    charge(app, {
      lines: [{ id: variantId, quantity: 1 }],
      email,
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: tracked48,
      payment: { provider: "test", outcome: "success" },
      discount: code,
    });

  it("lets staff in only: 401 without a token, 403 for a customer, deletes for admins", async () => {
    expect((await call("/discounts", "nobody")).status).toBe(401);
    expect((await call("/discounts", "customer")).status).toBe(403);
    expect(
      (await store({ code: unique(), unitType: "fixed", value: 100 }, "customer")).status,
    ).toBe(403);
    expect((await call("/discounts/generate", "customer", {})).status).toBe(403);
    expect((await call("/discounts", "staff")).status).toBe(200);
    const code = await makeDiscount(app.database.db);
    expect((await call("/discounts/destroy", "staff", { id: code.id })).status).toBe(403);
    expect((await call("/discounts/destroy", "admin", { id: code.id })).status).toBe(200);
  });

  it("creates a code normalised to upper case with every rule, and audits it", async () => {
    const brand = await makeBrand(app.database.db);
    const code = unique();
    const startsAt = new Date(Date.now() + DAY).toISOString();
    const endsAt = new Date(Date.now() + 10 * DAY).toISOString();
    const response = await store({
      code: `  ${code.toLowerCase()} `,
      description: "Tour week",
      unitType: "percentage",
      value: 15,
      minSubtotal: 2000,
      startsAt,
      endsAt,
      usageLimit: 100,
      perCustomerLimit: 1,
      eligibleGroup: "registered",
      scope: "selected",
      targets: { brandIds: [brand.id] },
    });
    expect(response.status).toBe(201);
    const { data } = await read<DiscountEdit>(response);
    expect(data).toMatchObject({
      code,
      unitType: "percentage",
      value: 15,
      minSubtotal: 2000,
      startsAt,
      endsAt,
      usageLimit: 100,
      perCustomerLimit: 1,
      eligibleGroup: "registered",
      segmentId: null,
      scope: "selected",
      targets: [{ kind: "brand", id: brand.id, title: brand.title }],
      timesUsed: 0,
      recentRedemptions: [],
    });
    const [entry] = await auditOf(app, "discounts", data.id);
    expect(entry).toMatchObject({ action: "create", label: code });

    const list = await read<StaffDiscountItem[]>(
      await call(`/discounts?q=${code}&status=scheduled`, "staff"),
    );
    expect(list.data).toEqual([
      expect.objectContaining({ kind: "code", code, status: "scheduled", targetCount: 1 }),
    ]);
    const live = await read<StaffDiscountItem[]>(
      await call(`/discounts?q=${code}&status=live`, "staff"),
    );
    expect(live.data).toEqual([]);
  });

  it("refuses each rule as a 422 naming its field, writing nothing", async () => {
    const taken = await makeDiscount(app.database.db);
    const audits = await auditCount(app);
    const base = { code: unique(), unitType: "fixed", value: 500 };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, code: taken.code.toLowerCase() }, "code"],
      [{ ...base, code: "no spaces!" }, "code"],
      [{ ...base, code: "" }, "code"],
      [{ ...base, value: 0 }, "value"],
      [{ ...base, value: -5 }, "value"],
      [{ ...base, unitType: "percentage", value: 101 }, "value"],
      [{ ...base, unitType: "bogus" }, "unitType"],
      [{ ...base, minSubtotal: -1 }, "minSubtotal"],
      [{ ...base, startsAt: "tomorrow" }, "startsAt"],
      [
        {
          ...base,
          startsAt: new Date(Date.now() + DAY).toISOString(),
          endsAt: new Date().toISOString(),
        },
        "endsAt",
      ],
      [{ ...base, usageLimit: 0 }, "usageLimit"],
      [{ ...base, perCustomerLimit: 0 }, "perCustomerLimit"],
      [{ ...base, eligibleGroup: "segment" }, "segmentId"],
      [{ ...base, eligibleGroup: "segment", segmentId: 2_000_000 }, "segmentId"],
      [{ ...base, scope: "selected" }, "targets"],
      [{ ...base, scope: "selected", targets: { productIds: [2_000_000] } }, "targets"],
      [{ ...base, surprise: 1 }, ""],
    ];
    for (const [body, field] of cases) {
      const response = await store(body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { errors } = await read(response);
      if (field) expect(Object.keys(errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await auditCount(app)).toBe(audits);
  });

  it("checks a new code's rules with the type and value given, never made-up ones", async () => {
    const db = app.database.db;
    // Rules whose type or value is not known yet are checked without it (this reads the rules
    // without a type: no placeholder type is needed to check them).
    expect(await rulesProblem(db, { ...NEW_CODE_RULES(), value: 150 })).toBeUndefined();
    expect(await rulesProblem(db, { ...NEW_CODE_RULES(), unitType: "percentage" })).toBeUndefined();
    const check = (input: Parameters<NonNullable<typeof discountService.check>>[1]) =>
      discountService.check?.(db, input);
    expect(await check({ value: 150 })).toBeUndefined();
    expect(await check({ unitType: "percentage" })).toBeUndefined();
    expect(await check({ unitType: "percentage", value: 150 })).toMatchObject({
      field: "value",
      message: "A percentage is at most 100.",
    });
    // Through the API: a type that failed the schema leaves the value unjudged, and a value that
    // failed it is not judged as a percentage either.
    const bogus = await read(await store({ code: unique(), unitType: "bogus", value: 150 }));
    expect(Object.keys(bogus.errors ?? {})).toEqual(["unitType"]);
    const unread = await read(await store({ code: unique(), unitType: "percentage", value: "x" }));
    expect(Object.keys(unread.errors ?? {})).toEqual(["value"]);
    expect(unread.errors?.value).not.toContain("A percentage is at most 100.");
  });

  it("updates only what is sent, keeps the rules coherent, and refuses a stale save", async () => {
    const created = (
      await read<DiscountEdit>(await store({ code: unique(), unitType: "fixed", value: 500 }))
    ).data;
    const percentage = await call("/discounts/update", "staff", {
      id: created.id,
      unitType: "percentage",
    });
    // 500 as a percentage breaks the rule: the field at fault is named.
    expect(percentage.status).toBe(422);
    expect(Object.keys((await read(percentage)).errors ?? {})).toEqual(["value"]);
    const updated = await read<DiscountEdit>(
      await call("/discounts/update", "staff", {
        id: created.id,
        updatedAt: created.updatedAt,
        unitType: "percentage",
        value: 20,
      }),
    );
    expect(updated.data).toMatchObject({ unitType: "percentage", value: 20, code: created.code });
    const stale = await call("/discounts/update", "staff", {
      id: created.id,
      updatedAt: created.updatedAt,
      value: 25,
    });
    expect(stale.status).toBe(409);
    const entries = await auditOf(app, "discounts", created.id);
    expect(entries.map((entry) => entry.action)).toEqual(["create", "update"]);
    expect(entries[1]?.after).toEqual({ unitType: "percentage", value: 20 });
  });

  it("shows usage, refuses to delete a used code (409) and ends it now instead", async () => {
    const { teeId } = await makeCheckoutStock(app.database.db);
    const created = (
      await read<DiscountEdit>(await store({ code: unique(), unitType: "fixed", value: 300 }))
    ).data;
    const paid = await read<{ orderId: number; number: string; status: string }>(
      await guestOrder(teeId, created.code, "usage.fan@example.com"),
    );
    expect(paid.data.status).toBe("paid");

    const edit = (await read<DiscountEdit>(await call(`/discounts/edit/${created.id}`, "staff")))
      .data;
    expect(edit.timesUsed).toBe(1);
    expect(edit.recentRedemptions).toEqual([
      {
        orderId: paid.data.orderId,
        orderNumber: expect.stringMatching(/^EN-/),
        at: expect.any(String),
      },
    ]);
    // Staff see the order, not the shopper.
    expect(JSON.stringify(edit)).not.toContain("usage.fan");
    const listed = await read<StaffDiscountItem[]>(
      await call(`/discounts?q=${created.code}`, "staff"),
    );
    expect(listed.data[0]).toMatchObject({ timesUsed: 1, usageLimit: null });

    const destroy = await call("/discounts/destroy", "admin", { id: created.id });
    expect(destroy.status).toBe(409);
    expect((await read(destroy)).message).toBe(
      `${created.code} has been used 1 time: end it instead.`,
    );

    const ended = await call("/discounts/end", "staff", { id: created.id });
    expect(ended.status).toBe(200);
    const endedAt = (await read<DiscountEdit>(ended)).data.endsAt;
    expect(endedAt).not.toBeNull();
    expect(Date.parse(endedAt ?? "")).toBeLessThanOrEqual(Date.now());
    expect((await call("/discounts/end", "staff", { id: created.id })).status).toBe(409);
    const again = await read<{ status: string }>(
      await guestOrder(teeId, created.code, "another.fan@example.com"),
    );
    expect(again.data?.status).not.toBe("paid");
    const entries = await auditOf(app, "discounts", created.id);
    expect(entries.at(-1)).toMatchObject({ action: "update", after: { endsAt: endedAt } });

    const scheduled = await makeDiscount(app.database.db, {
      startsAt: new Date(Date.now() + DAY),
    });
    expect((await call("/discounts/end", "staff", { id: scheduled.id })).status).toBe(409);
    expect((await call("/discounts/end", "staff", { id: 2_000_000 })).status).toBe(404);
  });

  it("generates 500 unique single-use codes in one batch with one audit entry", async () => {
    const audits = await auditCount(app);
    const started = performance.now();
    const response = await call("/discounts/generate", "staff", {
      title: "Gulls mailing list",
      prefix: "gulls",
      count: 500,
      rules: { unitType: "percentage", value: 10 },
    });
    const took = performance.now() - started;
    expect(response.status).toBe(201);
    const batch = (await read<DiscountBatchView>(response)).data;
    expect(batch).toMatchObject({
      title: "Gulls mailing list",
      prefix: "GULLS",
      count: 500,
      used: 0,
    });
    expect(batch.rules).toMatchObject({ usageLimit: 1, perCustomerLimit: 1, value: 10 });
    expect(took).toBeLessThan(5000);
    const codes = await app.database.db
      .select({ code: discounts.code, usageLimit: discounts.usageLimit })
      .from(discounts)
      .where(eq(discounts.batchId, batch.id));
    expect(codes).toHaveLength(500);
    expect(new Set(codes.map((row) => row.code)).size).toBe(500);
    const shape = new RegExp(`^GULLS-[${BATCH_CODE_ALPHABET}]{4}-[${BATCH_CODE_ALPHABET}]{4}$`);
    for (const { code, usageLimit } of codes) {
      expect(code).toMatch(shape);
      expect(code.slice(6)).not.toMatch(/[01OI]/);
      expect(usageLimit).toBe(1);
    }
    expect(await auditCount(app)).toBe(audits + 1);
    const [entry] = await app.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.resource, "discount-batches"))
      .orderBy(auditEntries.id);
    expect(entry).toMatchObject({ action: "create", label: "Gulls mailing list" });

    // The list shows the batch as one row, its codes only when asked for.
    const list = await read<StaffDiscountItem[]>(
      await call("/discounts?q=Gulls%20mailing&perPage=100", "staff"),
    );
    expect(list.data.filter((row) => row.kind === "batch" && row.id === batch.id)).toEqual([
      expect.objectContaining({ code: "Gulls mailing list", usageLimit: 500, timesUsed: 0 }),
    ]);
    const ofBatch = await read<StaffDiscountItem[]>(
      await call(`/discounts?batch=${batch.id}`, "staff"),
    );
    expect(ofBatch.meta?.total).toBe(500);
    expect(ofBatch.data.every((row) => row.kind === "code")).toBe(true);

    // Single use: the second order with the same code is refused.
    const { teeId } = await makeCheckoutStock(app.database.db);
    const code = batch.sample[0] ?? "";
    const first = await read<{ status: string }>(await guestOrder(teeId, code, "one@example.com"));
    expect(first.data.status).toBe("paid");
    const second = await guestOrder(teeId, code, "two@example.com");
    expect(second.status).toBe(422);

    // The CSV lists every code, the used one with when.
    const csv = await call(`/discounts/batches/${batch.id}/codes.csv`, "staff");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("code,used,used at");
    expect(lines).toHaveLength(501);
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${code},yes,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`)),
    );
    expect(lines.filter((line) => line.endsWith(",no,"))).toHaveLength(499);
    const view = (
      await read<DiscountBatchView>(await call(`/discounts/batches/${batch.id}`, "staff"))
    ).data;
    expect(view.used).toBe(1);
    expect((await call("/discounts/batches/2000000/codes.csv", "staff")).status).toBe(404);
    expect((await call(`/discounts/batches/${batch.id}/codes.csv`, "customer")).status).toBe(403);
  });

  it("copies another code's rules into a batch, and refuses bad generation input by field", async () => {
    const brand = await makeBrand(app.database.db);
    const model = await makeDiscount(
      app.database.db,
      { unitType: "fixed", value: 700, scope: "selected" },
      { brandIds: [brand.id] },
    );
    const response = await call("/discounts/generate", "staff", {
      title: "Copied",
      prefix: "COPY",
      count: 3,
      copyFrom: model.id,
    });
    expect(response.status).toBe(201);
    const batch = (await read<DiscountBatchView>(response)).data;
    expect(batch.rules).toMatchObject({
      unitType: "fixed",
      value: 700,
      scope: "selected",
      usageLimit: 1,
      targets: [{ kind: "brand", id: brand.id }],
    });
    // Every batch is its own row of the list, however many there are.
    const batches = await read<StaffDiscountItem[]>(await call("/discounts?perPage=100", "staff"));
    expect(batches.data.filter((row) => row.kind === "batch" && row.id === batch.id)).toEqual([
      expect.objectContaining({ code: "Copied", usageLimit: 3, targetCount: 1 }),
    ]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: "", prefix: "A", count: 1, copyFrom: model.id }, "title"],
      [{ title: "T", prefix: "A-B", count: 1, copyFrom: model.id }, "prefix"],
      [{ title: "T", prefix: "A", count: 0, copyFrom: model.id }, "count"],
      [{ title: "T", prefix: "A", count: 10_001, copyFrom: model.id }, "count"],
      [{ title: "T", prefix: "A", count: 1 }, "rules"],
      [{ title: "T", prefix: "A", count: 1, copyFrom: 2_000_000 }, "copyFrom"],
      [
        { title: "T", prefix: "A", count: 1, rules: { unitType: "percentage", value: 120 } },
        "rules.value",
      ],
    ];
    for (const [body, field] of cases) {
      const refused = await call("/discounts/generate", "staff", body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await read(refused)).errors ?? {}), JSON.stringify(body)).toContain(
        field,
      );
    }
  });
});
