import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckoutQuote } from "../../common/checkout.ts";
import type {
  DeliveryGroupEdit,
  DeliveryOptionEdit,
  StaffDeliveryGroupItem,
  StaffDeliveryOptionItem,
} from "../../common/delivery-admin.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { charge, makeCheckoutStock, post, UK_ADDRESS } from "../../tests/support/checkout.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import {
  auditCount,
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";

const option = (groupId: number, extra: Record<string, unknown> = {}) => ({
  groupId,
  title: "Courier",
  carrier: "DHL",
  price: 1200,
  estimatedDaysMin: 2,
  estimatedDaysMax: 4,
  ...extra,
});

// Issue 15: delivery option groups and options for staff, on the resource pattern (0014).
describe.each(databaseKinds)("staff API for delivery on %s", (kind) => {
  let app: TestApp;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
  });
  afterAll(() => app.close());

  const newGroup = async (body: Record<string, unknown>) =>
    (await read<DeliveryGroupEdit>(await call("/delivery-option-groups/store", "staff", body)))
      .data;
  const quote = async (country: string, variantId: number, deliveryOptionId?: number) =>
    (
      await read<CheckoutQuote>(
        await post(app, "/api/checkout/show", {
          lines: [{ id: variantId, quantity: 1 }],
          country,
          ...(deliveryOptionId ? { deliveryOptionId } : {}),
        }),
      )
    ).data;

  it("lets staff in only, and deletes for admins only", async () => {
    for (const path of ["/delivery-option-groups", "/delivery-options"]) {
      expect((await call(path, "nobody")).status).toBe(401);
      expect((await call(path, "customer")).status).toBe(403);
      expect((await call(path, "staff")).status).toBe(200);
    }
    expect(
      (await call("/delivery-option-groups/store", "customer", { title: "Nope" })).status,
    ).toBe(403);
    const group = await newGroup({ title: "Empty", countries: [] });
    expect((await call("/delivery-option-groups/destroy", "staff", { id: group.id })).status).toBe(
      403,
    );
    expect((await call("/delivery-option-groups/destroy", "admin", { id: group.id })).status).toBe(
      200,
    );
  });

  it("lists the groups with their countries and options", async () => {
    const { data } = await read<StaffDeliveryGroupItem[]>(
      await call("/delivery-option-groups", "staff"),
    );
    expect(data.map((group) => group.title)).toEqual([
      "United Kingdom",
      "Europe",
      "Rest of the world",
    ]);
    expect(data[0]).toMatchObject({ countries: ["GB", "GG", "IM", "JE"], optionCount: 3 });
    const found = await read<StaffDeliveryGroupItem[]>(
      await call("/delivery-option-groups?q=fr", "staff"),
    );
    expect(found.data.map((group) => group.title)).toEqual(["Europe"]);
    const options = await read<StaffDeliveryOptionItem[]>(
      await call(`/delivery-options?group=${data[0]?.id}`, "staff"),
    );
    expect(options.data.map((row) => row.title)).toEqual([
      "UK Standard",
      "UK Express",
      "UK Next Working Day",
    ]);
  });

  it("serves a new country at once, and moves a country only when confirmed", async () => {
    const { teeId } = await makeCheckoutStock(app.database.db);
    // Russia is served by no group in the demo shop.
    const before = await post(app, "/api/delivery/option-groups/determined-delivery-option-group", {
      country: "RU",
      lines: [],
    });
    expect(before.status).toBe(422);

    const response = await call("/delivery-option-groups/store", "staff", {
      title: "Far east",
      position: 9,
      countries: ["RU"],
    });
    expect(response.status).toBe(201);
    const group = (await read<DeliveryGroupEdit>(response)).data;
    expect(group).toMatchObject({ title: "Far east", position: 9, countries: ["RU"] });
    expect((await auditOf(app, "delivery-option-groups", group.id))[0]).toMatchObject({
      action: "create",
    });
    const made = await call("/delivery-options/store", "staff", option(group.id));
    expect(made.status).toBe(201);
    const courier = (await read<DeliveryOptionEdit>(made)).data;
    expect(courier).toMatchObject({ price: 1200, active: true, freeOver: null, servesBfpo: false });
    expect((await quote("RU", teeId, courier.id)).delivery).toBe(1200);

    // France is Europe's: moving it is a 422 naming it unless confirmed.
    const audits = await auditCount(app);
    const moved = await call("/delivery-option-groups/update", "staff", {
      id: group.id,
      countries: ["RU", "FR"],
    });
    expect(moved.status).toBe(422);
    expect((await read(moved)).errors?.countries?.[0]).toContain("France (Europe)");
    expect(await auditCount(app)).toBe(audits);
    const confirmed = await call("/delivery-option-groups/update", "staff", {
      id: group.id,
      countries: ["RU", "FR"],
      moveCountries: true,
    });
    expect(confirmed.status).toBe(200);
    expect((await read<DeliveryGroupEdit>(confirmed)).data.countries).toEqual(["FR", "RU"]);
    expect((await quote("FR", teeId, courier.id)).delivery).toBe(1200);
    const europe = (
      await read<StaffDeliveryGroupItem[]>(await call("/delivery-option-groups?q=Europe", "staff"))
    ).data[0];
    expect(europe?.countries).not.toContain("FR");

    // A group with options cannot be deleted.
    const refused = await call("/delivery-option-groups/destroy", "admin", { id: group.id });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toContain("has 1 delivery option");
  });

  it("changes a price and checkout shows it at once; an inactive option leaves checkout", async () => {
    const { teeId } = await makeCheckoutStock(app.database.db);
    const uk = (
      await read<StaffDeliveryOptionItem[]>(await call("/delivery-options?q=UK%20Express", "staff"))
    ).data[0] as StaffDeliveryOptionItem;
    expect((await quote("GB", teeId, uk.id)).delivery).toBe(595);
    const changed = await call("/delivery-options/update", "staff", {
      id: uk.id,
      updatedAt: uk.updatedAt,
      price: 650,
      freeOver: 2000,
    });
    expect(changed.status).toBe(200);
    // £25 tee is over the new £20 threshold: free.
    expect((await quote("GB", teeId, uk.id)).delivery).toBe(0);
    await call("/delivery-options/update", "staff", { id: uk.id, freeOver: null });
    expect((await quote("GB", teeId, uk.id)).delivery).toBe(650);
    const entries = await auditOf(app, "delivery-options", uk.id);
    expect(entries[0]).toMatchObject({
      action: "update",
      before: { price: 595, freeOver: null },
      after: { price: 650, freeOver: 2000 },
    });

    await call("/delivery-options/update", "staff", { id: uk.id, active: false });
    const group = await post(app, "/api/delivery/option-groups/determined-delivery-option-group", {
      country: "GB",
      lines: [],
    });
    const titles = (
      (await group.json()) as { data: { options: Array<{ title: string }> } }
    ).data.options.map((row) => row.title);
    expect(titles).not.toContain("UK Express");
    await call("/delivery-options/update", "staff", { id: uk.id, active: true, price: 595 });
  });

  it("refuses bad options by field, and deleting one an order names (409)", async () => {
    const groups = (
      await read<StaffDeliveryGroupItem[]>(await call("/delivery-option-groups", "staff"))
    ).data;
    const ukId = groups[0]?.id ?? 0;
    const cases: Array<[Record<string, unknown>, string]> = [
      [option(ukId, { title: "" }), "title"],
      [option(ukId, { carrier: "" }), "carrier"],
      [option(ukId, { price: -1 }), "price"],
      [option(ukId, { price: 1.5 }), "price"],
      [option(ukId, { freeOver: 0 }), "freeOver"],
      [option(ukId, { estimatedDaysMin: -1 }), "estimatedDaysMin"],
      [option(ukId, { estimatedDaysMin: 5, estimatedDaysMax: 2 }), "estimatedDaysMax"],
      [option(2_000_000), "groupId"],
    ];
    for (const [body, field] of cases) {
      const response = await call("/delivery-options/store", "staff", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await read(response)).errors ?? {})).toContain(field);
    }
    const groupCases: Array<[Record<string, unknown>, string]> = [
      [{ title: "" }, "title"],
      [{ title: "X", countries: ["XX"] }, "countries.0"],
      [{ title: "X", countries: ["GB", "GB"] }, "countries"],
    ];
    for (const [body, field] of groupCases) {
      const response = await call("/delivery-option-groups/store", "staff", body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys((await read(response)).errors ?? {})).toContain(field);
    }

    const { teeId } = await makeCheckoutStock(app.database.db);
    const spare = (
      await read<DeliveryOptionEdit>(
        await call(
          "/delivery-options/store",
          "staff",
          option(ukId, { title: "Spare", price: 100 }),
        ),
      )
    ).data;
    const paid = await charge(app, {
      lines: [{ id: teeId, quantity: 1 }],
      email: "delivery.fan@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: spare.id,
      payment: { provider: "test", outcome: "success" },
    });
    expect(paid.status).toBe(200);
    const refused = await call("/delivery-options/destroy", "admin", { id: spare.id });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toBe(
      "Spare is named by 1 order: make it inactive instead.",
    );
    const unused = (
      await read<DeliveryOptionEdit>(
        await call("/delivery-options/store", "staff", option(ukId, { title: "Unused" })),
      )
    ).data;
    expect((await call("/delivery-options/destroy", "admin", { id: unused.id })).status).toBe(200);
  });
});
