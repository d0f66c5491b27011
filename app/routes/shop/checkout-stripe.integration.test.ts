import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ChargeResult } from "../../../common/checkout.ts";
import { loadConfig, type StripeSettings } from "../../../server/config.ts";
import { clientBuildFolder } from "../../../server/paths.ts";
import { stripeClient } from "../../../server/payments/stripe-provider.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import {
  charge,
  makeCheckoutStock,
  orderRow,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../../tests/support/checkout.ts";
import { type StripeServer, startStripeServer } from "../../../tests/support/stripe-server.ts";

const STRIPE_JS = "js.stripe.com";

/** The page's HTML and the text of every script it loads up front (its modules and preloads). */
async function pageWithScripts(app: TestApp, path: string, cookie: string) {
  const response = await app.fetch(path, { headers: { Cookie: cookie } });
  const html = await response.text();
  const assets = [...new Set(html.match(/\/assets\/[\w.-]+\.js/g) ?? [])];
  const scripts = await Promise.all(assets.map(async (asset) => (await app.fetch(asset)).text()));
  return { response, html, assets, scripts };
}

const basketOf = (teeId: number) => `basket=${encodeURIComponent(JSON.stringify({ [teeId]: 1 }))}`;

// Stripe Elements is loaded by the card step itself, from Stripe, and only with Stripe set up.
describe("the checkout page and Stripe.js", () => {
  let stripe: StripeServer;
  let withStripe: TestApp;
  let withoutStripe: TestApp;
  beforeAll(async () => {
    stripe = await startStripeServer();
    [withStripe, withoutStripe] = await Promise.all([
      startTestApp("pglite", { env: stripe.env }),
      startTestApp("pglite"),
    ]);
  });
  afterAll(async () => {
    await Promise.all([withStripe?.close(), withoutStripe?.close()]);
    await stripe?.close();
  });

  it("renders the publishable key only with Stripe's settings, never the secrets, and leaves Stripe.js to the card step", async () => {
    const without = await makeCheckoutStock(withoutStripe.database.db, 5);
    const testPayments = await pageWithScripts(withoutStripe, "/checkout", basketOf(without.teeId));
    expect(testPayments.html).toContain("Test payments.");
    expect(testPayments.html).not.toContain(STRIPE_JS);
    expect(testPayments.html).not.toMatch(/pk_(test|live)_/);
    expect(testPayments.response.headers.get("content-security-policy")).not.toContain(
      "stripe.com",
    );
    expect(testPayments.scripts.length).toBeGreaterThan(0);
    for (const script of testPayments.scripts) expect(script).not.toContain(STRIPE_JS);

    const { teeId } = await makeCheckoutStock(withStripe.database.db, 5);
    const page = await pageWithScripts(withStripe, "/checkout", basketOf(teeId));
    expect(page.response.status).toBe(200);
    expect(page.html).toContain(stripe.publishableKey);
    expect(page.html).not.toContain(stripe.secretKey);
    expect(page.html).not.toContain(stripe.webhookSecret);
    // Without JavaScript there is no card form, so no way to pay: nothing names Stripe to pay.
    expect(page.html).toContain("Card payments need JavaScript in this browser.");
    expect(page.html).not.toContain('name="payment.provider"');
    expect(page.html).toMatch(/<button[^>]*disabled=""[^>]*>Place order and pay £28\.95/);
    expect(page.response.headers.get("content-security-policy")).toContain("https://js.stripe.com");

    // The loader of Stripe.js is built as a chunk of its own, which no page loads up front.
    const assetsFolder = join(clientBuildFolder, "assets");
    const built = (await readdir(assetsFolder)).filter((name) => name.endsWith(".js"));
    const loaders: string[] = [];
    for (const name of built) {
      if ((await readFile(join(assetsFolder, name), "utf8")).includes(STRIPE_JS))
        loaders.push(name);
    }
    expect(loaders).toHaveLength(1);
    expect(page.assets.some((asset) => asset.endsWith(`/${loaders[0]}`))).toBe(false);
    for (const script of page.scripts) expect(script).not.toContain(STRIPE_JS);
    const home = await pageWithScripts(withStripe, "/", "");
    expect(home.html).not.toContain(stripe.publishableKey);
    for (const script of home.scripts) expect(script).not.toContain(STRIPE_JS);
  });

  describe("the confirmation, back from the bank", () => {
    let shopper: Stripe;
    let tracked48: number;
    beforeAll(async () => {
      shopper = await stripeClient(loadConfig(stripe.env).stripe as StripeSettings);
      tracked48 = (await ukDeliveryOptions(withStripe))[0]?.id ?? 0;
    });

    /** A card payment the bank has yet to confirm, as Stripe.js leaves it before a redirect. */
    const waitingForTheBank = async (headers: Record<string, string> = {}) => {
      const { teeId } = await makeCheckoutStock(withStripe.database.db, 5);
      const response = await charge(
        withStripe,
        {
          lines: [{ id: teeId, quantity: 1 }],
          email: "redirected@example.com",
          shippingAddress: UK_ADDRESS,
          deliveryOptionId: tracked48,
          payment: { provider: "stripe" },
        },
        headers,
      );
      const { data } = (await response.json()) as { data: ChargeResult };
      await shopper.paymentIntents.confirm(data.paymentReference, {
        payment_method: "pm_card_authenticationRequired",
        return_url: "http://localhost:3000/checkout/orders",
      });
      // What Stripe appends to the return URL.
      const query = new URLSearchParams({
        payment_intent: data.paymentReference,
        payment_intent_client_secret: data.clientSecret ?? "",
        redirect_status: "processing",
      });
      return { charged: data, cookie: basketOf(teeId), query };
    };
    const basketEmptied = (response: Response) =>
      response.headers.getSetCookie().some((line) => line.startsWith("basket=%7B%7D"));

    it("waits for the bank while the payment is pending, and shows it paid from Stripe's own state", async () => {
      const { charged, cookie, query } = await waitingForTheBank();
      const confirmation = `/checkout/orders/${charged.orderId}?token=${charged.accessToken}&placed=1&${query}`;

      const pending = await withStripe.fetch(confirmation, { headers: { Cookie: cookie } });
      expect(pending.status).toBe(200);
      const waiting = await pending.text();
      expect(waiting).toContain("Confirming your payment");
      // Straight after checkout the badge says the payment is being confirmed, not asked for.
      expect(waiting).toContain("Confirming…");
      expect(waiting).not.toContain("Awaiting payment");
      expect(basketEmptied(pending)).toBe(false);

      // The bank says yes; no webhook has come (none is sent here): the page asks Stripe.
      stripe.authenticate(charged.paymentReference, true);
      const paid = await withStripe.fetch(confirmation, { headers: { Cookie: cookie } });
      expect(paid.status).toBe(200);
      const html = await paid.text();
      expect(html).not.toContain("Confirming your payment");
      expect(html).toContain("Thank you for your order");
      expect(basketEmptied(paid)).toBe(true);
      expect(await orderRow(withStripe.database.db, charged.orderId)).toMatchObject({
        status: "paid",
        stockState: "sold",
      });
    });

    it("does the same for a customer's confirmation", async () => {
      const cookie = await signedInCookie(withStripe);
      const bearer = { Authorization: `Bearer ${cookie.slice("token=".length)}` };
      const { charged } = await waitingForTheBank(bearer);
      const confirmation = `/customer/checkout/success/${charged.orderId}`;

      const pending = await withStripe.fetch(confirmation, { headers: { Cookie: cookie } });
      expect(pending.status).toBe(200);
      expect(await pending.text()).toContain("Confirming your payment");

      stripe.authenticate(charged.paymentReference, true);
      const paid = await withStripe.fetch(confirmation, { headers: { Cookie: cookie } });
      expect(await paid.text()).not.toContain("Confirming your payment");
      expect(basketEmptied(paid)).toBe(true);
      expect((await orderRow(withStripe.database.db, charged.orderId))?.status).toBe("paid");
    });
  });
});
