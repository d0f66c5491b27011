import { describe, expect, it } from "vitest";
import {
  AUDIT_RESOURCE_LABELS,
  AUDIT_RESOURCE_OPTIONS,
  auditResourceLabel,
} from "./audit-labels.ts";
import {
  type AuditChange,
  type AuditEntryFields,
  auditReferences,
  describeAuditChanges,
  fieldLabel,
} from "./audit-wording.ts";
import { describeCollectionRule } from "./collection-rules.ts";
import { formatLondonDateTime } from "./london-time.ts";
import { describeSegmentRule } from "./segment-labels.ts";

/** Each line as the screen reads it: "Field from → to", or "Field text". */
const read = (changes: AuditChange[]) =>
  changes.map((change) =>
    "text" in change
      ? `${change.field} ${change.text}`
      : `${change.field} ${change.from} → ${change.to}`,
  );

const update = (
  resource: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditEntryFields => ({ action: "update", resource, before, after });

const noObjects = (lines: string[]) => {
  for (const line of lines) expect(line).not.toContain("[object");
};

// A product's variants as the product form's audit copy holds them (ProductEdit.variants).
const tee = (price: number, stockOnHand = 12) => ({
  id: 41,
  sku: "NO-TEE-M-BLK",
  title: "M / Black",
  price,
  compareAtPrice: null,
  stockOnHand,
  attributeIds: [3, 9],
  position: 0,
  ordered: false,
  updatedAt: "2026-11-24T09:00:00.000Z",
});
const large = {
  ...tee(2500),
  id: 42,
  sku: "NO-TEE-L-BLK",
  title: "L / Black",
  attributeIds: [4, 9],
  position: 1,
};

describe("the audit log in words (issue 30)", () => {
  it("names every audited resource as its screen does, never by its API name", () => {
    expect(auditResourceLabel("product-variants")).toBe("Variant");
    expect(auditResourceLabel("brands")).toBe("Band");
    expect(auditResourceLabel("product-attribute-types")).toBe("Attribute type");
    expect(auditResourceLabel("product-attributes")).toBe("Attribute");
    expect(auditResourceLabel("product-collections")).toBe("Collection");
    expect(auditResourceLabel("files")).toBe("Media file");
    expect(auditResourceLabel("staff")).toBe("Staff account");
    expect(auditResourceLabel("something-new")).toBe("Record");
    for (const label of Object.values(AUDIT_RESOURCE_LABELS)) expect(label).not.toMatch(/-/);
    // The filter keeps the API names as values (the address), A to Z by what staff read.
    const titles = AUDIT_RESOURCE_OPTIONS.map((option) => option.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(AUDIT_RESOURCE_OPTIONS).toContainEqual({ id: "product-variants", title: "Variant" });
  });

  it("says a product's variant change as “Variant M / Black: price £25.00 → £27.00”", () => {
    const lines = read(
      describeAuditChanges(
        update("products", { variants: [tee(2500), large] }, { variants: [tee(2700, 10), large] }),
      ),
    );
    expect(lines).toEqual([
      "Variant M / Black: price £25.00 → £27.00",
      "Variant M / Black: stock 12 → 10",
    ]);
  });

  it("says variants added, removed and reordered by their options", () => {
    const added = { ...large, id: 43, sku: "NO-TEE-S-BLK", title: "S / Black", price: 2300 };
    const lines = read(
      describeAuditChanges(
        update("products", { variants: [tee(2500), large] }, { variants: [added, tee(2500)] }),
      ),
    );
    expect(lines).toEqual([
      "Variant S / Black added: SKU NO-TEE-S-BLK, £23.00, 12 in stock",
      "Variant L / Black removed",
    ]);
    const moved = read(
      describeAuditChanges(
        update("products", { variants: [tee(2500), large] }, { variants: [large, tee(2500)] }),
      ),
    );
    expect(moved).toEqual(["Variants reordered"]);
    // A variant without options is named by its SKU.
    const plain = { ...tee(1500), title: "" };
    expect(
      read(
        describeAuditChanges(
          update("products", { variants: [plain] }, { variants: [{ ...plain, price: 1800 }] }),
        ),
      ),
    ).toEqual(["Variant NO-TEE-M-BLK: price £15.00 → £18.00"]);
  });

  it("says a variant's own entry field by field, money in pounds", () => {
    const lines = read(
      describeAuditChanges(
        update(
          "product-variants",
          { price: 2500, compareAtPrice: null, stockOnHand: 12 },
          { price: 2700, compareAtPrice: 3000, stockOnHand: 10 },
        ),
      ),
    );
    expect(lines).toEqual([
      "Compare-at price (none) → £30.00",
      "Price £25.00 → £27.00",
      "Stock 12 → 10",
    ]);
  });

  it("says a new variant as made (an import's), with its options by name", () => {
    const lines = read(
      describeAuditChanges(
        {
          action: "create",
          resource: "product-variants",
          before: null,
          after: {
            sku: "NO-TEE-M-BLK",
            title: "M / Black",
            price: 2500,
            compareAtPrice: null,
            stockOnHand: 12,
            attributeIds: [3, 9],
            position: 0,
            ordered: false,
            productId: 7,
            productTitle: "Night Owls Tee",
          },
        },
        { optionValues: { 3: "M", 9: "Black" } },
      ),
    );
    expect(lines).toEqual([
      "Name M / Black",
      "Compare-at price (none)",
      "Options M, Black",
      "Position 0",
      "Price £25.00",
      "Product Night Owls Tee",
      "Product id 7",
      "SKU NO-TEE-M-BLK",
      "Stock 12",
    ]);
  });

  it("says a band's links as the keys changed, and its other fields as the form names them", () => {
    const lines = read(
      describeAuditChanges(
        update(
          "brands",
          {
            genre: "Ska",
            featured: false,
            links: { website: "https://nightowls.example", instagram: "https://instagram.com/old" },
            logoFileId: null,
            story: "<p>Formed in <strong>Leeds</strong>.</p>",
          },
          {
            genre: "Two-tone",
            featured: true,
            links: {
              website: "https://nightowls.example",
              instagram: "https://instagram.com/nightowls",
              bandcamp: "https://nightowls.bandcamp.com",
            },
            logoFileId: 12,
            story: "<p>Formed in Leeds, 2009.</p>",
          },
        ),
        { files: { 12: "night-owls-logo.png" } },
      ),
    );
    expect(lines).toEqual([
      "Featured No → Yes",
      "Genre Ska → Two-tone",
      "Link: Instagram https://instagram.com/old → https://instagram.com/nightowls",
      "Link: Bandcamp (empty) → https://nightowls.bandcamp.com",
      "Logo (none) → night-owls-logo.png",
      "Story Formed in Leeds. → Formed in Leeds, 2009.",
    ]);
    const made = read(
      describeAuditChanges({
        action: "create",
        resource: "brands",
        before: null,
        after: { title: "Night Owls", links: { website: "https://nightowls.example" } },
      }),
    );
    expect(made).toEqual(["Name Night Owls", "Links Website: https://nightowls.example"]);
  });

  it("says a gallery's files added, removed and reordered by their names", () => {
    const names = {
      files: { 1: "front.jpg", 2: "back.jpg", 3: "detail.jpg" },
      optionValues: { 9: "Black" },
    };
    const lines = read(
      describeAuditChanges(
        update(
          "products",
          {
            media: [
              { fileId: 1, attributeId: null },
              { fileId: 2, attributeId: null },
            ],
          },
          {
            media: [
              { fileId: 3, attributeId: null },
              { fileId: 1, attributeId: 9 },
            ],
          },
        ),
        names,
      ),
    );
    expect(lines).toEqual([
      "Media 1 file added: detail.jpg; 1 file removed: back.jpg; front.jpg shows Black",
    ]);
    const reordered = read(
      describeAuditChanges(
        update(
          "products",
          {
            media: [
              { fileId: 1, attributeId: null },
              { fileId: 2, attributeId: null },
            ],
          },
          {
            media: [
              { fileId: 2, attributeId: null },
              { fileId: 1, attributeId: null },
            ],
          },
        ),
        names,
      ),
    );
    expect(reordered).toEqual(["Media reordered"]);
    // A file since deleted is still named, by its number.
    expect(
      read(
        describeAuditChanges(
          update("products", { media: [] }, { media: [{ fileId: 99, attributeId: null }] }),
        ),
      ),
    ).toEqual(["Media 1 file added: file no. 99"]);
  });

  it("says a collection's rule as the collections list does", () => {
    const lines = read(
      describeAuditChanges(
        update(
          "product-collections",
          { kind: "curated", rule: null, productIds: [5, 6] },
          { kind: "rule", rule: { type: "band", brandId: 2 }, productIds: [] },
        ),
        { bands: { 2: "Night Owls" }, products: { 5: "Night Owls Tee", 6: "Tour Poster" } },
      ),
    );
    expect(lines).toEqual([
      "Kind curated → rule",
      "Products removed: Night Owls Tee, Tour Poster",
      "Rule Hand-picked → Band: Night Owls",
    ]);
    expect(
      read(
        describeAuditChanges(
          update(
            "product-collections",
            { rule: { type: "new-in", days: 30 } },
            { rule: { type: "price", min: 1000, max: 2500 } },
          ),
        ),
      ),
    ).toEqual([
      `Rule New in the last 30 days → ${describeCollectionRule({ type: "price", min: 1000, max: 2500 })}`,
    ]);
  });

  it("says a product's own fields: band, type, VAT, release day, collections, tags, dates", () => {
    const lines = read(
      describeAuditChanges(
        update(
          "products",
          {
            brandId: 1,
            type: "t-shirt",
            vatRate: 20,
            releaseDate: null,
            collectionIds: [4],
            tags: ["tour", "black"],
            billingModelId: null,
            publishedAt: null,
            status: "draft",
          },
          {
            brandId: 2,
            type: "hoodie",
            vatRate: 0,
            releaseDate: "2026-12-04",
            collectionIds: [4, 8],
            tags: ["black", "winter"],
            billingModelId: 3,
            publishedAt: "2026-11-24T09:00:00.000Z",
            status: "published",
          },
        ),
        {
          bands: { 1: "Night Owls", 2: "The Larks" },
          collections: { 4: "New in", 8: "Winter" },
          billingModels: { 3: "Pre-order" },
        },
      ),
    );
    expect(lines).toContain("Band Night Owls → The Larks");
    expect(lines).toContain("Billing model (none) → Pre-order");
    expect(lines).toContain("Collections added: Winter");
    expect(lines).toContain("Tags added: winter; removed: tour");
    expect(lines).toContain("VAT rate 20% → 0%");
    expect(lines).toContain("Release date (empty) → 4 December 2026");
    expect(lines).toContain(
      `Published at (none) → ${formatLondonDateTime("2026-11-24T09:00:00.000Z")}`,
    );
    expect(lines).toContain("Status Draft → Published");
    expect(lines.find((line) => line.startsWith("Type"))).toMatch(/^Type T-shirt → Hoodie/i);
  });

  it("says a new product's variants and gallery in short", () => {
    const lines = read(
      describeAuditChanges(
        {
          action: "create",
          resource: "products",
          before: null,
          after: {
            title: "Night Owls Tee",
            variants: [tee(2500), large],
            media: [{ fileId: 1, attributeId: null }],
            tags: [],
          },
        },
        { files: { 1: "front.jpg" } },
      ),
    );
    expect(lines).toEqual([
      "Name Night Owls Tee",
      "Media 1 file: front.jpg",
      "Tags (none)",
      "Variants 2 variants: M / Black (£25.00), L / Black (£25.00)",
    ]);
  });

  it("says discounts' values by their unit, and targets by name", () => {
    expect(
      read(
        describeAuditChanges(
          update("discounts", { value: 500, unitType: "fixed" }, { value: 750, unitType: "fixed" }),
        ),
      ),
    ).toEqual(["Value £5.00 → £7.50"]);
    expect(
      read(
        describeAuditChanges(
          update(
            "discounts",
            { value: 10, unitType: "percentage", minSubtotal: null, targets: [] },
            {
              value: 15,
              unitType: "percentage",
              minSubtotal: 5000,
              targets: [{ kind: "brand", id: 2, title: "Night Owls" }],
            },
          ),
        ),
      ),
    ).toEqual(["Minimum spend (none) → £50.00", "Targets added: Night Owls", "Value 10% → 15%"]);
  });

  it("says segments' rules, delivery prices and staff flags in words", () => {
    expect(
      read(
        describeAuditChanges(
          update(
            "segments",
            { rules: [{ type: "spent-over", amount: 5000 }] },
            {
              rules: [
                { type: "spent-over", amount: 10000 },
                { type: "bought-from-band", brandId: 2 },
              ],
            },
          ),
          { bands: { 2: "Night Owls" } },
        ),
      ),
    ).toEqual(["Rules Spent over £50.00 → Spent over £100.00; Bought from a band: Night Owls"]);
    expect(describeSegmentRule({ type: "marketing-consent", consent: true })).toBe(
      "Marketing consent: yes",
    );
    expect(
      read(
        describeAuditChanges(
          update(
            "delivery-options",
            { price: 395, freeOver: null },
            { price: 450, freeOver: 5000 },
          ),
        ),
      ),
    ).toEqual(["Free over (none) → £50.00", "Price £3.95 → £4.50"]);
    expect(
      read(describeAuditChanges(update("staff", { active: true }, { active: false }))),
    ).toEqual(["Active Yes → No"]);
  });

  it("says orders' dispatch, refund, archive and a customer's erasure without raw objects", () => {
    const dispatched = read(
      describeAuditChanges(
        update(
          "orders",
          { status: "paid", shipments: null },
          {
            status: "dispatched",
            shipments: { carrier: "Royal Mail", trackingNumber: "AB123456789GB", lineIds: [1, 2] },
          },
        ),
      ),
    );
    expect(dispatched).toEqual([
      "Shipments (empty) → Royal Mail, tracking AB123456789GB, 2 lines",
      "Status Paid → Dispatched",
    ]);
    const refunded = read(
      describeAuditChanges(
        update(
          "orders",
          { refundedTotal: 0 },
          {
            refundedTotal: 2500,
            refund: {
              id: 3,
              amount: 2500,
              vat: 417,
              lines: [{ orderLineId: 1, quantity: 1 }],
              reason: "Damaged",
              restock: true,
            },
          },
        ),
      ),
    );
    noObjects(refunded);
    expect(refunded).toContain("Refunded total £0.00 → £25.00");
    expect(refunded.find((line) => line.startsWith("Refund"))).toContain("amount £25.00");
    expect(refunded.find((line) => line.startsWith("Refund "))).toContain("vat £4.17");
    const archived = read(
      describeAuditChanges(
        update("orders", { archivedAt: null }, { archivedAt: "2026-11-24T09:00:00.000Z" }),
      ),
    );
    expect(archived).toEqual([
      `Archived at (none) → ${formatLondonDateTime("2026-11-24T09:00:00.000Z")}`,
    ]);
    expect(
      read(
        describeAuditChanges({
          action: "delete",
          resource: "customers",
          before: null,
          after: { erased: true },
        }),
      ),
    ).toEqual(["Erased Yes"]);
  });

  it("says a status, a unit or a role in the words its screen uses, never the stored value", () => {
    expect(
      read(
        describeAuditChanges(
          update("orders", { status: "pending_payment" }, { status: "cancelled" }),
        ),
      ),
    ).toEqual(["Status Awaiting payment → Cancelled"]);
    expect(
      read(
        describeAuditChanges(
          update(
            "discounts",
            { unitType: "fixed", value: 500, eligibleGroup: "everyone", scope: "basket" },
            { unitType: "percentage", value: 10, eligibleGroup: "guests", scope: "selected" },
          ),
        ),
      ),
    ).toEqual([
      "Eligible group Everyone → Guests only",
      "Scope The whole basket → Selected bands, products or collections",
      "Unit type Fixed amount off → Percentage off",
      // The value before is read by the unit it had then.
      "Value £5.00 → 10%",
    ]);
    expect(
      read(describeAuditChanges(update("staff", { role: "staff" }, { role: "admin" }))),
    ).toEqual(["Role Staff → Admin"]);
    expect(
      read(
        describeAuditChanges(
          update(
            "billing-models",
            { type: "pre_order", period: null },
            { type: "membership", period: "year" },
          ),
        ),
      ),
    ).toEqual(["Period (empty) → Yearly", "Type Pre-order → Membership"]);
    // A batch's rules, one field holding them all, read their choices the same way.
    const batch = read(
      describeAuditChanges({
        action: "create",
        resource: "discount-batches",
        before: null,
        after: { rules: { unitType: "fixed", value: 250, eligibleGroup: "registered" } },
      }),
    );
    expect(batch).toEqual([
      "Rules unit type Fixed amount off, value £2.50, eligible group Registered customers",
    ]);
    // A value the screens do not know (an old row's) is said as it is; another resource's
    // `status` is not read as an order's.
    expect(
      read(describeAuditChanges(update("orders", { status: "paid" }, { status: "lost_in_post" }))),
    ).toEqual(["Status Paid → lost_in_post"]);
    expect(
      read(describeAuditChanges(update("segments", { status: "paid" }, { status: "constructor" }))),
    ).toEqual(["Status paid → constructor"]);
  });

  it("says a deleted record's fields as they were, and media files' folders and sizes", () => {
    const lines = read(
      describeAuditChanges(
        {
          action: "delete",
          resource: "files",
          before: {
            slug: "0f6c-front.jpg",
            title: "front.jpg",
            alt: "",
            fileType: "image",
            mimeType: "image/jpeg",
            byteSize: 204800,
            folderId: 5,
          },
          after: null,
        },
        { folders: { 5: "Tour 2026" } },
      ),
    );
    expect(lines).toEqual([
      "Name front.jpg",
      "Alt (empty)",
      "File type image",
      "Folder Tour 2026",
      "MIME type image/jpeg",
      "Size 200 KB",
      "Slug 0f6c-front.jpg",
    ]);
  });

  it("says search words' groups added and removed", () => {
    expect(
      read(
        describeAuditChanges(
          update(
            "search-synonyms",
            { groups: ["tee, t-shirt"] },
            { groups: ["tee, t-shirt", "hoodie, hoody"] },
          ),
        ),
      ),
    ).toEqual(["Synonym groups added: hoodie, hoody"]);
  });

  it("never shows [object Object] for a shape it does not know", () => {
    const lines = read(
      describeAuditChanges(
        update(
          "discount-batches",
          { rules: null },
          {
            rules: {
              value: 10,
              unitType: "percentage",
              targets: [{ kind: "brand", id: 1, title: "Night Owls" }],
              nested: { deep: { deeper: 1 } },
            },
          },
        ),
      ),
    );
    noObjects(lines);
    expect(lines[0]).toContain("Night Owls");
    expect(lines[0]).toContain("10%");
  });

  it("finds the records an entry names by id, for their names", () => {
    const refs = auditReferences([
      update(
        "products",
        { brandId: 1, media: [{ fileId: 4, attributeId: 9 }] },
        { brandId: 2, collectionIds: [7] },
      ),
      update("product-collections", { rule: { type: "band", brandId: 3 } }, { heroFileId: 5 }),
      update("product-variants", { attributeIds: [10] }, { attributeIds: [11] }),
      update("segments", { rules: [{ type: "bought-from-band", brandId: 6 }] }, { rules: [] }),
    ]);
    expect([...refs.bands].sort()).toEqual([1, 2, 3, 6]);
    expect([...refs.files].sort()).toEqual([4, 5]);
    expect([...refs.collections]).toEqual([7]);
    expect([...refs.optionValues].sort()).toEqual([10, 11, 9]);
  });

  it("spells field names as the forms label them", () => {
    expect(fieldLabel("seoTitle")).toBe("SEO title");
    expect(fieldLabel("stockOnHand")).toBe("Stock");
    expect(fieldLabel("releaseDate")).toBe("Release date");
    expect(fieldLabel("title")).toBe("Name");
  });

  it("leaves an update that reads the same out", () => {
    expect(
      describeAuditChanges(update("brands", { links: {} }, { links: { website: "" } })),
    ).toEqual([]);
  });
});
