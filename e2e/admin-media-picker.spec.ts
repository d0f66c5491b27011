import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { productMedia, products } from "../server/catalog/schema.ts";
import { mediaFiles } from "../server/media/schema.ts";
import { gotoLive, hydrated, staffSession, violations } from "./support/admin.ts";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const TITLE = "picker-poster";

describe("the media picker in Chromium", () => {
  it("staff upload a PNG, choose it from the library in a product's gallery, save, and the shop shows it", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    const db = shop.app.database.db;

    // The picture, uploaded to the library's top level.
    await gotoLive(page, "/admin/media");
    const png = await sharp({
      create: { width: 800, height: 800, channels: 3, background: "#1f6f4a" },
    })
      .png()
      .toBuffer();
    await page.getByLabel("Choose files").setInputFiles({
      name: `${TITLE}.png`,
      mimeType: "image/png",
      buffer: png,
    });
    await page.getByRole("list", { name: "Uploads" }).getByText("Done").waitFor();
    const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.title, TITLE));
    expect(file).toBeDefined();
    if (!file) return;

    // A published product with its gallery emptied, so the shop's picture can only be ours.
    const [product] = await db
      .select()
      .from(products)
      .where(eq(products.status, "published"))
      .limit(1);
    expect(product).toBeDefined();
    if (!product) return;
    await db.delete(productMedia).where(eq(productMedia.productId, product.id));

    await gotoLive(page, `/admin/products/${product.id}`);
    const trigger = page.getByRole("button", { name: /^Choose from library/ });
    await trigger.click();
    const dialog = page.getByRole("dialog", { name: "Choose from the media library" });
    const thumbnail = dialog.getByRole("button", { name: TITLE, exact: true });
    await thumbnail.waitFor();
    // Its picture is on screen too.
    await thumbnail.locator("img").evaluate((image: HTMLImageElement) => image.decode());
    expect(await violations(page)).toEqual([]);
    // Focus is inside the dialog; Escape closes it and gives focus back to the button.
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await trigger.evaluate((node) => node === document.activeElement)).toBe(true);

    // Chosen from the keyboard: the gallery gains the file's row, by its number.
    await trigger.click();
    await thumbnail.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    const gallery = page.getByRole("list", { name: "Gallery, in order" });
    await gallery.getByText(TITLE, { exact: true }).waitFor();
    expect(
      await gallery.locator(`input[type="hidden"][value="${file.id}"]`).getAttribute("name"),
    ).toMatch(/^media\[\d+\]\.fileId$/);
    await page.getByText("Unsaved changes").waitFor();

    await page.getByRole("button", { name: "Save product" }).click();
    await page.getByText(`Saved the product “${product.title}”.`).first().waitFor();
    await hydrated(page);
    const saved = await db
      .select()
      .from(productMedia)
      .where(eq(productMedia.productId, product.id));
    expect(saved.map((row) => row.fileId)).toEqual([file.id]);

    // The shop's product page shows it.
    const shopper = await openSession(shop.browser, shop.app.url);
    await shopper.page.goto(`/products/${product.slug}`);
    const image = shopper.page.locator(`main img[src^="/api/file/${file.slug}"]`).first();
    await image.waitFor();
    expect(await image.getAttribute("src")).toMatch(
      new RegExp(`^/api/file/${file.slug.replace(".", "\\.")}(\\?|$)`),
    );
    await shopper.close();

    await session.expectNoErrors();
    await session.close();
  });
  it("staff upload a new image from the picker, and it is chosen at once (issue 30)", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    const db = shop.app.database.db;
    await gotoLive(page, "/admin/bands/1");
    const banner = page.getByLabel("Banner image (media file id)");
    const before = await banner.inputValue();
    await page.getByRole("button", { name: "Choose from library for the banner image" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose from the media library" });
    const png = await sharp({
      create: { width: 1600, height: 600, channels: 3, background: "#6b1d3a" },
    })
      .png()
      .toBuffer();
    // A file the library refuses is told beside the control, and nothing is chosen.
    await dialog.getByLabel("Upload a new image").setInputFiles({
      name: "notes.png",
      mimeType: "image/png",
      buffer: Buffer.from("not a picture"),
    });
    await dialog.getByRole("alert").waitFor();
    expect(await banner.inputValue()).toBe(before);
    await dialog.getByLabel("Upload a new image").setInputFiles({
      name: "picker-banner.png",
      mimeType: "image/png",
      buffer: png,
    });
    await dialog.waitFor({ state: "detached" });
    const [file] = await db.select().from(mediaFiles).where(eq(mediaFiles.title, "picker-banner"));
    expect(file).toBeDefined();
    expect(await banner.inputValue()).toBe(String(file?.id));
    await page.getByText("Unsaved changes").waitFor();
    // The refused upload's 422 is expected; nothing else may fail.
    await session.expectNoErrors([/status of 422/]);
    await session.close();
  });
});
