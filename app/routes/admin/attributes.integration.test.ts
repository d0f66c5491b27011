import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { attributes, attributeTypes } from "../../../server/catalog/schema.ts";
import { backOfficeOn, fieldTag, flashOf, rowTitles } from "../../../tests/support/admin-pages.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeAttributeType } from "../../../tests/support/factories.ts";

// Issue 14: the attribute types' and attributes' back-office screens, by HTTP without JavaScript.
describe.each(databaseKinds)("the attribute screens on %s", (kind) => {
  const { app, pages } = backOfficeOn(kind);

  const db = () => app.database.db;
  const typeBySlug = async (slug: string) =>
    (await db().select().from(attributeTypes).where(eq(attributeTypes.slug, slug)))[0];

  it("lists the attribute types in their order, searched from the address", async () => {
    const types = await db().select().from(attributeTypes).orderBy(asc(attributeTypes.position));
    const list = await pages.html("/admin/attribute-types");
    expect(rowTitles(list, "attribute-types")).toEqual(types.map((type) => type.title));
    expect(list).toMatch(/aria-sort="ascending"[^>]*><a [^>]*>Position/);
    const found = await pages.html("/admin/attribute-types?q=colo");
    expect(rowTitles(found, "attribute-types")).toEqual(["Colour"]);
    expect(found).toContain("Swatches");
    expect((await pages.page("/admin/attribute-types", pages.customer)).status).toBe(403);
  });

  it("creates an attribute type by a form post, with errors beside the fields", async () => {
    const refused = await pages.post("/admin/attribute-types/new", pages.staff, {
      title: " ",
      slug: "Not A Slug",
      display: "buttons",
      position: "first",
    });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(fieldTag(page, "title")).toContain('aria-invalid="true"');
    expect(page).toContain("Enter the option's name.");
    expect(page).toContain("Enter a whole number from 0 to 100,000, or leave it empty.");
    expect(fieldTag(page, "position")).toContain('value="first"');

    const created = await pages.post("/admin/attribute-types/new", pages.staff, {
      title: "Sleeve",
      slug: "",
      display: "buttons",
      position: "",
    });
    expect(created.status).toBe(303);
    expect(flashOf(created)).toEqual(["Added the attribute type “Sleeve”."]);
    const sleeve = await typeBySlug("sleeve");
    expect(sleeve).toMatchObject({ title: "Sleeve", display: "buttons" });
    expect(created.headers.get("location")).toBe(`/admin/attribute-types/${sleeve?.id}`);
  });

  it("lists a type's values from the address's filter, with their swatches", async () => {
    const colour = await typeBySlug("colour");
    const values = await db()
      .select()
      .from(attributes)
      .where(eq(attributes.attributeTypeId, colour?.id ?? 0))
      .orderBy(asc(attributes.position));
    const list = await pages.html(`/admin/attributes?type=${colour?.id}&perPage=50`);
    expect(rowTitles(list, "attributes")).toEqual(values.map((value) => value.title));
    expect(list).toContain("Type: Colour");
    expect(list).toContain("background-color:#141414");
    const found = await pages.html(`/admin/attributes?type=${colour?.id}&q=navy`);
    expect(rowTitles(found, "attributes")).toEqual(["Navy"]);
    const wrong = await pages.html("/admin/attributes?type=blue");
    expect(wrong).toContain("Must be comma-separated ids.");
  });

  it("adds a value to a type by a form post, keeping what was typed when refused", async () => {
    const { type } = await makeAttributeType(db(), "Finish", ["Matt"]);
    const form = await pages.html(`/admin/attributes/new?type=${type.id}`);
    expect(form).toMatch(new RegExp(`<option value="${type.id}" selected="">Finish</option>`));

    const refused = await pages.post("/admin/attributes/new", pages.staff, {
      attributeTypeId: String(type.id),
      title: "Gloss",
      slug: "",
      swatch: "#12",
      position: "",
    });
    expect(refused.status).toBe(422);
    const page = await refused.text();
    expect(page).toContain("Enter a colour as #rrggbb.");
    expect(fieldTag(page, "swatch")).toContain('aria-invalid="true"');
    expect(fieldTag(page, "title")).toContain('value="Gloss"');

    const noType = await pages.post("/admin/attributes/new", pages.staff, {
      attributeTypeId: "",
      title: "Gloss",
    });
    expect(noType.status).toBe(422);
    expect(await noType.text()).toContain("Choose the attribute type.");

    const created = await pages.post("/admin/attributes/new", pages.staff, {
      attributeTypeId: String(type.id),
      title: "Gloss",
      slug: "",
      swatch: "#F4F3EF",
      position: "",
    });
    expect(created.status).toBe(303);
    expect(flashOf(created)).toEqual(["Added the attribute “Gloss”."]);
    const [gloss] = await db().select().from(attributes).where(eq(attributes.title, "Gloss"));
    expect(created.headers.get("location")).toBe(`/admin/attributes/${gloss?.id}`);
    expect(gloss).toMatchObject({ attributeTypeId: type.id, swatch: "#f4f3ef", position: 1 });

    // Issue 30: a colour picker beside the swatch field shows its colour; having no name, it
    // posts nothing, so the text field stays the value saved.
    const withPicker = await pages.html(`/admin/attributes/${gloss?.id}`);
    expect(fieldTag(withPicker, "swatch")).toContain('value="#f4f3ef"');
    const picker = withPicker.match(/<input[^>]*type="color"[^>]*>/)?.[0] ?? "";
    expect(picker).toContain('aria-label="Pick the swatch colour"');
    expect(picker).toContain('value="#f4f3ef"');
    expect(picker).not.toContain("name=");
    expect(withPicker.indexOf(picker)).toBeGreaterThan(withPicker.indexOf('name="swatch"'));

    // Its form keeps its type (a value never changes type) and saves the rest.
    const edit = await pages.html(`/admin/attributes/${gloss?.id}`);
    expect(edit).toContain("Finish: Gloss");
    expect(fieldTag(edit, "attributeTypeId")).toBeUndefined();
    const openedAt = edit.match(/name="updatedAt" value="([^"]+)"/)?.[1] ?? "";
    const saved = await pages.post(`/admin/attributes/${gloss?.id}`, pages.staff, {
      title: "High gloss",
      slug: "gloss",
      swatch: "",
      position: "0",
      updatedAt: openedAt,
    });
    expect(saved.status).toBe(303);
    const [after] = await db()
      .select()
      .from(attributes)
      .where(eq(attributes.id, gloss?.id ?? 0));
    expect(after).toMatchObject({ title: "High gloss", swatch: null, position: 0 });
  });

  it("refuses to delete a value that variants have, naming the use", async () => {
    const [black] = await db().select().from(attributes).where(eq(attributes.slug, "black"));
    const refused = await pages.post(`/admin/attributes/${black?.id}`, pages.admin, {
      intent: "delete",
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(
      /Black is used by \d+ variants of \d+ products: take it off them first./,
    );
  });
});
