import { stringify } from "csv-stringify/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIT_RESOURCE_LABELS } from "../../../common/audit-labels.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeAttributeType, makeBrand, makeProduct } from "../../../tests/support/factories.ts";

/**
 * What a person sees of a page: its text without scripts (the loader's data, which keeps the
 * API's names), tags or screen-reader-only words, spaced as the page lays it out.
 */
const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<title>[\s\S]*?<\/title>/g, " ")
    .replace(/<span class="sr-only">[^<]*<\/span>/g, "")
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replace(/\s+/g, " ");

// Issue 30: the audit log reads as staff speak: screen names, changes in words, imports marked.
describe.each(databaseKinds)("the audit log in words on %s", (kind) => {
  let app: TestApp;
  let staff: string;
  beforeAll(async () => {
    app = await startTestApp(kind);
    staff = await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin");
  });
  afterAll(() => app.close());

  const html = async (path: string) => {
    const response = await app.fetch(path, { headers: { Cookie: staff } });
    expect(response.status, path).toBe(200);
    return response.text();
  };
  const bearer = () => ({ Authorization: `Bearer ${staff.slice("token=".length)}` });
  const api = (path: string, body: unknown) =>
    app.fetch(`/api/staff${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...bearer() },
      body: JSON.stringify(body),
    });

  it("says variant, link and import changes in words, with the screens' names", async () => {
    const db = app.database.db;
    const band = await makeBrand(db, { title: "Wording Band" });
    const size = await makeAttributeType(db, "Size", ["M"]);
    const colour = await makeAttributeType(db, "Colour", ["Black"]);
    const made = await makeProduct(db, {
      brandId: band.id,
      title: "Wording Tee",
      variants: [
        {
          price: 2500,
          stock: 12,
          attributeIds: [size.values.M?.id ?? 0, colour.values.Black?.id ?? 0],
        },
      ],
    });
    const variantId = made.variants[0]?.id ?? 0;

    // A variant's price through the product's form, its stock on its own, a band's links.
    const priced = await api("/products/update", {
      id: made.product.id,
      variants: [{ id: variantId, price: 2700 }],
    });
    expect(priced.status).toBe(200);
    const stocked = await api("/product-variants/update", { id: variantId, stockOnHand: 7 });
    expect(stocked.status).toBe(200);
    const linked = await api("/brands/update", {
      id: band.id,
      links: { website: "https://wording.example", instagram: "https://instagram.com/wording" },
    });
    expect(linked.status).toBe(200);

    // A product CSV import: its entries are marked as the import's, with the file's name.
    const form = new FormData();
    const csv = stringify([
      ["slug", "title", "band", "type", "status", "sku", "price", "stock", "option:Size"],
      [
        "wording-import-tee",
        "Wording Import Tee",
        "static-gulls",
        "t-shirt",
        "published",
        "WORDING-M",
        "24.00",
        "5",
        "M",
      ],
    ]);
    form.append("file", new Blob([csv], { type: "text/csv" }), "autumn-drop.csv");
    form.append("dryRun", "false");
    const imported = await app.fetch("/api/staff/products/import", {
      method: "POST",
      headers: bearer(),
      body: form,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);

    const page = await html("/admin/audit-log");
    const text = visibleText(page);
    expect(text).toMatch(/Variant M \/ Black: price £25\.00 → £27\.00/);
    expect(text).toMatch(/Stock 12 → 7/);
    expect(text).toContain("Link: Website (empty) → https://wording.example");
    expect(text).toContain("Link: Instagram (empty) → https://instagram.com/wording");
    // The records' kinds as their screens name them.
    expect(text).toMatch(new RegExp(`Product · ${made.product.id} Wording Tee`));
    expect(text).toMatch(new RegExp(`Variant · ${variantId} Wording Tee`));
    expect(text).toMatch(new RegExp(`Band · ${band.id} Wording Band`));
    // The import's entries carry its mark and file; changes made by hand do not.
    expect(text).toMatch(
      /Created Import Product CSV import autumn-drop\.csv Product · \d+ Wording Import Tee/,
    );
    expect(text).toMatch(
      /Created Import Product CSV import autumn-drop\.csv Variant · \d+ Wording Import Tee/,
    );
    expect(text).not.toMatch(/Import Product CSV import autumn-drop\.csv Band ·/);
    // No raw objects, no API names.
    expect(text).not.toContain("[object");
    for (const internal of Object.keys(AUDIT_RESOURCE_LABELS).filter((name) => name.includes("-")))
      expect(text, internal).not.toContain(internal);
    expect(text).not.toMatch(/\b(brands|products|files) ·/);

    // The filter lists the screens' names, keeping the API's names in the address.
    expect(page).toMatch(/<option value="product-variants">Variant<\/option>/);
    expect(page).toMatch(/<option value="brands">Band<\/option>/);
    const variants = visibleText(await html("/admin/audit-log?resource=product-variants"));
    expect(variants).toMatch(/Variant · \d+/);
    expect(variants).not.toMatch(/Band · \d+/);
  });
});
