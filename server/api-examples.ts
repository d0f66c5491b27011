import answerExamples from "./api-answer-examples.json";

/**
 * One example request for every route of the table, as the document shows it: each succeeds
 * against the demo shop (server/db/seed) in this order on a fresh database, signed in as `as`.
 * `server/api-examples.test.ts` sends them all and checks each answer against its route's
 * declaration. Kept beside the table rather than in each module's declarations: one place to
 * read the API's sample calls in sequence (a store makes the record its update and destroy use).
 */
export type RouteExample = {
  /** Who sends it (a demo account, server/db/seed/accounts.ts); nobody when absent. */
  as?: "customer" | "staff" | "admin";
  params?: Record<string, string | number>;
  /** Query parameters as sent: arrays comma-joined. */
  query?: Record<string, string | number>;
  body?: unknown;
  /** A multipart upload's fields; a file is `{ filename, type, content }` (base64 content). */
  form?: Record<string, string | ExampleFile>;
  /**
   * The route whose example makes the record this one acts on: its `id` (in the body, or the
   * path) is that record's, which the test reads from the answer (ids differ between databases).
   */
  made?: string;
  /**
   * Why it is refused when sent as it stands (it needs a one-time secret that a mail or the
   * payment provider hands out, or the route only ever refuses): the answer must then be one of
   * the route's documented refusals.
   */
  refused?: string;
};

export type ExampleFile = { filename: string; type: string; content: string };

/**
 * The answers to the examples, as the demo shop gave them (`RECORD_API_EXAMPLES=1` on
 * server/api-examples.test.ts records them; the test checks each against its route's schema):
 * the success status and body of each route that answers JSON.
 */
export const API_ANSWER_EXAMPLES: Record<string, { status: number; body: unknown }> =
  answerExamples;

const csvFile = (filename: string, text: string): ExampleFile => ({
  filename,
  type: "text/csv",
  content: Buffer.from(text).toString("base64"),
});

// A 1×1 PNG: the smallest image the library takes.
const PIXEL_PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==";

const UK_ADDRESS = {
  fullName: "Sam Fan",
  line1: "1 High Street",
  city: "Leeds",
  postcode: "LS1 4AP",
  country: "GB",
};
const BASKET = [{ id: 1, quantity: 2 }];

