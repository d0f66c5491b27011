import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChargeResult, CheckoutQuote } from "../common/checkout.ts";
import { formatPrice } from "../common/money.ts";
import { analyticsEvents } from "../server/analytics/schema.ts";
import { customerAddresses, users } from "../server/customers/schema.ts";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { orders } from "../server/orders/schema.ts";
import {
  charge,
  makeCheckoutStock,
  post,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../tests/support/checkout.ts";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

// Issue 13: a guest's whole checkout in Chromium, a declined card first, then the retry.
describe("checkout in the browser", () => {
  it("declines, keeps what was typed, then pays, confirms and empties the basket", async () => {
    const { teeId } = await makeCheckoutStock(shop.app.database.db, 5);
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 1 }));
    await context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await gotoHydrated(page, "/checkout");

    await page.getByLabel("Email address").fill("browser.guest@example.com");
    const delivery = page.getByRole("group", { name: "2. Delivery address" });
    await delivery.getByLabel("Full name").fill("Jo Browser");
    await delivery.getByLabel("Address line 1").fill("5 Canal Street");
    await delivery.getByLabel("Town or city").fill("Birmingham");
    await delivery.getByLabel("Postcode").fill("b1 1aa");
    await page.getByLabel("The test card is declined").check();
    const pay = page.getByRole("button", { name: "Place order and pay £28.95" });
    await pay.click();
    await page.getByText("Your card was declined. Try another card.").first().waitFor();
    expect(await page.getByLabel("Email address").inputValue()).toBe("browser.guest@example.com");

    await page.getByLabel("The test card pays straight away").check();
    await pay.click();
    await page.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    expect(page.url()).toMatch(/\/checkout\/orders\/\d+\?token=.+&placed=1$/);
    await page.getByRole("link", { name: "Basket 0 items" }).waitFor();
    // behaviour.md §9: the start, each guest step and the purchase are each counted once, at their
    // value; a reload of the confirmation counts no second sale.
    await expect.poll(counted).toHaveLength(4);
    await gotoHydrated(page, new URL(page.url()).pathname + new URL(page.url()).search);
    await page.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(await counted()).toEqual(
      expect.arrayContaining(
        ["begin_checkout", "add_shipping_info", "add_payment_info", "purchase"].map((name) => ({
          name,
          value: 2895,
        })),
      ),
    );
    expect(await counted()).toHaveLength(4);
    await session.expectNoErrors();
    await session.close();
  });

  it("keeps what was typed across a reload, and forgets it once the order is placed", async () => {
    const { teeId } = await makeCheckoutStock(shop.app.database.db, 5);
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 1 }));
    await context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await gotoHydrated(page, "/checkout");
    const delivery = page.getByRole("group", { name: "2. Delivery address" });
    await page.getByLabel("Email address").fill("draft.guest@example.com");
    await delivery.getByLabel("Full name").fill("Dee Draft");
    await delivery.getByLabel("Address line 1").fill("3 Quay Street");
    await delivery.getByLabel("Town or city").fill("Bristol");
    await delivery.getByLabel("Postcode").fill("bs1 4dj");
    await page.getByLabel("My billing address is the same as the delivery address").uncheck();

    await gotoHydrated(page, "/checkout");
    expect(await page.getByLabel("Email address").inputValue()).toBe("draft.guest@example.com");
    expect(await delivery.getByLabel("Address line 1").inputValue()).toBe("3 Quay Street");
    expect(
      await page.getByLabel("My billing address is the same as the delivery address").isChecked(),
    ).toBe(false);
    await page.getByLabel("My billing address is the same as the delivery address").check();

    await page.getByRole("button", { name: /^Place order and pay/ }).click();
    await page.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem("encore.checkout-draft")))
      .toBeNull();
    await session.expectNoErrors();
    await session.close();
  });

  it("offers sign-in to a known email, prefills the customer's details, saves new ones, and lists the order", async () => {
    const { db } = shop.app.database;
    await db.delete(analyticsEvents);
    const { teeId } = await makeCheckoutStock(db, 5);
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 2 }));
    await context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await gotoHydrated(page, "/checkout");

    await page.getByLabel("Email address").fill(DEMO_ACCOUNTS.customer.email);
    await page.getByLabel("Email address").blur();
    await page.getByText("You already have an account with this email.").waitFor();
    await page.locator("main").getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    await page.getByLabel("Email address").fill(DEMO_ACCOUNTS.customer.email);
    await page.getByLabel("Password", { exact: true }).fill(DEMO_ACCOUNTS.customer.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout");

    // Saved details come back; two tees pass £50, so the standard delivery is free.
    const delivery = page.getByRole("group", { name: "2. Delivery address" });
    await delivery.getByLabel("Postcode").and(page.locator("[value='M4 1SH']")).waitFor();
    expect(await page.getByLabel("Email address").getAttribute("readonly")).not.toBeNull();
    await delivery.getByLabel("Address line 1").fill("9 New Street");
    await page.getByLabel("My billing address is the same as the delivery address").uncheck();
    const billing = page.getByRole("group", { name: "Billing address" });
    await billing.getByLabel("Full name").fill("Alex Fan");
    await billing.getByLabel("Address line 1").fill("1 Bank Road");
    await billing.getByLabel("Town or city").fill("Bristol");
    await billing.getByLabel("Postcode").fill("bs1 4dj");
    await page.getByLabel("The test card is declined").check();
    const pay = page.getByRole("button", { name: "Place order and pay £50.00" });
    await pay.click();
    await page.getByText("Your card was declined. Try another card.").first().waitFor();
    expect(await billing.getByLabel("Town or city").inputValue()).toBe("Bristol");

    await page.getByLabel("The test card pays straight away").check();
    await pay.click();
    await page.waitForURL("**/customer/checkout/success/*");
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    await page.getByRole("link", { name: "Basket 0 items" }).waitFor();
    const number = /EN-\d+/.exec((await page.locator("main").textContent()) ?? "")?.[0];
    expect(number, heading ?? "").toBeTruthy();

    // The new details are kept for next time.
    const saved = await db
      .select({ kind: customerAddresses.kind, line1: customerAddresses.line1 })
      .from(customerAddresses)
      .innerJoin(users, eq(users.id, customerAddresses.userId))
      .where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    expect(saved).toEqual(
      expect.arrayContaining([
        { kind: "shipping", line1: "9 New Street" },
        { kind: "billing", line1: "1 Bank Road" },
      ]),
    );

    await gotoHydrated(page, "/customer/dashboard");
    await page.getByRole("link", { name: new RegExp(number ?? "none") }).click();
    await page.waitForURL("**/customer/orders/*");
    await page.getByText("9 New Street").first().waitFor();
    // A customer's steps are not a guest's: the checkout was begun twice (before and after
    // signing in) and one purchase was made.
    await expect.poll(counted).toHaveLength(3);
    expect((await counted()).map((event) => event.name).sort()).toEqual([
      "begin_checkout",
      "begin_checkout",
      "purchase",
    ]);
    await session.expectNoErrors();
    await session.close();
  });

  // Decision 0036: an order written but not yet confirmed (a slow provider, a bank still
  // deciding) is shown as "confirming", and its page follows it to paid by itself.
  it("follows an order whose payment is still being confirmed until it is paid, with and without scripts", async () => {
    const { teeId } = await makeCheckoutStock(shop.app.database.db, 5);
    const options = await ukDeliveryOptions(shop.app);
    const answer = await charge(shop.app, {
      lines: [{ id: teeId, quantity: 1 }],
      email: "confirming.guest@example.com",
      shippingAddress: UK_ADDRESS,
      deliveryOptionId: options[0]?.id,
      payment: { provider: "test", outcome: "authenticate" },
    });
    const { data } = (await answer.json()) as { data: ChargeResult };
    const path = `/checkout/orders/${data.orderId}?token=${encodeURIComponent(data.accessToken ?? "")}&placed=1`;

    // Without scripts the page reloads itself.
    const still = await openSession(shop.browser, shop.app.url, { javaScriptEnabled: false });
    await still.page.goto(path);
    await still.page.getByText("Confirming your payment.").waitFor();
    const reloads = still.page.waitForEvent("load", { timeout: 15_000 });
    await reloads;
    await still.page.getByText("Confirming your payment.").waitFor();
    await still.close();

    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, path);
    const status = page.getByRole("status").filter({ hasText: "Confirming your payment." });
    await status.waitFor();
    expect(await status.textContent()).toContain("You do not need to do anything or pay again");
    // The bank approves while the shopper watches: no reload, no click.
    const approved = await post(shop.app, "/api/checkout/test-bank", {
      orderId: data.orderId,
      clientSecret: data.clientSecret,
      approve: true,
    });
    expect(approved.status).toBe(200);
    await page.getByText("Paid", { exact: true }).waitFor({ timeout: 15_000 });
    await status.waitFor({ state: "detached" });
    await page.getByRole("link", { name: "Basket 0 items" }).waitFor();
    await session.expectNoErrors();
    await session.close();
  });
});

