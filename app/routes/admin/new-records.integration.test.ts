import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setCookie } from "../../../server/auth/test-helpers.ts";
import { billingModels } from "../../../server/billing/schema.ts";
import { attributeTypes, brands, productCollections } from "../../../server/catalog/schema.ts";
import { deliveryOptionGroups } from "../../../server/delivery/schema.ts";
import { backOfficeOn, decode, flashOf } from "../../../tests/support/admin-pages.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

// Issue 30: after creating a record staff land on the record, not on page 1 of a list where it
// may not be; the success message is shown there. Posted as a browser without JavaScript does.
describe.each(databaseKinds)("a new record's landing on %s", (kind) => {
  const { app, pages } = backOfficeOn(kind);

  /** Posts the new form, and checks it lands on `recordPath(id)` with `message` shown there. */
  async function landsOnRecord(
    newPath: string,
    fields: Record<string, string>,
    idOf: () => Promise<number | undefined>,
    recordPath: (id: number) => string,
    message: string,
  ) {
    const response = await pages.post(newPath, pages.staff, fields);
    expect(response.status, await response.clone().text()).toBe(303);
    const id = await idOf();
    expect(id).toBeDefined();
    expect(response.headers.get("location")).toBe(recordPath(id ?? 0));
    expect(flashOf(response)).toEqual([message]);
    const landed = await app.fetch(recordPath(id ?? 0), {
      headers: {
        Cookie: `${pages.staff}; flash=${encodeURIComponent(setCookie(response, "flash")?.value ?? "")}`,
      },
    });
    expect(landed.status).toBe(200);
    expect(decode(await landed.text())).toContain(message);
  }
  const db = () => app.database.db;

  it("a new band lands on the band's page", async () => {
    await landsOnRecord(
      "/admin/bands/new",
      { title: "Landing Lights", story: "", genre: "", origin: "" },
      async () =>
        (await db().select().from(brands).where(eq(brands.title, "Landing Lights")))[0]?.id,
      (id) => `/admin/bands/${id}`,
      "Added the band “Landing Lights”.",
    );
  });

  it("a new collection lands on the collection's page", async () => {
    await landsOnRecord(
      "/admin/collections/new",
      {
        title: "Landing Picks",
        slug: "",
        description: "",
        heroFileId: "",
        position: "",
        kind: "curated",
      },
      async () =>
        (
          await db()
            .select()
            .from(productCollections)
            .where(eq(productCollections.title, "Landing Picks"))
        )[0]?.id,
      (id) => `/admin/collections/${id}`,
      "Added the collection “Landing Picks”.",
    );
  });

  it("a new billing model lands on the billing model's page", async () => {
    await landsOnRecord(
      "/admin/billing-models/new",
      { title: "Landing Club", type: "one_off", period: "" },
      async () =>
        (await db().select().from(billingModels).where(eq(billingModels.title, "Landing Club")))[0]
          ?.id,
      (id) => `/admin/billing-models/${id}`,
      "Added the billing model “Landing Club”.",
    );
  });

  it("a new attribute type lands on the attribute type's page", async () => {
    await landsOnRecord(
      "/admin/attribute-types/new",
      { title: "Landing Fit", slug: "", display: "buttons", position: "" },
      async () =>
        (await db().select().from(attributeTypes).where(eq(attributeTypes.title, "Landing Fit")))[0]
          ?.id,
      (id) => `/admin/attribute-types/${id}`,
      "Added the attribute type “Landing Fit”.",
    );
  });

  it("a new delivery group lands on the group's page, under /admin/delivery/groups", async () => {
    await landsOnRecord(
      "/admin/delivery/groups/new",
      { title: "Landing Isles", position: "0", countries: "" },
      async () =>
        (
          await db()
            .select()
            .from(deliveryOptionGroups)
            .where(eq(deliveryOptionGroups.title, "Landing Isles"))
        )[0]?.id,
      (id) => `/admin/delivery/groups/${id}`,
      "Added the delivery group “Landing Isles”.",
    );
  });
});
