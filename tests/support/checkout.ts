// Test support for checkout (tests only): a basket of a test's own and the calls a shopper makes.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { apiClient } from "../../common/api/client.mjs";
import { billingModels } from "../../server/billing/schema.ts";
import { products } from "../../server/catalog/schema.ts";
import { stockOf } from "../../server/catalog/service/stock.ts";
import type { Db } from "../../server/db/client.ts";
import { orders } from "../../server/orders/schema.ts";
import { send } from "./api.ts";
import type { TestApp } from "./app.ts";
import { makeBrand, makeProduct } from "./factories.ts";

export const UK_ADDRESS = {
  fullName: "Sam Fan",
  line1: "1 High Street",
  city: "Leeds",
  postcode: "ls1 4ap",
  country: "GB",
};

/** A product of the test's own: a £25.00 tee (20% VAT) with `stock` units, and a £10.00 zine (0%). */
export async function makeCheckoutStock(db: Db, stock = 10) {
  const brand = await makeBrand(db);
  const tee = await makeProduct(db, { brandId: brand.id, variants: [{ price: 2500, stock }] });
  const zine = await makeProduct(db, {
    brandId: brand.id,
    productType: "Book",
    vatRate: 0,
    variants: [{ price: 1000, stock: 50 }],
  });
  return { teeId: tee.variants[0]?.id ?? 0, zineId: zine.variants[0]?.id ?? 0 };
}

/**
 * A product of its own (£20.00, 20% VAT) on the installed billing model titled `model`, released
 * on `releaseDate`: answers its variant's id.
 */
export async function makeProductOnModel(db: Db, model: string, releaseDate: string | null) {
  const [row] = await db.select().from(billingModels).where(eq(billingModels.title, model));
  const brand = await makeBrand(db);
  const made = await makeProduct(db, { brandId: brand.id, variants: [{ price: 2000 }] });
  await db
    .update(products)
    .set({ billingModelId: row?.id, releaseDate, preOrder: row?.type === "pre_order" })
    .where(eq(products.id, made.product.id));
  return made.variants[0]?.id as number;
}

export async function ukDeliveryOptions(app: TestApp) {
  const { data } = await apiClient(app.url).POST(
    "/api/delivery/option-groups/determined-delivery-option-group",
    { body: { country: "GB", lines: [] } },
  );
  if (!data) throw new Error("the UK's delivery options were refused");
  return data.data.options;
}

export function post(
  app: TestApp,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return send(app, "post", path, { body, headers });
}

/** POST /api/checkout/charge with a fresh Idempotency-Key unless given one. */
export function charge(
  app: TestApp,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return post(app, "/api/checkout/charge", body, { "Idempotency-Key": randomUUID(), ...headers });
}

export const stockLeft = async (db: Db, variantId: number) =>
  (await stockOf(db, [variantId])).get(variantId);

export async function orderRow(db: Db, orderId: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}