export const API_EXAMPLES: Record<string, RouteExample> = {
  // platform
  "GET /api/health": {},
  "GET /api/ready": {},
  "POST /api/client-errors": {
    body: { kind: "render", message: "Cannot read properties of undefined", path: "/basket" },
  },
  "GET /sanctum/csrf-cookie": {},
  "GET /api/staff/dashboard": { as: "staff", query: { from: "2026-01-01", to: "2026-01-31" } },
  "GET /api/openapi.json": {},
  "GET /api/docs": {},

  // catalogue, staff
  "GET /api/staff/brands": { as: "staff", query: { q: "gulls", sort: "title", perPage: 20 } },
  "GET /api/staff/brands/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/brands/store": {
    as: "staff",
    body: { title: "Harbour Static", genre: "Shoegaze", origin: "Whitby", featured: false },
  },
  "POST /api/staff/brands/update": {
    made: "POST /api/staff/brands/store",
    as: "staff",
    body: { id: 34, story: "Four friends from Whitby and a wall of fuzz." },
  },
  "POST /api/staff/brands/destroy": {
    made: "POST /api/staff/brands/store",
    as: "admin",
    body: { id: 34 },
  },
  "GET /api/staff/product-attribute-types": { as: "staff", query: { sort: "position" } },
  "GET /api/staff/product-attribute-types/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/product-attribute-types/store": {
    as: "staff",
    body: { title: "Sleeve", display: "buttons" },
  },
  "POST /api/staff/product-attribute-types/update": {
    made: "POST /api/staff/product-attribute-types/store",
    as: "staff",
    body: { id: 34, title: "Sleeve length" },
  },
  "POST /api/staff/product-attribute-types/destroy": {
    made: "POST /api/staff/product-attribute-types/store",
    as: "admin",
    body: { id: 34 },
  },
  "GET /api/staff/product-attributes": { as: "staff", query: { type: "1" } },
  "GET /api/staff/product-attributes/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/product-attributes/store": {
    as: "staff",
    body: { attributeTypeId: 1, title: "XXXL" },
  },
  "POST /api/staff/product-attributes/update": {
    made: "POST /api/staff/product-attributes/store",
    as: "staff",
    body: { id: 34, title: "4XL" },
  },
  "POST /api/staff/product-attributes/destroy": {
    made: "POST /api/staff/product-attributes/store",
    as: "admin",
    body: { id: 34 },
  },
  "GET /api/staff/products": { as: "staff", query: { status: "published", stock: "low" } },
  "GET /api/staff/products/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/products/store": {
    as: "staff",
    body: { title: "Harbour Static logo tee", brandId: 1, type: "t-shirt", status: "draft" },
  },
  "POST /api/staff/products/update": {
    made: "POST /api/staff/products/store",
    as: "staff",
    body: { id: 331, description: "Heavyweight cotton, printed in Leeds." },
  },
  "POST /api/staff/products/destroy": {
    made: "POST /api/staff/products/store",
    as: "admin",
    body: { id: 331 },
  },
  "GET /api/staff/product-variants": { as: "staff", query: { product: 1 } },
  "GET /api/staff/product-variants/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/product-variants/create": {
    as: "staff",
    body: { productId: 1, sku: "ENC-SGL-00001-BLK", price: 1800, stockOnHand: 12 },
  },
  "POST /api/staff/product-variants/update": {
    made: "POST /api/staff/product-variants/create",
    as: "staff",
    body: { id: 1750, price: 1600, compareAtPrice: 1800 },
  },
  "POST /api/staff/product-variants/destroy": {
    made: "POST /api/staff/product-variants/create",
    as: "admin",
    body: { id: 1750 },
  },
  "GET /api/staff/product-collections": { as: "staff", query: { kind: "curated" } },
  "GET /api/staff/product-collections/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/product-collections/store": {
    as: "staff",
    body: { title: "Winter warmers", productIds: [1, 3] },
  },
  "POST /api/staff/product-collections/update": {
    made: "POST /api/staff/product-collections/store",
    as: "staff",
    body: { id: 34, description: "Beanies and sweatshirts for the cold months." },
  },
  "POST /api/staff/product-collections/destroy": {
    made: "POST /api/staff/product-collections/store",
    as: "admin",
    body: { id: 34 },
  },
  "POST /api/staff/products/generate-variants": {
    as: "staff",
    body: { id: 1, attributeIds: [8, 16], price: 1800, stockOnHand: 5 },
  },
  "POST /api/staff/products/bulk-status": {
    as: "staff",
    body: { ids: [247, 267], status: "published" },
  },
  "GET /api/staff/products/export.csv": { as: "staff" },
  "POST /api/staff/products/import": {
    as: "staff",
    form: {
      file: csvFile(
        "products.csv",
        "slug,title,band,type,sku,price\nharbour-static-tee,Harbour Static tee,static-gulls,t-shirt,ENC-HST-TEE-M,2000\n",
      ),
      dryRun: "true",
    },
  },
  "GET /api/staff/search/synonyms": { as: "staff" },
  "POST /api/staff/search/synonyms": {
    as: "staff",
    body: {
      groups: [
        ["t-shirt", "tee", "tshirt", "t shirt"],
        ["sweatshirt", "jumper", "sweater"],
        ["vinyl", "lp", "record", "album"],
      ],
    },
  },

  // catalogue, public
  "GET /api/brands": { query: { featured: "1" } },
  "GET /api/brands/{id}": { params: { id: "static-gulls" } },
  "GET /api/products": {
    query: { brand: "static-gulls", inStock: "1", sort: "price-asc", perPage: 12 },
  },
  "GET /api/products/{id}": { params: { id: "static-gulls-brighton-beanie" } },
  "GET /api/products/{id}/related": { params: { id: 1 } },
  "GET /api/product-attribute-types": {},
  "GET /api/product-attributes": { query: { types: "1,2" } },
  "GET /api/product-filters": { query: { type: "t-shirt" } },
  "GET /api/search/suggestions": { query: { q: "statik gulls" } },
  "GET /api/product-collections/{id}": { params: { id: "tour-2026" }, query: { sort: "newest" } },

  // media
  "GET /api/file/{slug}": {
    params: { slug: "9c31aad3-024f-493d-afad-f2f53664a6b0.webp" },
    query: { w: 480 },
  },
  "GET /api/staff/folders": { as: "staff" },
  "GET /api/staff/folders/edit/{id}": { as: "staff", params: { id: "root" } },
  "POST /api/staff/folders/store": { as: "staff", body: { name: "Tour 2026 photos" } },
  "POST /api/staff/folders/update": {
    made: "POST /api/staff/folders/store",
    as: "staff",
    body: { id: 1, name: "Tour photos" },
  },
  "POST /api/staff/folders/destroy": {
    made: "POST /api/staff/folders/store",
    as: "admin",
    body: { id: 1 },
  },
  "GET /api/staff/files": { as: "staff", query: { type: "IMAGE", perPage: 24 } },
  "POST /api/staff/files/store": {
    as: "staff",
    form: {
      file: { filename: "pixel.png", type: "image/png", content: PIXEL_PNG },
      title: "Pixel",
      alt: "A single white pixel",
    },
  },
  "POST /api/staff/images/store": {
    as: "staff",
    form: {
      file: { filename: "pixel.png", type: "image/png", content: PIXEL_PNG },
      title: "Another pixel",
    },
  },
  "GET /api/staff/files/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/files/update": {
    as: "staff",
    body: { id: 1, alt: "Static Gulls' Brighton beanie in white" },
  },
  "POST /api/staff/files/destroy": {
    made: "POST /api/staff/files/store",
    as: "admin",
    body: { id: 1288 },
  },

  // analytics
  "POST /api/events": {
    body: {
      name: "view_item",
      path: "/products/static-gulls-brighton-beanie",
      items: [{ item_id: "1", item_name: "Brighton beanie", price: 18 }],
      value: 18,
      currency: "GBP",
    },
  },

  // basket and discounts
  "POST /api/basket/lines": { body: { lines: BASKET } },
  "GET /api/discount-unit-types": {},
  "GET /api/eligible-user-groups": {},
  "POST /api/discounts/basket/apply": { body: { discount: "WELCOME10", lines: BASKET } },
  "GET /api/staff/discounts": { as: "staff", query: { status: "live" } },
  "GET /api/staff/discounts/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/discounts/store": {
    as: "staff",
    body: { code: "WINTER20", unitType: "percentage", value: 20, usageLimit: 500 },
  },
  "POST /api/staff/discounts/update": {
    made: "POST /api/staff/discounts/store",
    as: "staff",
    body: { id: 34, value: 15 },
  },
  "POST /api/staff/discounts/destroy": {
    made: "POST /api/staff/discounts/store",
    as: "admin",
    body: { id: 34 },
  },
  "POST /api/staff/discounts/end": { as: "staff", body: { id: 2 } },
  "POST /api/staff/discounts/generate": {
    as: "staff",
    body: { title: "Gulls mailing list", prefix: "GULLS", count: 10, copyFrom: 1 },
  },
  "GET /api/staff/discounts/batches/{id}": { as: "staff", params: { id: 1 } },
  "GET /api/staff/discounts/batches/{id}/codes.csv": { as: "staff", params: { id: 1 } },

  // delivery
  "POST /api/delivery/option-groups/determined-delivery-option-group": {
    body: { country: "GB", postcode: "LS1 4AP", lines: BASKET },
  },
  "GET /api/staff/delivery-option-groups": { as: "staff" },
  "GET /api/staff/delivery-option-groups/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/delivery-option-groups/store": {
    as: "staff",
    body: { title: "Channel Islands", countries: ["JE", "GG"], moveCountries: true },
  },
  "POST /api/staff/delivery-option-groups/update": {
    made: "POST /api/staff/delivery-option-groups/store",
    as: "staff",
    body: { id: 34, title: "Jersey and Guernsey" },
  },
  "POST /api/staff/delivery-option-groups/destroy": {
    made: "POST /api/staff/delivery-option-groups/store",
    as: "admin",
    body: { id: 34 },
  },
  "GET /api/staff/delivery-options": { as: "staff", query: { group: 1 } },
  "GET /api/staff/delivery-options/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/delivery-options/store": {
    as: "staff",
    body: {
      groupId: 1,
      title: "UK Saturday",
      carrier: "DPD",
      price: 895,
      estimatedDaysMin: 1,
      estimatedDaysMax: 2,
    },
  },
  "POST /api/staff/delivery-options/update": {
    made: "POST /api/staff/delivery-options/store",
    as: "staff",
    body: { id: 34, price: 795 },
  },
  "POST /api/staff/delivery-options/destroy": {
    made: "POST /api/staff/delivery-options/store",
    as: "admin",
    body: { id: 34 },
  },

  // checkout
  "POST /api/checkout/show": {
    body: { lines: BASKET, discount: "WELCOME10", country: "GB", deliveryOptionId: 1 },
  },
  "POST /api/checkout/charge": {
    body: {
      lines: BASKET,
      email: "sam@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: 1,
      payment: { provider: "test", outcome: "success" },
    },
  },
  "POST /api/checkout/test-bank": {
    body: { orderId: 34, clientSecret: "pi_test_secret_from_the_charge", approve: true },
    refused: "it needs the client secret the charge answered",
  },
  "POST /api/orders/store": {
    body: { orderId: 34, accessToken: "the-order-access-token-from-the-charge" },
    refused: "it needs the order's access token the charge answered",
  },
  "GET /api/orders/show/{id}": {
    params: { id: 34 },
    query: { token: "the-order-access-token-from-the-charge" },
    refused: "it needs the order's access token the charge answered",
  },
  "POST /api/user/orders/store": { as: "customer", body: { orderId: 16 } },
  "GET /api/user/orders/show/{id}": { as: "customer", params: { id: 16 } },
  "GET /api/user/orders": { as: "customer" },

  // orders
  "GET /api/charge-types": {},
  "GET /api/staff/orders": { as: "staff", query: { status: "paid", sort: "-created" } },
  "GET /api/staff/orders/edit/{id}": { as: "staff", params: { id: 15 } },
  "POST /api/staff/orders/status/dispatch/{id}": {
    as: "staff",
    params: { id: 15 },
    body: { carrier: "royal-mail", trackingNumber: "RM123456785GB" },
  },
  "POST /api/staff/orders/destroy": { as: "staff", body: { id: 9 } },
  "GET /api/staff/orders/export.csv": { as: "staff", query: { status: "dispatched" } },
  "POST /api/staff/orders/dispatch-csv": {
    as: "staff",
    form: {
      file: csvFile(
        "dispatch.csv",
        "order_number,carrier,tracking_number\nEN-10016,royal-mail,RM123456799GB\n",
      ),
      dryRun: "true",
    },
  },

  // payments
  "POST /api/webhooks/stripe": {
    body: { id: "evt_1", type: "payment_intent.succeeded" },
    refused: "it needs the Stripe-Signature Stripe makes with the shop's webhook secret",
  },

  // content
  "GET /api/blogs": {},
  "GET /api/blogs/{id}": { params: { id: "news" } },
  "GET /api/blogs/{blog}/articles": { params: { blog: "news" }, query: { perPage: 5 } },
  "GET /api/blog/{blog}/articles/{article}": {
    params: { blog: "news", article: "welcome-hexham-tapes" },
  },
  "POST /api/contact-messages": {
    body: {
      name: "Sam Fan",
      email: "sam@example.com",
      orderNumber: "EN-10001",
      topic: "sizing",
      message: "Does the Brighton beanie fit a large head?",
    },
  },

  // staff accounts
  "GET /api/staff/staff": { as: "admin", query: { role: "staff" } },
  "GET /api/staff/staff/edit/{id}": { as: "admin", params: { id: 2 } },
  "POST /api/staff/staff/store": {
    as: "admin",
    body: { name: "Robin Lee", role: "staff", email: "robin.lee@example.com" },
  },
  "POST /api/staff/staff/update": {
    made: "POST /api/staff/staff/store",
    as: "admin",
    body: { id: 35, role: "admin" },
  },
  "POST /api/staff/staff/destroy": {
    made: "POST /api/staff/staff/store",
    as: "admin",
    body: { id: 35 },
    refused: "staff accounts are deactivated, never deleted (the audit log names them)",
  },

  // accounts
  "POST /api/login-user": { body: { email: "fan@example.com", password: "encore-fan-2026" } },
  "POST /api/login-admin": { body: { email: "staff@example.com", password: "encore-staff-2026" } },
  "POST /api/logout": { as: "customer" },
  "POST /api/register": {
    body: { name: "Alex Rowe", email: "alex.rowe@example.com", password: "harbour-static-99" },
  },
  "POST /api/has-full-account": { body: { email: "fan@example.com" } },
  "POST /api/password/forgot": { body: { email: "fan@example.com" } },
  "POST /api/password/reset": {
    body: { token: "the-key-from-the-reset-mail", password: "a-new-long-password" },
    refused: "it needs the key the password-reset mail carries",
  },
  "POST /api/password/accept-invitation": {
    body: { token: "the-key-from-the-invitation-mail", password: "a-new-long-password" },
    refused: "it needs the key the staff invitation mail carries",
  },
  "POST /api/password/confirm-account": {
    body: { token: "the-key-from-the-confirmation-mail" },
    refused: "it needs the key the confirmation mail carries",
  },
  "POST /api/orders/create-account": {
    body: {
      orderId: 34,
      accessToken: "the-order-access-token-from-the-charge",
      password: "harbour-static-99",
    },
    refused: "it needs the order's access token the charge answered",
  },
  "GET /api/user": { as: "staff" },
  "GET /api/user/user/show": { as: "customer" },
  "POST /api/user/user/password/update": {
    as: "customer",
    body: { currentPassword: "encore-fan-2026", password: "encore-fan-2026-b" },
  },
  "GET /api/user/shipping-details": { as: "customer" },
  "GET /api/user/billing-details": { as: "customer" },
  "POST /api/user/shipping-details/update": {
    as: "customer",
    body: {
      fullName: "Alex Fan",
      line1: "12 Canal Street",
      city: "Manchester",
      postcode: "M1 3HE",
      country: "GB",
    },
  },
  "POST /api/user/billing-details/update": {
    as: "customer",
    body: {
      fullName: "Alex Fan",
      line1: "12 Canal Street",
      city: "Manchester",
      postcode: "M1 3HE",
      country: "GB",
    },
  },

  // audit
  "GET /api/staff/audit-log": { as: "staff", query: { resource: "brands", action: "update" } },

  // customers
  "GET /api/staff/customers": { as: "staff", query: { kind: "registered", sort: "-spend" } },
  "GET /api/staff/customers/export.csv": { as: "staff", query: { consent: "1" } },
  "GET /api/staff/customers/edit/{id}": { as: "staff", params: { id: 4 } },
  "GET /api/staff/customers/export/{id}": { as: "staff", params: { id: 4 } },
  "POST /api/staff/customers/destroy": { as: "admin", body: { id: 12 } },

  // segments
  "POST /api/staff/segments/preview": {
    as: "staff",
    body: { rules: [{ type: "signed-up-after", date: "2026-01-01" }] },
  },
  "GET /api/staff/segments": { as: "staff" },
  "GET /api/staff/segments/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/segments/store": {
    as: "staff",
    body: { title: "New this year", rules: [{ type: "signed-up-after", date: "2026-01-01" }] },
  },
  "POST /api/staff/segments/update": {
    made: "POST /api/staff/segments/store",
    as: "staff",
    body: { id: 34, title: "Joined in 2026" },
  },
  "POST /api/staff/segments/destroy": {
    made: "POST /api/staff/segments/store",
    as: "admin",
    body: { id: 34 },
  },

  // refunds
  "GET /api/staff/orders/refund/{id}": { as: "staff", params: { id: 16 } },
  "POST /api/staff/orders/refund/preview/{id}": {
    as: "staff",
    params: { id: 16 },
    body: { full: true, restock: true },
  },
  "POST /api/staff/orders/refund/{id}": {
    as: "staff",
    params: { id: 16 },
    body: { full: true, restock: true, reason: "Arrived damaged" },
  },
  "POST /api/staff/orders/cancel/{id}": {
    made: "POST /api/checkout/charge",
    as: "staff",
    params: { id: 34 },
    body: { reason: "The customer asked to cancel" },
  },

  // billing
  "GET /api/staff/billing-models": { as: "staff", query: { type: "membership" } },
  "GET /api/staff/billing-models/edit/{id}": { as: "staff", params: { id: 2 } },
  "POST /api/staff/billing-models/store": {
    as: "staff",
    body: { title: "Backstage pass (monthly)", type: "membership", period: "month" },
  },
  "POST /api/staff/billing-models/update": {
    made: "POST /api/staff/billing-models/store",
    as: "staff",
    body: { id: 34, title: "Backstage pass" },
  },
  "POST /api/staff/billing-models/destroy": {
    made: "POST /api/staff/billing-models/store",
    as: "admin",
    body: { id: 34 },
  },
  "GET /api/staff/billing-model-types": { as: "staff" },
  "GET /api/staff/billing-periods": { as: "staff" },

  // venues
  "GET /api/staff/venues": { as: "staff", query: { q: "leeds", sort: "name" } },
  "GET /api/staff/venues/edit/{id}": { as: "staff", params: { id: 1 } },
  "POST /api/staff/venues/store": {
    as: "staff",
    body: { name: "The Boiler Room", city: "Guildford", postcode: "gu1 4rp", capacity: 300 },
  },
  "POST /api/staff/venues/update": {
    made: "POST /api/staff/venues/store",
    as: "staff",
    body: { id: 34, capacity: 350 },
  },
  "POST /api/staff/venues/destroy": {
    made: "POST /api/staff/venues/store",
    as: "admin",
    body: { id: 34 },
  },
};
