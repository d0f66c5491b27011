import { chromium } from "playwright-core";
const base = "http://localhost:3210";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const [name, viewport] of [["desktop", { width: 1280, height: 900 }], ["phone", { width: 390, height: 844 }]]) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill("fan@example.com");
  await page.getByLabel("Password", { exact: true }).fill("encore-fan-2026");
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL(/customer/);
  await page.getByRole("link", { name: "EN-10016" }).click();
  await page.getByRole("region", { name: "VAT receipt" }).waitFor();
  await page.screenshot({ path: `/tmp/shots/order-${name}.png`, fullPage: true });
  await page.goto(`${base}/customer/addresses/shipping`);
  await page.getByLabel("Postcode").fill("nope");
  await page.getByRole("button", { name: /^Save/ }).click();
  await page.getByRole("alert").first().waitFor();
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/address-${name}.png`, fullPage: false });
  await context.close();
}
await browser.close();
