import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliveryOptionGroups, deliveryOptions } from "../../../server/delivery/schema.ts";
import { backOfficeOn, decode, fieldTag } from "../../../tests/support/admin-pages.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

// Issue 30: the delivery forms are codecs (common/delivery-forms.ts): every problem at once,
// beside its field, with pounds read once; posted as a browser without JavaScript does.
describe.each(databaseKinds)("the delivery forms on %s", (kind) => {
  const { app, pages } = backOfficeOn(kind);
  const db = () => app.database.db;

  const option = (fields: Record<string, string>) => ({
    groupId: "1",
    title: "Courier Plus",
    carrier: "Parcelfly",
    price: "4.95",
    freeOver: "",
    estimatedDaysMin: "1",
    estimatedDaysMax: "2",
    position: "",
    active: "true",
    ...fields,
  });

  it("says every problem of an option at once, each beside its field, and saves nothing", async () => {
    const before = await db().select().from(deliveryOptions);
    const refused = await pages.post(
      "/admin/delivery/options/new",
      pages.staff,
      option({ title: "", price: "four pounds", freeOver: "0", estimatedDaysMax: "a week" }),
    );
    expect(refused.status).toBe(422);
    const page = decode(await refused.text());
    for (const name of ["title", "price", "freeOver", "estimatedDaysMax"]) {
      expect(fieldTag(page, name), name).toContain('aria-invalid="true"');
    }
    expect(fieldTag(page, "carrier")).not.toContain('aria-invalid="true"');
    expect(page).toContain("Enter an amount in pounds, such as 3.95.");
    expect(page).toContain("Enter a number of working days, from 0 to 365.");
    expect(page).toContain("Enter an amount from £0.01 to £1,000,000.00.");
    // What was typed stays in the form.
    expect(fieldTag(page, "price")).toContain('value="four pounds"');
    expect(await db().select().from(deliveryOptions)).toHaveLength(before.length);
  });

  it("reads pounds as pence, and an empty place as first", async () => {
    const saved = await pages.post(
      "/admin/delivery/options/new",
      pages.staff,
      option({ title: "Courier Plus", price: "£1,004.5", freeOver: "75" }),
    );
    expect(saved.status, await saved.clone().text()).toBe(303);
    const [row] = await db()
      .select()
      .from(deliveryOptions)
      .where(eq(deliveryOptions.title, "Courier Plus"));
    expect(row).toMatchObject({ price: 100_450, freeOver: 7500, position: 0, active: true });
    const form = decode(await pages.html(`/admin/delivery/options/${row?.id}`));
    expect(fieldTag(form, "price")).toContain('value="1004.50"');
    expect(fieldTag(form, "freeOver")).toContain('value="75.00"');
  });

  it("puts an error about one of a group's countries beside the countries field", async () => {
    const refused = await pages.post("/admin/delivery/groups/new", pages.staff, {
      title: "Far Isles",
      position: "",
      countries: "GB, XX",
    });
    expect(refused.status).toBe(422);
    const page = decode(await refused.text());
    expect(fieldTag(page, "countries")).toContain('aria-invalid="true"');
    expect(page).toMatch(/name="countries"[^>]*>GB, XX<\/textarea>/);
    expect(
      await db()
        .select()
        .from(deliveryOptionGroups)
        .where(eq(deliveryOptionGroups.title, "Far Isles")),
    ).toEqual([]);
  });

  it("refuses a field named with a row number beyond what a list takes, and saves nothing", async () => {
    const before = await db().select().from(deliveryOptionGroups);
    const refused = await pages.post("/admin/delivery/groups/new", pages.staff, {
      title: "Huge Isles",
      countries: "GB",
      "rows[99999999].x": "1",
    });
    expect(refused.status).toBe(422);
    expect(await db().select().from(deliveryOptionGroups)).toHaveLength(before.length);
  });
});
