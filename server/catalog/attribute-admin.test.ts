import { asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttributeView } from "../../common/catalog.ts";
import type {
  AttributeEdit,
  AttributeTypeEdit,
  StaffAttributeItem,
  StaffAttributeTypeItem,
} from "../../common/catalog-admin.ts";
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
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { attributes, attributeTypes } from "./schema.ts";

// Issue 14: option types (Size, Colour …) and their values as staff resources (decision 0014).
describe.each(databaseKinds)("staff API for option types and values on %s", (kind) => {
  let app: TestApp;
  let call: (path: string, who: Who, body?: unknown) => Promise<Response>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    call = staffCaller(app, await signInEveryone(app));
  });
  afterAll(() => app.close());

  const typeBySlug = async (slug: string) =>
    (
      await app.database.db
        .select({ id: attributeTypes.id, title: attributeTypes.title })
        .from(attributeTypes)
        .where(eq(attributeTypes.slug, slug))
    )[0] as { id: number; title: string };
  const valueCount = async () =>
    (await app.database.db.select({ n: count() }).from(attributes))[0]?.n ?? 0;

  it("lets staff in only: 401 without a token, 403 for a customer and for staff deleting", async () => {
    for (const resource of ["product-attribute-types", "product-attributes"]) {
      expect((await call(`/${resource}`, "nobody")).status).toBe(401);
      expect((await call(`/${resource}`, "customer")).status).toBe(403);
      expect((await call(`/${resource}/store`, "customer", { title: "X" })).status).toBe(403);
      expect((await call(`/${resource}/destroy`, "staff", { id: 1 })).status).toBe(403);
      expect((await call(`/${resource}`, "staff")).status).toBe(200);
    }
  });

  it("lists types and values in the shop's order, with what uses them", async () => {
    const types = await read<StaffAttributeTypeItem[]>(
      await call("/product-attribute-types", "staff"),
    );
    expect(types.data.slice(0, 2).map((type) => type.title)).toEqual(["Size", "Colour"]);
    const size = types.data[0] as StaffAttributeTypeItem;
    expect(size.valueCount).toBe(7);
    expect(size.variantCount).toBeGreaterThan(100);

    const values = await read<StaffAttributeItem[]>(
      await call(`/product-attributes?type=${size.id}&perPage=100`, "staff"),
    );
    expect(values.data.map((value) => value.title)).toEqual([
      "XS",
      "S",
      "M",
      "L",
      "XL",
      "2XL",
      "3XL",
    ]);
    const medium = values.data[2] as StaffAttributeItem;
    expect(medium.variantCount).toBeGreaterThan(medium.productCount);
    expect(medium.attributeType).toMatchObject({ id: size.id, slug: "size" });
    const busiest = await read<StaffAttributeItem[]>(
      await call("/product-attributes?sort=-variants&perPage=5", "staff"),
    );
    const counts = busiest.data.map((value) => value.variantCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const found = await read<StaffAttributeItem[]>(
      await call("/product-attributes?q=navy", "staff"),
    );
    expect(found.data.map((value) => value.slug)).toEqual(["navy"]);
    const wrong = await call("/product-attributes?type=size&sort=colour", "staff");
    expect(wrong.status).toBe(422);
    expect(Object.keys((await read(wrong)).errors ?? {}).sort()).toEqual(["sort", "type"]);
  });

  it("creates a type and its values, placed last unless told, audited, in the shop at once", async () => {
    const created = await call("/product-attribute-types/store", "staff", {
      title: "Sleeve length",
      display: "buttons",
    });
    expect(created.status).toBe(201);
    const { data: sleeve } = await read<AttributeTypeEdit>(created);
    expect(sleeve).toMatchObject({ slug: "sleeve-length", display: "buttons" });
    const types = await read<StaffAttributeTypeItem[]>(
      await call("/product-attribute-types?sort=-position&perPage=1", "staff"),
    );
    expect(types.data[0]?.id).toBe(sleeve.id);
    expect((await auditOf(app, "product-attribute-types", sleeve.id))[0]).toMatchObject({
      action: "create",
      actorEmail: DEMO_ACCOUNTS.staff.email,
      label: "Sleeve length",
      after: { title: "Sleeve length", slug: "sleeve-length" },
    });

    // The shop's list of values is cached; a new value shows in it straight away.
    const shopValues = async () =>
      (
        await read<AttributeView[]>(await app.fetch(`/api/product-attributes?types=${sleeve.id}`))
      ).data.map((value) => value.title);
    expect(await shopValues()).toEqual([]);
    const values: AttributeEdit[] = [];
    for (const title of ["Short", "Long"]) {
      const response = await call("/product-attributes/store", "staff", {
        attributeTypeId: sleeve.id,
        title,
      });
      expect(response.status).toBe(201);
      values.push((await read<AttributeEdit>(response)).data);
    }
    expect(values.map((value) => [value.slug, value.position])).toEqual([
      ["short", 0],
      ["long", 1],
    ]);
    expect(await shopValues()).toEqual(["Short", "Long"]);
    const first = await call("/product-attributes/store", "staff", {
      attributeTypeId: sleeve.id,
      title: "Three-quarter",
      position: 0,
      swatch: "#A0B0C0",
    });
    expect((await read<AttributeEdit>(first)).data).toMatchObject({
      position: 0,
      swatch: "#a0b0c0",
    });
    // The same value name in another type is fine: slugs are unique within a type.
    const size = await typeBySlug("size");
    const again = await call("/product-attributes/store", "staff", {
      attributeTypeId: size.id,
      title: "Short",
    });
    expect((await read<AttributeEdit>(again)).data.slug).toBe("short");
  });

  it("refuses bad input with a 422 naming the field, and writes nothing", async () => {
    const size = await typeBySlug("size");
    const before = await valueCount();
    const entries = await auditCount(app);
    const cases: Array<[string, unknown, string]> = [
      ["/product-attribute-types/store", {}, "title"],
      ["/product-attribute-types/store", { title: "Fit 2", display: "dropdown" }, "display"],
      ["/product-attribute-types/store", { title: "Fit 2", slug: "size" }, "slug"],
      ["/product-attribute-types/store", { title: "Fit 2", position: -1 }, "position"],
      ["/product-attributes/store", { title: "XXL" }, "attributeTypeId"],
      [
        "/product-attributes/store",
        { attributeTypeId: 99_999_999, title: "XXL" },
        "attributeTypeId",
      ],
      [
        "/product-attributes/store",
        { attributeTypeId: size.id, title: "XXL", swatch: "red" },
        "swatch",
      ],
      [
        "/product-attributes/store",
        { attributeTypeId: size.id, title: "Medium", slug: "m" },
        "slug",
      ],
      ["/product-attributes/store", { attributeTypeId: size.id, title: "XXL", colour: 1 }, "body"],
    ];
    for (const [path, body, field] of cases) {
      const response = await call(path, "staff", body);
      expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(422);
      expect(Object.keys((await read(response)).errors ?? {})).toContain(field);
    }
    // A value stays with its type: moving it could give a variant two sizes.
    const [medium] = await app.database.db
      .select({ id: attributes.id })
      .from(attributes)
      .where(eq(attributes.attributeTypeId, size.id))
      .orderBy(asc(attributes.position))
      .offset(2)
      .limit(1);
    const moved = await call("/product-attributes/update", "staff", {
      id: medium?.id,
      attributeTypeId: (await typeBySlug("colour")).id,
    });
    expect(moved.status).toBe(422);
    expect(await valueCount()).toBe(before);
    expect(await auditCount(app)).toBe(entries);
  });

  it("changes only what is sent, records it, and refuses a stale save", async () => {
    const { data: type } = await read<AttributeTypeEdit>(
      await call("/product-attribute-types/store", "staff", { title: "Edition" }),
    );
    const { data: value } = await read<AttributeEdit>(
      await call("/product-attributes/store", "staff", {
        attributeTypeId: type.id,
        title: "First",
      }),
    );
    const renamed = await call("/product-attributes/update", "staff", {
      id: value.id,
      title: "First pressing",
      updatedAt: value.updatedAt,
    });
    expect(renamed.status).toBe(200);
    expect((await read<AttributeEdit>(renamed)).data).toMatchObject({
      title: "First pressing",
      slug: "first",
    });
    expect((await auditOf(app, "product-attributes", value.id)).at(-1)).toMatchObject({
      action: "update",
      before: { title: "First" },
      after: { title: "First pressing" },
    });
    const stale = await call("/product-attributes/update", "staff", {
      id: value.id,
      title: "Second",
      updatedAt: value.updatedAt,
    });
    expect(stale.status).toBe(409);
    const display = await call("/product-attribute-types/update", "staff", {
      id: type.id,
      display: "swatches",
      updatedAt: type.updatedAt,
    });
    expect((await read<AttributeTypeEdit>(display)).data.display).toBe("swatches");
  });

  it("refuses to delete what variants use, saying what uses it; deletes the rest (admins)", async () => {
    const size = await typeBySlug("size");
    const [xl] = await app.database.db
      .select({ id: attributes.id })
      .from(attributes)
      .where(eq(attributes.slug, "xl"));
    const value = await call("/product-attributes/destroy", "admin", { id: xl?.id });
    expect(value.status).toBe(409);
    expect((await read(value)).message).toMatch(
      /^XL is used by \d+ variants of \d+ products: take it off them first\.$/,
    );
    const type = await call("/product-attribute-types/destroy", "admin", { id: size.id });
    expect(type.status).toBe(409);
    expect((await read(type)).message).toMatch(/^Size is used by \d+ variants of \d+ products/);

    const { data: unused } = await read<AttributeTypeEdit>(
      await call("/product-attribute-types/store", "staff", { title: "Signed" }),
    );
    const { data: yes } = await read<AttributeEdit>(
      await call("/product-attributes/store", "staff", {
        attributeTypeId: unused.id,
        title: "Yes",
      }),
    );
    // All or nothing: with a used value in the batch, the free one stays.
    expect(
      (await call("/product-attributes/destroy", "admin", { ids: [yes.id, xl?.id] })).status,
    ).toBe(409);
    expect((await call(`/product-attributes/edit/${yes.id}`, "staff")).status).toBe(200);
    expect((await call("/product-attributes/destroy", "admin", { id: yes.id })).status).toBe(200);
    expect((await auditOf(app, "product-attributes", yes.id)).at(-1)).toMatchObject({
      action: "delete",
      actorEmail: DEMO_ACCOUNTS.admin.email,
    });
    expect(
      (await call("/product-attribute-types/destroy", "admin", { id: unused.id })).status,
    ).toBe(200);
    expect((await call(`/product-attribute-types/edit/${unused.id}`, "staff")).status).toBe(404);
  });
});
