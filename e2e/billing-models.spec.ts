import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChargeResult } from "../common/checkout.ts";
import { formatLongDate } from "../common/dates.ts";
import { billingModels } from "../server/billing/schema.ts";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { periodEnd } from "../server/orders/memberships/memberships.ts";
import { orders } from "../server/orders/schema.ts";
import { signedInCookie } from "../tests/support/accounts.ts";
import {
  charge,
  makeCheckoutStock,
  makeProductOnModel,
  orderRow,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../tests/support/checkout.ts";
import { makeBrand, makeProduct } from "../tests/support/factories.ts";
import { gotoLive, signInAs, staffSession, violations } from "./support/admin.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const MODEL = "Spring pre-order";

// Issue 15 (decision 0016): staff make a pre-order, the shop says when it ships, and a shopper
// sends a mixed basket in two parcels.
describe("billing models in Chromium", () => {
  it("staff create a pre-order model and assign it; the shop shows it; a mixed basket splits", async () => {
    const db = shop.app.database.db;
    const brand = await makeBrand(db);
    const made = await makeProduct(db, {
      brandId: brand.id,
      title: "Spring Tour Poster",
      variants: [{ price: 1500, stock: 20 }],
    });
    const { teeId } = await makeCheckoutStock(db, 5);

    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin/billing-models");
    await page.getByRole("link", { name: "Add billing model" }).click();
    await page.getByRole("heading", { name: "New billing model" }).waitFor();
    await page.getByLabel("Name").fill(MODEL);
    await page.getByLabel("Type").selectOption("pre_order");
    await page.getByRole("button", { name: "Add billing model" }).click();
    // Issue 30: a new billing model lands on its own page.
    await page.waitForURL(/\/admin\/billing-models\/\d+$/);
    await page.getByText(`Added the billing model “${MODEL}”.`).first().waitFor();
    await gotoLive(page, "/admin/billing-models");
    await page.getByRole("table", { name: "Billing models" }).getByText(MODEL).waitFor();
    const [model] = await db.select().from(billingModels).where(eq(billingModels.title, MODEL));
    expect(model).toMatchObject({ type: "pre_order", period: null });

    await gotoLive(page, `/admin/products/${made.product.id}`);
    await page.getByLabel("Billing model").selectOption(String(model?.id));
    // A pre-order ships from its release date: the form now asks for it.
    const date = page.getByLabel("Release date (required for a pre-order)");
    await date.waitFor();
    await date.fill("2027-03-14");
    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByText("Saved the product “Spring Tour Poster”.").first().waitFor();
    await session.expectNoErrors();
    await session.close();

    const shopper = await openSession(shop.browser, shop.app.url);
    await gotoHydrated(shopper.page, `/products/${made.product.slug}`);
    await shopper.page.getByText("Pre-order: ships from 14 March 2027").first().waitFor();
    await shopper.page.getByRole("button", { name: "Pre-order", exact: true }).waitFor();

    const basket = encodeURIComponent(
      JSON.stringify({ [teeId]: 1, [made.variants[0]?.id ?? 0]: 1 }),
    );
    await shopper.context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await gotoHydrated(shopper.page, "/checkout");
    await shopper.page.getByLabel("Email address").fill("split.fan@example.com");
    const delivery = shopper.page.getByRole("group", { name: "2. Delivery address" });
    await delivery.getByLabel("Full name").fill("Sam Split");
    await delivery.getByLabel("Address line 1").fill("9 Mill Lane");
    await delivery.getByLabel("Town or city").fill("York");
    await delivery.getByLabel("Postcode").fill("yo1 7hh");
    await shopper.page
      .getByText("No extra delivery charge: we pay for the second parcel.")
      .waitFor();
    await shopper.page.getByLabel("Send what's ready now and the rest on release").check();
    await shopper.page.getByLabel("The test card pays straight away").check();
    await shopper.page.getByRole("button", { name: /^Place order and pay/ }).click();
    await shopper.page.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    await shopper.page
      .getByText(
        "Pre-orders ship from 14 March 2027. You chose: Send what's ready now and the rest on release (at no extra delivery charge).",
      )
      .waitFor();
    const [order] = await db
      .select({ plan: orders.dispatchPlan, shipsFrom: orders.shipsFrom })
      .from(orders)
      .where(eq(orders.email, "split.fan@example.com"));
    expect(order).toEqual({ plan: "split", shipsFrom: "2027-03-14" });
    await shopper.expectNoErrors();
    await shopper.close();
  });

  it("the billing models' list and forms have no axe violations", async () => {
    const session = await staffSession(shop, "admin");
    const { page } = session;
    const [model] = await shop.app.database.db.select().from(billingModels).limit(1);
    for (const path of [
      "/admin/billing-models",
      "/admin/billing-models?type=membership",
      "/admin/billing-models/new",
      `/admin/billing-models/${model?.id}`,
    ]) {
      await gotoLive(page, path);
      expect(await violations(page), path).toEqual([]);
    }
    await session.expectNoErrors();
    await session.close();
  });

  it("a membership order's pages show its renewal to staff and to the member, with no axe violations", async () => {
    const db = shop.app.database.db;
    const yearly = await makeProductOnModel(db, "Fan club (yearly)", null);
    const cookie = await signedInCookie(shop.app);
    const response = await charge(
      shop.app,
      {
        lines: [{ id: yearly, quantity: 1 }],
        email: DEMO_ACCOUNTS.customer.email,
        shippingAddress: UK_ADDRESS,
        deliveryOptionId: (await ukDeliveryOptions(shop.app))[0]?.id,
        payment: { provider: "test", outcome: "success" },
      },
      { Authorization: `Bearer ${cookie.slice("token=".length)}` },
    );
    const { orderId } = ((await response.json()) as { data: ChargeResult }).data;
    await shop.app.server.reconcileOrders();
    const paidAt = (await orderRow(db, orderId))?.paidAt ?? new Date();
    const renewsOn = formatLongDate(periodEnd(paidAt, "year").toISOString());

    const staff = await staffSession(shop, "staff");
    await gotoLive(staff.page, `/admin/orders/${orderId}`);
    await staff.page.getByText(`next renewal ${renewsOn}`).waitFor();
    await staff.page.getByText("Renewing", { exact: true }).waitFor();
    expect(await violations(staff.page)).toEqual([]);
    await staff.close();

    const member = await openSession(shop.browser, shop.app.url);
    await signInAs(shop, member, DEMO_ACCOUNTS.customer, "/api/login-user");
    await gotoHydrated(member.page, `/customer/orders/${orderId}`);
    await member.page.getByRole("heading", { name: "Membership" }).waitFor();
    await member.page.getByText(`Renews on ${renewsOn}`).waitFor();
    expect(await violations(member.page)).toEqual([]);
    await member.close();
  });
});
