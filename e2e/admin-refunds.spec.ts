import { and, asc, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "../server/db/seed/accounts.ts";
import { mailOutbox } from "../server/mail/schema.ts";
import { orderLines, orders } from "../server/orders/schema.ts";
import { gotoLive, signInAs, staffSession, violations } from "./support/admin.ts";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

/** The demo customer's paid order (the seeded shop's, paid with the test provider) and its lines. */
async function demoPaidOrder() {
  const db = shop.app.database.db;
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.email, DEMO_ACCOUNTS.customer.email), eq(orders.status, "paid")))
    .orderBy(desc(orders.id))
    .limit(1);
  if (!order) throw new Error("The demo customer has no paid order");
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.position));
  return { order, lines };
}

describe("refunds in the back office, in Chromium", () => {
  it("staff refund one line of the demo customer's paid order; the customer's page and email show it", async () => {
    const { order, lines } = await demoPaidOrder();
    const [line] = lines;
    if (!line) throw new Error("no line");
    const amount = Math.floor((line.lineTotal - line.discount) / line.quantity);

    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, `/admin/orders/${order.id}/refund`);
    await page.getByRole("heading", { level: 1, name: `Refund order ${order.number}` }).waitFor();
    expect(await violations(page)).toEqual([]);

    // Nothing chosen: the error is beside the lines, and nothing is refunded.
    await page.getByRole("button", { name: "Review refund" }).click();
    await page.getByText("Choose what to refund").first().waitFor();

    await page.getByLabel(`Units of ${line.title} to refund`).fill("1");
    await page.getByLabel("The goods came back: return them to stock").check();
    await page.getByLabel("Reason", { exact: true }).fill("Arrived damaged");
    await page.getByRole("button", { name: "Review refund" }).click();
    const confirm = page.getByRole("region", {
      name: `Refund ${pounds(amount)} to the card the customer paid with?`,
    });
    await confirm.waitFor();
    await confirm.getByText(`1 × ${line.title}`).waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/refunds-confirm.png", fullPage: true });

    await confirm.getByRole("button", { name: `Refund ${pounds(amount)}` }).click();
    await page
      .getByText(`${pounds(amount)} refunded on order ${order.number}.`)
      .first()
      .waitFor();
    await page
      .getByRole("region", { name: "Refunds so far" })
      .getByText(`1 × ${line.title}`)
      .waitFor();
    expect(await violations(page)).toEqual([]);
    await page.screenshot({ path: "/tmp/refunds-done.png", fullPage: true });
    // The empty review above was refused with a 422, as it should be.
    await session.expectNoErrors([/status of 422/]);
    await session.close();

    // The customer sees it on their order.
    const customer = await openSession(shop.browser, shop.app.url);
    await signInAs(shop, customer, DEMO_ACCOUNTS.customer, "/api/login-user");
    await customer.page.goto(`/customer/orders/${order.id}`);
    const refunds = customer.page.getByRole("region", { name: "Refunds" });
    await refunds.waitFor();
    await refunds
      .getByText(new RegExp(`Refunded ${pounds(amount).replace(".", "\\.")} on .+: 1 × `))
      .waitFor();
    expect(await refunds.textContent()).toContain(`1 × ${line.title}`);
    expect(await violations(customer.page)).toEqual([]);
    await customer.expectNoErrors();
    await customer.close();

    // And the email says what, how much, to which card and when.
    const [mail] = await shop.app.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.recipient, DEMO_ACCOUNTS.customer.email),
          eq(mailOutbox.kind, "order-refund"),
        ),
      );
    expect(mail?.subject).toBe(`Your refund of ${pounds(amount)} for order ${order.number}`);
    expect(mail?.text).toContain(`1 × ${line.title}`);
    expect(mail?.text).toContain("to the card you paid with");
    expect(mail?.text).toContain("5 to 10 working days");
  });
});
