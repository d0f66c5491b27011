import { stringify } from "csv-stringify/sync";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../server/audit/schema.ts";
import { setCookie } from "../../../server/auth/test-helpers.ts";
import { products, productVariants } from "../../../server/catalog/schema.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { decode } from "../../../tests/support/admin-pages.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { charge, UK_ADDRESS, ukDeliveryOptions } from "../../../tests/support/checkout.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

const HEADER = ["slug", "title", "band", "type", "status", "sku", "price", "stock", "option:Size"];
const good = () => [
  [
    "csv-screen-tee",
    "Screen Tee",
    "static-gulls",
    "t-shirt",
    "published",
    "CSV-SCREEN-M",
    "24.00",
    "5",
    "M",
  ],
  ["csv-screen-tee", "", "", "", "", "CSV-SCREEN-L", "24.00", "5", "L"],
  [
    "csv-screen-cap",
    "Screen Cap",
    "static-gulls",
    "cap",
    "published",
    "CSV-SCREEN-CAP",
    "15",
    "9",
    "",
  ],
];
/** The good file, and a third product whose one row has a price of 0 and an unknown size. */
const withBadRow = () => [
  ...good(),
  [
    "csv-screen-hood",
    "Screen Hood",
    "static-gulls",
    "hoodie",
    "draft",
    "CSV-SCREEN-H",
    "0",
    "1",
    "XXXXL",
  ],
];