// Issue 29: what the pay button shows is what is charged, whatever was chosen and in what order.
describe("the checkout total", () => {
  /** The server's own quote for these choices, as `/api/checkout/show` gives it. */
  const quoted = async (body: Record<string, unknown>) => {
    const answer = await post(shop.app, "/api/checkout/show", body);
    return ((await answer.json()) as { data: CheckoutQuote }).data.total;
  };
  const optionsFor = async (country: string, lines: unknown) => {
    const answer = await post(
      shop.app,
      "/api/delivery/option-groups/determined-delivery-option-group",
      { country, lines },
    );
    return ((await answer.json()) as { data: { options: Array<{ id: number; title: string }> } })
      .data.options;
  };
  const chargedTotal = async (email: string) =>
    (
      await shop.app.database.db
        .select({ total: orders.total })
        .from(orders)
        .where(eq(orders.email, email))
    ).map((row) => row.total);

  it("follows every choice with scripts (option, reload, country), and the charge takes the button's amount", async () => {
    const { teeId } = await makeCheckoutStock(shop.app.database.db, 5);
    const lines = [{ id: teeId, quantity: 1 }];
    const session = await openSession(shop.browser, shop.app.url);
    const { page, context } = session;
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 1 }));
    await context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await gotoHydrated(page, "/checkout");
    const email = "every.choice@example.com";
    await page.getByLabel("Email address").fill(email);
    const address = page.getByRole("group", { name: "2. Delivery address" });
    await address.getByLabel("Full name").fill("Evie Choice");
    await address.getByLabel("Address line 1").fill("9 Mill Lane");
    await address.getByLabel("Town or city").fill("York");
    await address.getByLabel("Postcode").fill("YO1 7HH");
    // Scripts price each change themselves: the no-script button is not offered.
    expect(await page.getByRole("button", { name: "Update delivery options" }).isVisible()).toBe(
      false,
    );
    const pay = page.getByRole("button", { name: /^Place order and pay/ });
    const buttonShows = async (total: number) =>
      page.getByRole("button", { name: `Place order and pay ${formatPrice(total)}` }).waitFor();

    const uk = await optionsFor("GB", lines);
    expect(uk.length).toBeGreaterThanOrEqual(3);
    for (const option of [...uk.slice(1), uk[0]]) {
      if (!option) continue;
      await page.getByRole("radio", { name: new RegExp(option.title) }).check();
      await buttonShows(
        await quoted({ lines, country: "GB", postcode: "YO1 7HH", deliveryOptionId: option.id }),
      );
    }
    // A reload puts the kept choice back, and prices it.
    const express = uk[1];
    if (!express) throw new Error("no second UK option");
    await page.getByRole("radio", { name: new RegExp(express.title) }).check();
    const expressTotal = await quoted({ lines, country: "GB", deliveryOptionId: express.id });
    await buttonShows(expressTotal);
    await gotoHydrated(page, "/checkout");
    expect(await page.getByRole("radio", { name: new RegExp(express.title) }).isChecked()).toBe(
      true,
    );
    await buttonShows(expressTotal);

    // Another country: its own options, and no UK VAT on an export.
    await address.getByLabel("Country").selectOption("FR");
    await address.getByLabel("Postcode").fill("75001");
    const europe = await optionsFor("FR", lines);
    const first = europe[0];
    if (!first) throw new Error("no option for France");
    await page.getByRole("radio", { name: new RegExp(first.title) }).waitFor();
    expect(await page.getByRole("radio", { name: new RegExp(express.title) }).count()).toBe(0);
    const franceTotal = await quoted({ lines, country: "FR", deliveryOptionId: first.id });
    expect(franceTotal).not.toBe(expressTotal);
    await buttonShows(franceTotal);

    const shown = (await pay.textContent()) ?? "";
    await pay.click();
    await page.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    expect(shown).toBe(`Place order and pay ${formatPrice(franceTotal)}`);
    expect(await chargedTotal(email)).toEqual([franceTotal]);
    await session.expectNoErrors();
    await session.close();
  });

  it("without scripts, refuses a total the page did not show and charges the one it shows next", async () => {
    const { teeId } = await makeCheckoutStock(shop.app.database.db, 5);
    const lines = [{ id: teeId, quantity: 1 }];
    const session = await openSession(shop.browser, shop.app.url, { javaScriptEnabled: false });
    const { page, context } = session;
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 1 }));
    await context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await page.goto("/checkout");
    const email = "no.scripts@example.com";
    await page.getByLabel("Email address").fill(email);
    const address = page.getByRole("group", { name: "2. Delivery address" });
    await address.getByLabel("Full name").fill("Nia Scripts");
    await address.getByLabel("Address line 1").fill("2 Bank Street");
    await address.getByLabel("Town or city").fill("Hull");
    await address.getByLabel("Postcode").fill("HU1 1AA");
    expect(await page.getByRole("button", { name: "Update delivery options" }).isVisible()).toBe(
      true,
    );
    const uk = await optionsFor("GB", lines);
    const nextDay = uk[2];
    if (!nextDay) throw new Error("no third UK option");
    const standardTotal = await quoted({ lines, country: "GB", deliveryOptionId: uk[0]?.id });
    const nextDayTotal = await quoted({ lines, country: "GB", deliveryOptionId: nextDay.id });
    // The summary still shows the first option's total; the charge will not take another.
    await page.getByRole("radio", { name: new RegExp(nextDay.title) }).check();
    await page
      .getByRole("button", { name: `Place order and pay ${formatPrice(standardTotal)}` })
      .click();
    await page
      .getByText(
        `The total changed to ${formatPrice(nextDayTotal)}: check your order and pay again.`,
      )
      .first()
      .waitFor();
    expect(await chargedTotal(email)).toEqual([]);
    await page
      .getByRole("button", { name: `Place order and pay ${formatPrice(nextDayTotal)}` })
      .click();
    await page.getByRole("heading", { name: "Thank you for your order" }).waitFor();
    expect(await chargedTotal(email)).toEqual([nextDayTotal]);
    await session.close();
  });
});

