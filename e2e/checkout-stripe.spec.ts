import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../server/orders/schema.ts";
import type { TestAppOptions } from "../tests/support/app.ts";
import { makeCheckoutStock, stockLeft } from "../tests/support/checkout.ts";
import { type StripeServer, startStripeServer } from "../tests/support/stripe-server.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";
import { routeStripe } from "./support/stripe.ts";

// The shop with Stripe: the local Stripe server first, so the app starts with its keys.
let stripe: StripeServer;
const options: TestAppOptions = {};
beforeAll(async () => {
  stripe = await startStripeServer();
  options.env = stripe.env;
});
afterAll(() => stripe?.close());
const shop = shopUnderTest(options);
beforeAll(() => stripe.deliverWebhooksTo(`${shop.app.url}/api/webhooks/stripe`));

const DECLINED_CARD = "Test card 4000 0000 0000 0002 (declined)";
const GOOD_CARD = "Test card 4242 4242 4242 4242 (pays)";

// Issue 13 with Stripe Elements: the card step in Chromium, through Stripe.js's stand-in, the
// local Stripe, its signed webhooks and the shop's settling.
describe("checkout with Stripe in the browser", () => {
  it("loads Stripe.js on the payment step only; a declined card, then another pays the same order", async () => {
    const { db } = shop.app.database;
    const { teeId } = await makeCheckoutStock(db, 5);
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    const stripeJs = await routeStripe(context, stripe);
    const stripeCalls = stripe.requests.length;
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 1 }));
    await context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);

    await gotoHydrated(page, "/");
    expect(stripeJs.scripts).toEqual([]);
    await gotoHydrated(page, "/checkout");
    const pay = page.getByRole("button", { name: "Place order and pay £28.95" });
    await page.getByLabel(DECLINED_CARD).waitFor();
    expect(stripeJs.scripts).toEqual([expect.stringMatching(/^https:\/\/js\.stripe\.com\//)]);

    await page.getByLabel("Email address").fill("card.guest@example.com");
    const delivery = page.getByRole("group", { name: "2. Delivery address" });
    await delivery.getByLabel("Full name").fill("Sam Card");
    await delivery.getByLabel("Address line 1").fill("8 Quay Street");
    await delivery.getByLabel("Town or city").fill("Bristol");
    await delivery.getByLabel("Postcode").fill("nowhere");
    await page.getByLabel(DECLINED_CARD).check();
    await pay.click();
    // The charge's own refusal, beside its field as without JavaScript; no order, no card step.
    await delivery.getByText("Enter a UK postcode, like SW1A 1AA.").waitFor();
    await page.getByText("Please check the details below.").waitFor();
    expect(stripe.requests.length).toBe(stripeCalls);

    await delivery.getByLabel("Postcode").fill("bs1 4dj");
    await pay.click();
    // Beside the card, and beside the pay button.
    await page.getByText("Your card was declined.").first().waitFor();
    expect(await page.locator("#pay-problem").textContent()).toBe("Your card was declined.");
    expect(await delivery.getByText("Enter a UK postcode, like SW1A 1AA.").count()).toBe(0);
    expect(await page.getByLabel("Email address").inputValue()).toBe("card.guest@example.com");
    // Stripe keeps the PaymentIntent for the next card, and the order keeps its stock.
    const [waiting, ...others] = await db
      .select()
      .from(orders)
      .where(eq(orders.email, "card.guest@example.com"));
    expect(others).toEqual([]);
    expect(waiting).toMatchObject({ status: "pending_payment", paymentProvider: "stripe" });
    expect(await stockLeft(db, teeId)).toBe(4);
    await expect
      .poll(() => stripe.delivered.map(({ type, status }) => ({ type, status })))
      .toContainEqual({ type: "payment_intent.payment_failed", status: 200 });

    await page.getByLabel(GOOD_CARD).check();
    await pay.click();
    await page.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    expect(page.url()).toMatch(
      new RegExp(`/checkout/orders/${waiting?.id}\\?token=[\\w-]+&placed=1$`),
    );
    await page.getByRole("link", { name: "Basket 0 items" }).waitFor();
    await page.getByText("Paid", { exact: true }).first().waitFor();

    const paid = await db.select().from(orders).where(eq(orders.email, "card.guest@example.com"));
    expect(paid).toEqual([
      expect.objectContaining({ id: waiting?.id, status: "paid", stockState: "sold" }),
    ]);
    const reference = paid[0]?.paymentReference ?? "";
    expect(stripe.paymentIntent(reference)).toMatchObject({
      status: "succeeded",
      amount_received: 2895,
    });
    // One PaymentIntent for the order, confirmed twice by the browser with the publishable key.
    expect(
      stripe.requests.filter((request) => request.path === "/v1/payment_intents"),
    ).toHaveLength(1);
    expect(
      stripe.requests.filter(
        (request) => request.path === `/v1/payment_intents/${reference}/confirm`,
      ),
    ).toHaveLength(2);
    await expect
      .poll(() => stripe.delivered.filter((event) => event.paymentIntent === reference))
      .toContainEqual({ type: "payment_intent.succeeded", paymentIntent: reference, status: 200 });
    // The refused charge (422) and Stripe's answer to the declined card (402), as browsers report them.
    await session.expectNoErrors([/status of 422/, /status of 402/]);
    await session.close();
  });

  it("says so when Stripe.js cannot load, and offers no way to pay", async () => {
    const { teeId } = await makeCheckoutStock(shop.app.database.db, 5);
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    await routeStripe(context, stripe, { unreachable: true });
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 1 }));
    await context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await gotoHydrated(page, "/checkout");
    await page
      .getByText("Card payments could not load. Check your connection and reload the page.")
      .waitFor();
    expect(
      await page.getByRole("button", { name: "Place order and pay £28.95" }).isDisabled(),
    ).toBe(true);
    await session.expectNoErrors([/ERR_INTERNET_DISCONNECTED/]);
    await session.close();
  });
});