// Issue 14: the import screen, by HTTP as a browser without JavaScript uses it (a multipart form).
describe.each(databaseKinds)("the product import screen on %s", (kind) => {
  let app: TestApp;
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    app = await startTestApp(kind);
    [staff, customer] = await Promise.all([
      signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin"),
      signedInCookie(app),
    ]);
  });
  afterAll(() => app.close());

  const PATH = "/admin/products/import";
  const post = (
    cookie: string,
    fields: { file?: string; name?: string; dryRun?: string; confirm?: string },
  ) => {
    const form = new FormData();
    form.append(
      "file",
      new Blob([fields.file ?? ""], {
        type: fields.file === undefined ? "application/octet-stream" : "text/csv",
      }),
      fields.file === undefined ? "" : (fields.name ?? "products.csv"),
    );
    if (fields.dryRun !== undefined) form.append("dryRun", fields.dryRun);
    if (fields.confirm !== undefined) form.append("confirm", fields.confirm);
    return app.fetch(PATH, {
      method: "POST",
      headers: { Origin: app.url, Cookie: cookie },
      body: form,
    });
  };
  const productCount = async () =>
    (await app.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;
  const auditCount = async () =>
    (await app.database.db.select({ n: count() }).from(auditEntries))[0]?.n ?? 0;
  const onShop = async (slug: string) => (await app.fetch(`/api/products/${slug}`)).status === 200;

  it("is for staff: nobody goes to the staff sign-in, a customer gets a 403", async () => {
    const nobody = await app.fetch(PATH);
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toBe(
      "/admin/login?redirect=%2Fadmin%2Fproducts%2Fimport",
    );
    expect((await app.fetch(PATH, { headers: { Cookie: customer } })).status).toBe(403);
    const refused = await post(customer, { file: stringify([HEADER, ...good()]), dryRun: "false" });
    expect(refused.status).toBe(403);
    expect(await onShop("csv-screen-tee")).toBe(false);
  });

  it("offers a file, a check, an import and the export", async () => {
    const response = await app.fetch(PATH, { headers: { Cookie: staff } });
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    expect(html).toContain("<h1");
    expect(html).toContain("Import products");
    const form = html.match(/<form[^>]*multipart[^>]*>/)?.[0] ?? "";
    expect(form).toMatch(/method="post"/);
    expect(form).toMatch(/action="\/admin\/products\/import"/);
    expect(form).toMatch(/enc[tT]ype="multipart\/form-data"/);
    const input = html.match(/<input[^>]*type="file"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('name="file"');
    expect(input).toContain('accept=".csv,text/csv"');
    const buttons = [...html.matchAll(/<button([^>]*)>([^<]*)<\/button>/g)]
      .filter(([, attributes]) => attributes?.includes('name="dryRun"'))
      .map(([, attributes, label]) => [label, attributes?.match(/value="(\w+)"/)?.[1]]);
    expect(buttons).toEqual([
      ["Check file", "true"],
      ["Import", "false"],
    ]);
    expect(html).toMatch(
      /<a href="\/api\/staff\/products\/export.csv" download=""[^>]*>Export CSV<\/a>/,
    );
  });

  it("checks a file with a bad row: lists that row's errors in a table and writes nothing", async () => {
    const [before, audits] = await Promise.all([productCount(), auditCount()]);
    const response = await post(staff, {
      file: stringify([HEADER, ...withBadRow()]),
      dryRun: "true",
    });
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    expect(html).toContain("“products.csv” has 2 errors: nothing was written.");
    expect(html).toMatch(
      /<th scope="row"[^>]*>5<\/th><td[^>]*>price<\/td><td[^>]*>Enter a price of at least £0\.01\.<\/td>/,
    );
    expect(html).toMatch(
      /<th scope="row"[^>]*>5<\/th><td[^>]*>option:Size<\/td><td[^>]*>Size has no value “XXXXL”: add it to the option first\.<\/td>/,
    );
    // What the rest of the file would do.
    expect(html).toMatch(/Products<\/dt><dd[^>]*>2 to add, 0 to change, 0 unchanged/);
    expect(html).toMatch(/Variants<\/dt><dd[^>]*>3 to add, 0 to change, 0 unchanged/);
    expect(await productCount()).toBe(before);
    expect(await auditCount()).toBe(audits);
    expect(await onShop("csv-screen-tee")).toBe(false);

    // Imported as it is, it is refused whole (422), with the same errors.
    const refused = await post(staff, {
      file: stringify([HEADER, ...withBadRow()]),
      dryRun: "false",
    });
    expect(refused.status).toBe(422);
    const again = decode(await refused.text());
    expect(again).toContain("Not imported");
    expect(again).toContain("Enter a price of at least £0.01.");
    expect(await productCount()).toBe(before);
    expect(await onShop("csv-screen-tee")).toBe(false);
  });

  it("imports a good file: 303 back with what it did, and the shop shows the products", async () => {
    const before = await productCount();
    const checked = await post(staff, { file: stringify([HEADER, ...good()]), dryRun: "true" });
    expect(checked.status).toBe(200);
    expect(decode(await checked.text())).toContain(
      "“products.csv” has no errors. Nothing is written until you import it.",
    );
    expect(await onShop("csv-screen-tee")).toBe(false);

    const response = await post(staff, {
      file: stringify([HEADER, ...good()]),
      name: "autumn.csv",
      dryRun: "false",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(PATH);
    const flash = JSON.parse(setCookie(response, "flash")?.value ?? "[]") as Array<{
      body: string;
    }>;
    expect(flash.map((message) => message.body)).toEqual([
      "Imported “autumn.csv”: 2 products added; 3 variants added.",
    ]);
    expect(await productCount()).toBe(before + 2);
    expect(await onShop("csv-screen-tee")).toBe(true);
    expect(await onShop("csv-screen-cap")).toBe(true);
    const [tee] = await app.database.db
      .select({ priceFrom: products.priceFrom, stockTotal: products.stockTotal })
      .from(products)
      .where(eq(products.slug, "csv-screen-tee"));
    expect(tee).toEqual({ priceFrom: 2400, stockTotal: 10 });
  });

  it("says what is wrong beside the file: none chosen, too large, or one it cannot read", async () => {
    const none = await post(staff, { dryRun: "true" });
    expect(none.status).toBe(422);
    expect(decode(await none.text())).toContain("Choose a CSV file to import.");

    const big = await post(staff, { file: "a".repeat(5 * 1024 * 1024 + 1), dryRun: "true" });
    expect(big.status).toBe(422);
    expect(decode(await big.text())).toContain(
      "The file is larger than 5 MB: split it into smaller files.",
    );

    const unknown = await post(staff, { file: "slug,sku,colour\nx,X,Red\n", dryRun: "true" });
    expect(unknown.status).toBe(422);
    expect(decode(await unknown.text())).toContain("Row 1 (the header): unknown column “colour”.");
  });

  it("lists each change old → new, refuses a stale count, and imports a delivery once from its check", async () => {
    const header = ["slug", "title", "sku", "price", "stock", "stock_version", "stock_adjustment"];
    const made = await post(staff, {
      file: stringify([
        ["slug", "title", "band", "type", "status", "sku", "price", "stock"],
        [
          "csv-screen-tote",
          "Screen Tote",
          "static-gulls",
          "tote",
          "published",
          "CSV-TOTE",
          "18",
          "7",
        ],
      ]),
      dryRun: "false",
    });
    expect(made.status).toBe(303);
    const variant = async () =>
      (
        await app.database.db
          .select({ stock: productVariants.stockOnHand, version: productVariants.stockVersion })
          .from(productVariants)
          .where(eq(productVariants.sku, "CSV-TOTE"))
      )[0];
    expect(await variant()).toEqual({ stock: 7, version: 0 });

    // A count from before a sale (version 0; the sale made it 1) is refused, and named.
    const [{ id: variantId } = { id: 0 }] = await app.database.db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(eq(productVariants.sku, "CSV-TOTE"));
    const sold = await charge(app, {
      lines: [{ id: variantId, quantity: 1 }],
      email: "tote.fan@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: (await ukDeliveryOptions(app))[0]?.id,
      payment: { provider: "test", outcome: "success" },
    });
    expect(sold.status).toBe(200);
    const stale = await post(staff, {
      file: stringify([
        ["slug", "sku", "stock", "stock_version"],
        ["csv-screen-tote", "CSV-TOTE", "7", "0"],
      ]),
      dryRun: "true",
    });
    expect(stale.status).toBe(200);
    const staleHtml = decode(await stale.text());
    expect(staleHtml).toMatch(
      /<th scope="row"[^>]*>2<\/th><td[^>]*>stock<\/td><td[^>]*>The file's stock, 7, was read before a later change to this variant's stock \(a sale, return or edit\): the shop has 6 now/,
    );
    expect(staleHtml).not.toContain('name="confirm"');

    // A new title and price, and a delivery of 3: every change listed, with what it was.
    const delivery = stringify([
      header,
      ["csv-screen-tote", "Screen Tote (canvas)", "CSV-TOTE", "19.50", "", "", "+3"],
    ]);
    const checked = await post(staff, { file: delivery, dryRun: "true" });
    expect(checked.status).toBe(200);
    const html = decode(await checked.text());
    expect(html).toContain("Changes by row (the header is row 1)");
    const cells = (column: string) =>
      html.match(
        new RegExp(
          `<th scope="row"[^>]*>2<span[^>]*>CSV-TOTE</span></th><td[^>]*>${column}</td><td[^>]*>(.*?)</td><td[^>]*>(.*?)</td>`,
        ),
      );
    expect(cells("title")?.slice(1)).toEqual(["Screen Tote", "Screen Tote (canvas)"]);
    expect(cells("price")?.slice(1)).toEqual(["18.00", "19.50"]);
    expect(cells("stock")?.[1]).toBe("6");
    expect(cells("stock")?.[2]).toMatch(/^9<span[^>]*>\+3 when imported<\/span>$/);
    const confirm = html.match(/<input type="hidden" name="confirm" value="([\w-]+)"\/>/)?.[1];
    expect(confirm).toEqual(expect.any(String));
    expect(await variant()).toEqual({ stock: 6, version: 1 });

    // Without its check, the file is refused beside the file field.
    const unchecked = await post(staff, { file: delivery, dryRun: "false" });
    expect(unchecked.status).toBe(422);
    expect(decode(await unchecked.text())).toContain(
      "Row 2 adds to stock (stock_adjustment): check the file first",
    );

    // With it, the import writes; sent again (a double submit), it is refused and adds nothing.
    const imported = await post(staff, { file: delivery, dryRun: "false", confirm });
    expect(imported.status).toBe(303);
    expect(await variant()).toEqual({ stock: 9, version: 2 });
    const again = await post(staff, { file: delivery, dryRun: "false", confirm });
    expect(again.status).toBe(409);
    expect(decode(await again.text())).toMatch(
      /This check was imported already, at \d\d:\d\d: nothing more was written\./,
    );
    expect(await variant()).toEqual({ stock: 9, version: 2 });
  });
});