// Issue 29: a failed submit is seen where the shopper is, on a phone too.
describe("checkout errors", () => {
  it("scrolls to and focuses a summary that links each problem to its field, and says a decline beside the button", async () => {
    const { teeId } = await makeCheckoutStock(shop.app.database.db, 5);
    const session = await openSession(shop.browser, shop.app.url, {
      viewport: { width: 390, height: 844 },
    });
    const { page, context } = session;
    const basket = encodeURIComponent(JSON.stringify({ [teeId]: 1 }));
    await context.addCookies([{ name: "basket", value: basket, url: shop.app.url }]);
    await gotoHydrated(page, "/checkout");
    const pay = page.getByRole("button", { name: /^Place order and pay/ });
    await pay.scrollIntoViewIfNeeded();
    await pay.click();

    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await summary.waitFor();
    await expect.poll(() => summary.evaluate((node) => node === document.activeElement)).toBe(true);
    expect(await summary.evaluate((node) => node.getBoundingClientRect().top >= 0)).toBe(true);
    expect(await summary.evaluate((node) => node.getBoundingClientRect().top < innerHeight)).toBe(
      true,
    );
    const postcode = summary.getByRole("link", { name: /^Postcode: / });
    await postcode.click();
    const address = page.getByRole("group", { name: "2. Delivery address" });
    await expect
      .poll(() =>
        address.getByLabel("Postcode").evaluate((node) => node === document.activeElement),
      )
      .toBe(true);
    expect(await summary.getByRole("link", { name: /^Email address: / }).count()).toBe(1);

    await page.getByLabel("Email address").fill("declined.phone@example.com");
    await address.getByLabel("Full name").fill("Pat Phone");
    await address.getByLabel("Address line 1").fill("1 Sea Road");
    await address.getByLabel("Town or city").fill("Brighton");
    await address.getByLabel("Postcode").fill("BN1 1AA");
    await page.getByLabel("The test card is declined").check();
    await pay.scrollIntoViewIfNeeded();
    await pay.click();
    await summary.filter({ hasText: "Your card was declined" }).waitFor();
    await expect.poll(() => summary.evaluate((node) => node === document.activeElement)).toBe(true);
    // Beside the button as well, and the button says so to a screen reader.
    const besideButton = page.locator("#pay-problem");
    expect(await besideButton.textContent()).toContain("Your card was declined");
    expect(await pay.getAttribute("aria-describedby")).toBe("pay-problem");
    await session.expectNoErrors();
    await session.close();
  });
});

const counted = () =>
  shop.app.database.db
    .select({ name: analyticsEvents.name, value: analyticsEvents.valuePence })
    .from(analyticsEvents)
    .where(
      inArray(analyticsEvents.name, [
        "begin_checkout",
        "add_shipping_info",
        "add_payment_info",
        "purchase",
      ]),
    );
