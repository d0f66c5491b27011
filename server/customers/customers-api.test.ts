import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  CustomerDataExport,
  StaffCustomerDetail,
  StaffCustomerItem,
} from "../../common/customers-admin.ts";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import {
  CUSTOMER_PASSWORD,
  makeAddress,
  makeCustomer,
  makeOrder,
  testAddress,
  unique,
} from "../../tests/support/customers.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { makeDiscount, usageOf } from "../../tests/support/discounts.ts";
import { makeBrand } from "../../tests/support/factories.ts";
import {
  auditCount,
  auditOf,
  read,
  signInEveryone,
  staffCaller,
  type Who,
} from "../../tests/support/staff-api.ts";
import { analyticsEvents } from "../analytics/schema.ts";
import { recordAudits } from "../audit/service.ts";
import { loginAttempts, passwordResets } from "../auth/schema.ts";
import { contactMessages } from "../content/schema.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { discountRedemptions } from "../discounts/schema.ts";
import { idempotencyKeys } from "../idempotency/schema.ts";
import { mailOutbox } from "../mail/schema.ts";
import { recordOrderEvent } from "../orders/events.ts";
import { orderLines, orders } from "../orders/schema.ts";
import { rateLimitHits } from "../platform/schema.ts";
import { customerAddresses, users } from "./schema.ts";

