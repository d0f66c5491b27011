import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffCustomerDetail, StaffCustomerItem } from "../../common/customers-admin.ts";
import type { SegmentRule } from "../../common/segments.ts";
import type { SegmentEdit, SegmentPreview, StaffSegmentItem } from "../../common/segments-admin.ts";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { makeCheckoutStock, post } from "../../tests/support/checkout.ts";
import { CUSTOMER_PASSWORD, makeCustomer, makeOrder } from "../../tests/support/customers.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeDiscount } from "../../tests/support/discounts.ts";
import { makeBrand, makeProduct } from "../../tests/support/factories.ts";
import {
  auditCount,
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";
import { users } from "../customers/schema.ts";
import { segments } from "./schema.ts";

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);

// Issue 15: segments, rule-based groups of customers with a live member count.
describe.each(databaseKinds)("staff API for segments on %s", (kind) => {
  let app: TestApp;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
  let bandA: { id: number; title: string };
  let bandB: { id: number; title: string };
  const ids: Record<string, number> = {};
  // Every customer of this test signed up after this day; the seed's long before.
  const ours: SegmentRule = { type: "signed-up-after", date: "2030-05-31" };

  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
    const db = app.database.db;
    bandA = await makeBrand(db);
    bandB = await makeBrand(db);
    const productA = await makeProduct(db, { brandId: bandA.id, variants: [{ price: 1000 }] });
    const productB = await makeProduct(db, { brandId: bandB.id, variants: [{ price: 1000 }] });
    const joined = new Date("2031-01-05T12:00:00Z");
    const customer = async (key: string, values: Parameters<typeof makeCustomer>[1] = {}) => {
      const row = await makeCustomer(db, { createdAt: joined, ...values });
      ids[key] = row.id;
      return row;
    };
    // c1: bought band A (the band renamed since: matched through the product), recently, £60.
    const c1 = await customer("c1", { consent: true });
    await makeOrder(db, c1, {
      lines: [{ productId: productA.product.id, band: "Old Name", unitPrice: 6000 }],
    });
    // c2: bought band A (the product deleted since: matched by the title), 100 days ago, £150
    // with £100 refunded.
    const c2 = await customer("c2");
    await makeOrder(db, c2, {
      lines: [{ productId: 999_999, band: bandA.title, unitPrice: 15_000 }],
      createdAt: daysAgo(100),
      refunded: 10_000,
    });
    await customer("c3", { consent: true });
    // A guest and an erased customer are never members, whatever they bought.
    const guest = await customer("guest", { guest: true, consent: true });
    await makeOrder(db, guest, {
      lines: [{ productId: productA.product.id, band: bandA.title, unitPrice: 9000 }],
    });
    const erased = await customer("erased", { consent: true });
    await makeOrder(db, erased, {
      lines: [{ productId: productA.product.id, band: bandA.title, unitPrice: 9000 }],
    });
    await db.update(users).set({ erasedAt: new Date() }).where(eq(users.id, erased.id));
    // c6: an unpaid order bought nothing.
    const c6 = await customer("c6", { consent: true });
    await makeOrder(db, c6, {
      lines: [{ productId: productA.product.id, band: bandA.title, unitPrice: 9000 }],
      paid: false,
    });
    // c7 signed up at 23:30 on 1 June 2030 in London (BST), c8 at 00:30 on 2 June.
    const c7 = await customer("c7", { createdAt: new Date("2030-06-01T22:30:00Z") });
    await makeOrder(db, c7, {
      lines: [{ productId: productB.product.id, band: bandB.title, unitPrice: 20_000 }],
    });
    await customer("c8", { consent: true, createdAt: new Date("2030-06-01T23:30:00Z") });
  });
  afterAll(() => app.close());

  const preview = async (rules: SegmentRule[]) => {
    const response = await call("/segments/preview", "staff", { rules });
    expect(response.status).toBe(200);
    return (await read<SegmentPreview>(response)).data;
  };
  const members = async (rules: SegmentRule[]) =>
    (await preview(rules)).sample.map((row) => row.id).sort((a, b) => a - b);
  const named = (...keys: string[]) =>
    keys.map((key) => ids[key]).sort((a, b) => (a ?? 0) - (b ?? 0));

  it("lets staff in only, and deleting is for admins", async () => {
    expect((await call("/segments", "nobody")).status).toBe(401);
    expect((await call("/segments", "customer")).status).toBe(403);
    expect((await call("/segments/preview", "customer", { rules: [ours] })).status).toBe(403);
    expect((await call("/segments/store", "customer", { title: "x", rules: [ours] })).status).toBe(
      403,
    );
    expect((await call("/segments/destroy", "staff", { id: 1 })).status).toBe(403);
    expect((await call("/segments", "staff")).status).toBe(200);
  });

  it("counts exactly the registered, unerased customers every rule holds for", async () => {
    const everyone = await preview([ours]);
    expect(everyone.count).toBe(6);
    // The preview's sample is the five newest members.
    expect(everyone.sample).toHaveLength(5);
    const band = (brandId: number): SegmentRule => ({ type: "bought-from-band", brandId });
    expect(await members([ours, band(bandA.id)])).toEqual(named("c1", "c2"));
    expect(await members([ours, band(bandB.id)])).toEqual(named("c7"));
    // Lifetime spend is paid less refunded: c2's £150 less £100 is £50, not over £50.
    expect(await members([ours, { type: "spent-over", amount: 5000 }])).toEqual(named("c1", "c7"));
    expect(await members([ours, { type: "spent-over", amount: 4999 }])).toEqual(
      named("c1", "c2", "c7"),
    );
    expect(await members([ours, { type: "ordered-within", days: 30 }])).toEqual(named("c1", "c7"));
    expect(await members([ours, { type: "ordered-within", days: 120 }])).toEqual(
      named("c1", "c2", "c7"),
    );
    expect(await members([ours, { type: "marketing-consent", consent: true }])).toEqual(
      named("c1", "c3", "c6", "c8"),
    );
    expect(await members([ours, { type: "marketing-consent", consent: false }])).toEqual(
      named("c2", "c7"),
    );
    // After 1 June in London: from midnight BST, so 23:30 on the 1st is not after, 00:30 is.
    expect(await members([{ type: "signed-up-after", date: "2030-06-01" }])).toEqual(
      named("c1", "c2", "c3", "c6", "c8"),
    );
    expect(
      await members([ours, band(bandA.id), { type: "marketing-consent", consent: true }]),
    ).toEqual(named("c1"));
    expect(
      await members([
        ours,
        band(bandA.id),
        { type: "ordered-within", days: 30 },
        { type: "spent-over", amount: 5000 },
      ]),
    ).toEqual(named("c1"));
    const none = await preview([
      ours,
      band(bandA.id),
      { type: "marketing-consent", consent: false },
      { type: "ordered-within", days: 30 },
    ]);
    expect(none).toEqual({ count: 0, sample: [] });
  });

  it("refuses rules that are wrong with a 422 naming the field", async () => {
    const empty = await call("/segments/preview", "staff", { rules: [] });
    expect(empty.status).toBe(422);
    expect(Object.keys((await read(empty)).errors ?? {})).toEqual(["rules"]);
    const wrong = await call("/segments/preview", "staff", {
      rules: [ours, { type: "spent-over", amount: -1 }, { type: "signed-up-after", date: "soon" }],
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys((await read(wrong)).errors ?? {}).sort()).toEqual([
      "rules.1.amount",
      "rules.2.date",
    ]);
    const noBand = await call("/segments/preview", "staff", {
      rules: [ours, { type: "bought-from-band", brandId: 999_999 }],
    });
    expect(noBand.status).toBe(422);
    expect((await read(noBand)).errors).toEqual({
      "rules.1.brandId": ["Choose a band from the list."],
    });
    const before = await auditCount(app);
    const untitled = await call("/segments/store", "staff", { title: " ", rules: [ours] });
    expect(untitled.status).toBe(422);
    expect(Object.keys((await read(untitled)).errors ?? {})).toEqual(["title"]);
    expect(await auditCount(app)).toBe(before);
  });

  it("stores, lists with member counts, shows, updates and deletes a segment, audited", async () => {
    const created = await call("/segments/store", "staff", {
      title: "Band A buyers",
      rules: [ours, { type: "bought-from-band", brandId: bandA.id }],
    });
    expect(created.status).toBe(201);
    const segment = (await read<SegmentEdit>(created)).data;
    expect(segment).toMatchObject({ title: "Band A buyers", description: "", memberCount: 2 });
    const list = await read<StaffSegmentItem[]>(await call("/segments?q=Band%20A", "staff"));
    expect(list.data).toEqual([
      expect.objectContaining({ id: segment.id, memberCount: 2, ruleCount: 2 }),
    ]);
    const shown = await read<SegmentEdit>(await call(`/segments/edit/${segment.id}`, "staff"));
    expect(shown.data.rules).toEqual([ours, { type: "bought-from-band", brandId: bandA.id }]);
    const updated = await call("/segments/update", "staff", {
      id: segment.id,
      rules: [ours, { type: "marketing-consent", consent: true }],
      updatedAt: segment.updatedAt,
    });
    expect(updated.status).toBe(200);
    expect((await read<SegmentEdit>(updated)).data.memberCount).toBe(4);
    const stale = await call("/segments/update", "staff", {
      id: segment.id,
      title: "Late",
      updatedAt: segment.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect((await auditOf(app, "segments", segment.id)).map((entry) => entry.action)).toEqual([
      "create",
      "update",
    ]);
    const gone = await call("/segments/destroy", "admin", { id: segment.id });
    expect(gone.status).toBe(200);
    expect(
      await app.database.db.select().from(segments).where(eq(segments.id, segment.id)),
    ).toEqual([]);
  });

  it("filters the customer list by segment and shows a customer's segments", async () => {
    const segment = (
      await read<SegmentEdit>(
        await call("/segments/store", "staff", {
          title: "Big spenders",
          rules: [ours, { type: "spent-over", amount: 5000 }],
        }),
      )
    ).data;
    const list = await read<StaffCustomerItem[]>(
      await call(`/customers?segment=${segment.id}&sort=name`, "staff"),
    );
    expect(list.data.map((row) => row.id).sort()).toEqual(named("c1", "c7").sort());
    const detail = await read<StaffCustomerDetail>(
      await call(`/customers/edit/${ids.c1}`, "staff"),
    );
    expect(detail.data.segments).toEqual(
      expect.arrayContaining([{ id: segment.id, title: "Big spenders" }]),
    );
    const outsider = await read<StaffCustomerDetail>(
      await call(`/customers/edit/${ids.c3}`, "staff"),
    );
    expect(outsider.data.segments.map((one) => one.id)).not.toContain(segment.id);
  });

  it("refuses to delete a segment a discount code is limited to, naming the code", async () => {
    const segment = (
      await read<SegmentEdit>(
        await call("/segments/store", "staff", { title: "Code holders", rules: [ours] }),
      )
    ).data;
    const code = await makeDiscount(app.database.db, {
      eligibleGroup: "segment",
      segmentId: segment.id,
    });
    const refused = await call("/segments/destroy", "admin", { ids: [segment.id] });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toContain(code.code);
    expect(
      await app.database.db.select().from(segments).where(eq(segments.id, segment.id)),
    ).toHaveLength(1);
  });

  it("lets a member use a segment's code at the basket and checkout, and not anyone else", async () => {
    const db = app.database.db;
    const member = await makeCustomer(db, {
      consent: true,
      canSignIn: true,
      createdAt: new Date("2031-02-01T00:00:00Z"),
    });
    const outsider = await makeCustomer(db, {
      consent: false,
      canSignIn: true,
      createdAt: new Date("2031-02-01T00:00:00Z"),
    });
    const segment = (
      await read<SegmentEdit>(
        await call("/segments/store", "staff", {
          title: "Fans who said yes",
          rules: [ours, { type: "marketing-consent", consent: true }],
        }),
      )
    ).data;
    const code = await makeDiscount(db, { eligibleGroup: "segment", segmentId: segment.id });
    const { teeId } = await makeCheckoutStock(db);
    const bearer = async (email: string) => ({
      Authorization: `Bearer ${(await signedInCookie(app, { email, password: CUSTOMER_PASSWORD })).slice("token=".length)}`,
    });
    const lines = [{ id: teeId, quantity: 1 }];
    const asMember = await bearer(member.email);
    const asOutsider = await bearer(outsider.email);
    const applied = await post(
      app,
      "/api/discounts/basket/apply",
      { discount: code.code, lines },
      asMember,
    );
    expect(applied.status).toBe(200);
    expect((await read<{ discount: number }>(applied)).data.discount).toBe(250);
    const refused = await post(
      app,
      "/api/discounts/basket/apply",
      { discount: code.code, lines },
      asOutsider,
    );
    expect(refused.status).toBe(422);
    expect((await read(refused)).errors).toEqual({
      discount: ["This code is not available on your account"],
    });
    const anonymous = await post(app, "/api/discounts/basket/apply", {
      discount: code.code,
      lines,
    });
    expect(anonymous.status).toBe(422);
    const quote = async (headers: Record<string, string>) =>
      (
        await read<{ discount: number; discountProblem: string | null }>(
          await post(
            app,
            "/api/checkout/show",
            { lines, discount: code.code, country: "GB" },
            headers,
          ),
        )
      ).data;
    expect(await quote(asMember)).toMatchObject({ discount: 250, discountProblem: null });
    expect(await quote(asOutsider)).toMatchObject({
      discount: 0,
      discountProblem: "This code is not available on your account",
    });
  });

  it("still answers the eligible user groups discounts can be limited to", async () => {
    const groups = await read<Array<{ id: string }>>(await app.fetch("/api/eligible-user-groups"));
    expect(groups.data.map((group) => group.id)).toEqual([
      "everyone",
      "guests",
      "registered",
      "segment",
    ]);
  });
});