/** Every text, varchar and jsonb column (and text array) of every table: where data can hide. */
async function columnsHolding(app: TestApp, word: string): Promise<string[]> {
  const columns = (await app.database.db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public'
      and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`)) as unknown as {
    rows: Array<{ table_name: string; column_name: string }>;
  };
  const found: string[] = [];
  for (const { table_name, column_name } of columns.rows) {
    const result = (await app.database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where strpos(lower(${sql.identifier(column_name)}::text), lower(${word})) > 0`,
    )) as unknown as { rows: Array<{ n: number }> };
    if ((result.rows[0]?.n ?? 0) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

// Issue 15: customers as staff see them, UK GDPR erasure and the right-of-access export.
describe.each(databaseKinds)("staff API for customers on %s", (kind) => {
  let app: TestApp;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
  const tag = unique();
  let brand: { id: number; title: string };
  let big: Awaited<ReturnType<typeof makeCustomer>>;
  let small: Awaited<ReturnType<typeof makeCustomer>>;
  let guest: Awaited<ReturnType<typeof makeCustomer>>;

  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
    const db = app.database.db;
    brand = await makeBrand(db);
    big = await makeCustomer(db, { name: `Alma Big ${tag}`, consent: true });
    small = await makeCustomer(db, { name: `Bert Small ${tag}` });
    guest = await makeCustomer(db, { name: `Cleo Guest ${tag}`, guest: true });
    const line = (unitPrice: number) => ({ productId: 1, band: brand.title, unitPrice });
    await makeOrder(db, big, { lines: [line(5000), line(2500)] });
    await makeOrder(db, big, { lines: [line(4000)], refunded: 1500 });
    await makeOrder(db, big, { lines: [line(9900)], paid: false });
    await makeOrder(db, small, { lines: [line(1200)] });
    await makeOrder(db, guest, { lines: [line(3000)] });
    await makeAddress(
      db,
      big.id,
      "shipping",
      testAddress({ fullName: big.name, phone: "0113 496 0000" }),
    );
  });
  afterAll(() => app.close());

  it("lets staff in only: 401 without a token, 403 for a customer, erasure for admins only", async () => {
    expect((await call("/customers", "nobody")).status).toBe(401);
    expect((await call("/customers", "customer")).status).toBe(403);
    expect((await call(`/customers/edit/${big.id}`, "customer")).status).toBe(403);
    expect((await call(`/customers/export/${big.id}`, "customer")).status).toBe(403);
    expect((await call("/customers/export.csv", "customer")).status).toBe(403);
    expect((await call("/customers/destroy", "customer", { id: big.id })).status).toBe(403);
    expect((await call("/customers/destroy", "staff", { id: big.id })).status).toBe(403);
    expect((await call("/customers", "staff")).status).toBe(200);
  });

  it("lists customers with orders and lifetime spend (paid less refunds), searched, filtered, sorted", async () => {
    const page = await read<StaffCustomerItem[]>(
      await call(`/customers?q=${tag}&sort=-spend`, "staff"),
    );
    expect(page.data.map((row) => [row.name, row.kind, row.orderCount, row.lifetimeSpend])).toEqual(
      [
        [big.name, "registered", 3, 5000 + 2500 + 4000 - 1500],
        [guest.name, "guest", 1, 3000],
        [small.name, "registered", 1, 1200],
      ],
    );
    expect(page.meta?.total).toBe(3);
    const byEmail = await read<StaffCustomerItem[]>(
      await call(`/customers?q=${encodeURIComponent(small.email)}`, "staff"),
    );
    expect(byEmail.data.map((row) => row.id)).toEqual([small.id]);
    const guests = await read<StaffCustomerItem[]>(
      await call(`/customers?q=${tag}&kind=guest`, "staff"),
    );
    expect(guests.data.map((row) => row.id)).toEqual([guest.id]);
    const consenting = await read<StaffCustomerItem[]>(
      await call(`/customers?q=${tag}&consent=true`, "staff"),
    );
    expect(consenting.data.map((row) => row.id)).toEqual([big.id]);
    const byName = await read<StaffCustomerItem[]>(
      await call(`/customers?q=${tag}&sort=name`, "staff"),
    );
    expect(byName.data.map((row) => row.id)).toEqual([big.id, small.id, guest.id]);
    const byOrders = await read<StaffCustomerItem[]>(
      await call(`/customers?q=${tag}&sort=-orders`, "staff"),
    );
    expect(byOrders.data[0]?.id).toBe(big.id);
  });

  it("leaves staff accounts out: they are not customers", async () => {
    const staff = await read<StaffCustomerItem[]>(
      await call(`/customers?q=${encodeURIComponent(DEMO_ACCOUNTS.admin.email)}`, "staff"),
    );
    expect(staff.data).toEqual([]);
    const [admin] = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    expect((await call(`/customers/edit/${admin?.id}`, "staff")).status).toBe(404);
  });

  it("refuses a wrong query with a 422 naming each field", async () => {
    const wrong = await call("/customers?sort=colour&kind=vip&consent=maybe&segment=x", "staff");
    expect(wrong.status).toBe(422);
    expect(Object.keys((await read(wrong)).errors ?? {}).sort()).toEqual([
      "consent",
      "kind",
      "segment",
      "sort",
    ]);
    expect((await call("/customers/edit/abc", "staff")).status).toBe(404);
    expect((await call("/customers/edit/999999", "staff")).status).toBe(404);
  });

  it("shows one customer: details, addresses, orders, count, lifetime spend and consent", async () => {
    const answer = await read<StaffCustomerDetail>(
      await call(`/customers/edit/${big.id}`, "staff"),
    );
    expect(answer.data).toMatchObject({
      id: big.id,
      name: big.name,
      email: big.email,
      kind: "registered",
      marketingConsent: true,
      orderCount: 3,
      lifetimeSpend: 10000,
      erasedAt: null,
    });
    expect(answer.data.addresses).toEqual([
      expect.objectContaining({ kind: "shipping", fullName: big.name, phone: "0113 496 0000" }),
    ]);
    expect(answer.data.orders.map((order) => order.status).sort()).toEqual([
      "paid",
      "paid",
      "pending_payment",
    ]);
    expect(answer.data.orders[0]?.number).toMatch(/^EN-\d+$/);
    // The demo "Marketing list" holds everyone registered who said yes to marketing email.
    expect(answer.data.segments.map((segment) => segment.title)).toContain("Marketing list");
    const other = await read<StaffCustomerDetail>(
      await call(`/customers/edit/${small.id}`, "staff"),
    );
    expect(other.data.segments.map((segment) => segment.title)).not.toContain("Marketing list");
  });

  it("exports the list as CSV with the list's filters", async () => {
    const response = await call(`/customers/export.csv?q=${tag}&sort=name`, "staff");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="encore-customers-/,
    );
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("id,name,email,kind,marketing_consent,orders,lifetime_spend,joined");
    expect(lines.slice(1).map((line) => line.split(",").slice(1, 7))).toEqual([
      [big.name, big.email, "registered", "yes", "3", "100.00"],
      [small.name, small.email, "registered", "no", "1", "12.00"],
      [guest.name, guest.email, "guest", "no", "1", "30.00"],
    ]);
    const guests = await (await call(`/customers/export.csv?q=${tag}&kind=guest`, "staff")).text();
    expect(guests.trim().split("\r\n")).toHaveLength(2);
    expect((await call("/customers/export.csv?kind=vip", "staff")).status).toBe(422);
  });

  it("exports everything held about a customer as a JSON download", async () => {
    const db = app.database.db;
    const discount = await makeDiscount(db);
    const [order] = await db.select().from(orders).where(eq(orders.customerId, big.id)).limit(1);
    await db.insert(discountRedemptions).values({
      discountId: discount.id,
      email: big.email,
      customerId: big.id,
      orderId: order?.id,
    });
    await db.insert(contactMessages).values({
      name: big.name,
      email: big.email,
      topic: "order",
      message: "Where is my parcel?",
      clientKey: "127.0.0.1",
    });
    await db.insert(mailOutbox).values({
      recipient: big.email,
      subject: "Your order",
      text: "Thanks!",
      kind: "order-confirmation",
    });
    const response = await call(`/customers/export/${big.id}`, "staff");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toMatch(
      new RegExp(`^attachment; filename="encore-customer-${big.id}-`),
    );
    const data = (await response.json()) as CustomerDataExport;
    expect(data.account).toMatchObject({ id: big.id, email: big.email, marketingConsent: true });
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(3);
    const lines = data.orders.flatMap((exported) => exported.lines as unknown[]);
    expect(lines).toHaveLength(4);
    expect(data.orders[0]).toHaveProperty("shipments");
    expect(data.orders[0]).toHaveProperty("refunds");
    expect(data.discountUses).toEqual([{ code: discount.code, usedAt: expect.any(String) }]);
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ message: "Where is my parcel?", topic: "order" }),
    ]);
    expect(data.emails).toEqual([expect.objectContaining({ subject: "Your order" })]);
    expect(data.analytics.note).toContain("cookieless");
    expect((await call("/customers/export/999999", "staff")).status).toBe(404);
  });

  it("erases a customer under UK GDPR: nothing personal left anywhere, the money kept, tokens dead", async () => {
    const db = app.database.db;
    const id = randomBytes(3).toString("hex");
    const name = `Zephyrine Quillfeather${id}`;
    const email = `zephyrine-${id}@example.com`;
    const line1 = `${id} Marigold Lane`;
    const phone = `07700 9${parseInt(id, 16) % 100000}`;
    const postcode = "ZZ9 9ZZ";
    const person = await makeCustomer(db, { name, email, consent: true, canSignIn: true });
    const address = testAddress({ fullName: name, line1, phone, postcode, line2: "Flat Quill" });
    await makeAddress(db, person.id, "shipping", address);
    await makeAddress(db, person.id, "billing", address);
    const paid = await makeOrder(db, person, {
      lines: [{ productId: 1, band: brand.title, unitPrice: 2500, quantity: 2 }],
      address,
      refunded: 500,
    });
    // An order placed with their email before they had an account.
    const earlier = await makeOrder(
      db,
      { id: null, email },
      {
        lines: [{ productId: 1, band: brand.title, unitPrice: 1000 }],
        address,
      },
    );
    const discount = await makeDiscount(db);
    await db
      .insert(discountRedemptions)
      .values({ discountId: discount.id, email, customerId: person.id, orderId: paid.id });
    await recordOrderEvent(db, {
      orderId: paid.id,
      type: "email_sent",
      message: `Confirmation sent to ${email}`,
      detail: { to: email, name },
    });
    await recordAudits(db, [
      {
        actor: { id: 1, email: DEMO_ACCOUNTS.admin.email },
        action: "update",
        resource: "orders",
        resourceId: paid.id,
        label: `${paid.number} for ${name}`,
        before: { email },
        after: { email: "x@example.com" },
      },
    ]);
    await db.insert(mailOutbox).values([
      {
        recipient: email,
        subject: `Hello ${name}`,
        text: `Dear ${name}`,
        kind: "order-confirmation",
      },
      {
        recipient: "shop@example.com",
        replyTo: email,
        subject: "Contact",
        text: name,
        kind: "contact",
      },
    ]);
    await db.insert(contactMessages).values({
      name,
      email,
      topic: "other",
      message: `I live at ${line1}`,
      clientKey: "127.0.0.1",
    });
    await db.insert(loginAttempts).values({ email, clientKey: "127.0.0.1", succeeded: false });
    await db.insert(passwordResets).values({
      userId: person.id,
      tokenHash: randomBytes(32).toString("hex"),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await db.insert(idempotencyKeys).values({
      scope: `post /checkout/charge account ${person.id}`,
      key: randomBytes(8).toString("hex"),
      requestHash: "x",
      state: "done",
      outcome: { email, shippingAddress: address },
    });
    await db.insert(rateLimitHits).values({ bucket: "password-links", key: email });
    await db
      .insert(analyticsEvents)
      .values({ name: "search", path: "/search", searchTerm: email, device: "desktop" });
    const token = (await signedInCookie(app, { email, password: CUSTOMER_PASSWORD })).slice(
      "token=".length,
    );
    const asThem = () =>
      app.fetch("/api/user/user/show", { headers: { Authorization: `Bearer ${token}` } });
    expect((await asThem()).status).toBe(200);

    const moneyBefore = await db
      .select({
        id: orders.id,
        total: orders.total,
        refunded: orders.refundedTotal,
        vat: orders.vat,
      })
      .from(orders)
      .where(inArray(orders.id, [paid.id, earlier.id]))
      .orderBy(orders.id);
    const linesBefore = await db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [paid.id, earlier.id]));
    const usageBefore = await usageOf(db, discount.id);

    const answer = await call("/customers/destroy", "admin", { id: person.id });
    expect(answer.status).toBe(200);
    expect((await read<{ ids: number[] }>(answer)).data).toEqual({ ids: [person.id] });

    // Their token stops at once.
    expect((await asThem()).status).toBe(401);
    for (const word of [email, name, line1, phone, postcode, "Flat Quill"]) {
      expect({ word, columns: await columnsHolding(app, word) }).toEqual({ word, columns: [] });
    }
    const [account] = await db.select().from(users).where(eq(users.id, person.id));
    expect(account).toMatchObject({
      email: `erased-${person.id}@erased.invalid`,
      name: "Erased customer",
      passwordHash: null,
      marketingConsent: false,
    });
    expect(account?.erasedAt).toBeInstanceOf(Date);
    expect(
      await db.select().from(customerAddresses).where(eq(customerAddresses.userId, person.id)),
    ).toEqual([]);
    // The accounts keep every order, its money, lines and country.
    const moneyAfter = await db
      .select({
        id: orders.id,
        total: orders.total,
        refunded: orders.refundedTotal,
        vat: orders.vat,
      })
      .from(orders)
      .where(inArray(orders.id, [paid.id, earlier.id]))
      .orderBy(orders.id);
    expect(moneyAfter).toEqual(moneyBefore);
    const linesAfter = await db
      .select()
      .from(orderLines)
      .where(inArray(orderLines.orderId, [paid.id, earlier.id]));
    expect(linesAfter).toEqual(linesBefore);
    const [kept] = await db.select().from(orders).where(eq(orders.id, earlier.id));
    expect(kept?.email).toBe(`erased-${person.id}@erased.invalid`);
    expect(kept?.shippingAddress).toEqual({
      fullName: "Erased customer",
      line1: "",
      city: "",
      postcode: "",
      country: "GB",
    });
    expect(await usageOf(db, discount.id)).toEqual(usageBefore);
    // Queued mail to them is never sent.
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email))).toEqual([]);
    // The audit entry says erased, without the personal data.
    const [entry] = await auditOf(app, "customers", person.id);
    expect(entry).toMatchObject({ action: "delete", label: `Erased customer #${person.id}` });
    expect(JSON.stringify(entry)).not.toContain(email);
    // Erased customers leave the list unless asked for.
    const hidden = await read<StaffCustomerItem[]>(
      await call(`/customers?q=${person.id}`, "staff"),
    );
    expect(hidden.data.map((row) => row.id)).not.toContain(person.id);
    const shown = await read<StaffCustomerItem[]>(
      await call(`/customers?q=erased-${person.id}@&erased=true`, "staff"),
    );
    expect(shown.data).toEqual([expect.objectContaining({ id: person.id, erased: true })]);
    // Once is enough.
    expect((await call("/customers/destroy", "admin", { id: person.id })).status).toBe(409);
  });

  it("refuses to erase a staff account or nobody, and writes nothing then", async () => {
    const [staff] = await app.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.staff.email));
    const before = await auditCount(app);
    const refused = await call("/customers/destroy", "admin", { ids: [small.id, staff?.id] });
    expect(refused.status).toBe(409);
    expect((await read(refused)).message).toContain("staff account");
    const [still] = await app.database.db.select().from(users).where(eq(users.id, small.id));
    expect(still?.email).toBe(small.email);
    expect(await auditCount(app)).toBe(before);
    expect((await call("/customers/destroy", "admin", { id: 999999 })).status).toBe(404);
    const bad = await call("/customers/destroy", "admin", {});
    expect(bad.status).toBe(422);
    expect((await call("/customers/destroy", "admin", { ids: [] })).status).toBe(422);
  });
});
