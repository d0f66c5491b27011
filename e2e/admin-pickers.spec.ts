import { and, asc, eq, notInArray } from "drizzle-orm";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  brands,
  collectionProducts,
  productCollections,
  products,
} from "../server/catalog/schema.ts";
import { mediaFiles, mediaFolders } from "../server/media/schema.ts";
import { gotoLive, hydrated, staffSession, violations } from "./support/admin.ts";
import { openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

// Issue 14: choosing pictures from the library by searching it (the file may sit in any folder)
// in the band and collection forms, and hand-picking a collection's products by searching them.

const shop = shopUnderTest();
const db = () => shop.app.database.db;

/**
 * A PNG uploaded through the media screen, then filed in a folder of its own (the picker's
 * search must find it there, not only in the folder it opens on).
 */
async function uploadedInAFolder(page: Page, title: string, background: string) {
  await gotoLive(page, "/admin/media");
  const png = await sharp({ create: { width: 1600, height: 700, channels: 3, background } })
    .png()
    .toBuffer();
  await page.getByLabel("Choose files").setInputFiles({
    name: `${title}.png`,
    mimeType: "image/png",
    buffer: png,
  });
  await page.getByRole("list", { name: "Uploads" }).getByText("Done").waitFor();
  const [folder] = await db()
    .insert(mediaFolders)
    .values({ name: `Folder of ${title}` })
    .returning();
  const [file] = await db()
    .update(mediaFiles)
    .set({ folderId: folder?.id })
    .where(eq(mediaFiles.title, title))
    .returning();
  if (!file) throw new Error(`${title} was not uploaded`);
  return file;
}

/** Opens the picker of `purpose`, searches the library for `title` and chooses it. */
async function chooseBySearch(page: Page, purpose: string, title: string) {
  await page.getByRole("button", { name: `Choose from library for ${purpose}` }).click();
  const dialog = page.getByRole("dialog", { name: "Choose from the media library" });
  await dialog.getByRole("searchbox", { name: "Search the library" }).fill(title);
  const found = dialog.getByRole("list", { name: "Images found" });
  const thumbnail = found.getByRole("button", { name: title, exact: true });
  await thumbnail.waitFor();
  expect(await violations(page)).toEqual([]);
  await thumbnail.click();
  await dialog.waitFor({ state: "detached" });
}

describe("pickers of the back office in Chromium", () => {
  it("a band's banner, found by searching the library, shows on the band's page once saved", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    const file = await uploadedInAFolder(page, "pier-banner-searched", "#23395b");
    const [band] = await db().select().from(brands).orderBy(asc(brands.id)).limit(1);
    if (!band) throw new Error("no band");

    await gotoLive(page, `/admin/bands/${band.id}`);
    await chooseBySearch(page, "the banner image", file.title);
    expect(await page.getByLabel("Banner image (media file id)").inputValue()).toBe(
      String(file.id),
    );
    await page.getByText("Unsaved changes").waitFor();
    await page.getByRole("button", { name: "Save band" }).click();
    await page.getByText(`Saved the band “${band.title}”.`).first().waitFor();
    await hydrated(page);
    const [saved] = await db().select().from(brands).where(eq(brands.id, band.id));
    expect(saved?.heroFileId).toBe(file.id);

    const shopper = await openSession(shop.browser, shop.app.url);
    await shopper.page.goto(`/bands/${band.slug}`);
    await shopper.page.locator(`main img[src^="/api/file/${file.slug}"]`).first().waitFor();
    await shopper.expectNoErrors();
    await shopper.close();
    await session.expectNoErrors();
    await session.close();
  });

  it("a hand-picked collection gains a product found by search (keyboard) and a hero image; the shop lists the product", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    const file = await uploadedInAFolder(page, "collection-hero-searched", "#7a1f3d");
    const [collection] = await db()
      .select()
      .from(productCollections)
      .where(eq(productCollections.kind, "curated"))
      .orderBy(asc(productCollections.id))
      .limit(1);
    if (!collection) throw new Error("no hand-picked collection");
    const inIt = await db()
      .select({ id: collectionProducts.productId })
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, collection.id));
    const [product] = await db()
      .select()
      .from(products)
      .where(
        and(
          eq(products.status, "published"),
          inIt.length
            ? notInArray(
                products.id,
                inIt.map((row) => row.id),
              )
            : undefined,
        ),
      )
      .orderBy(asc(products.id))
      .limit(1);
    if (!product) throw new Error("no product outside the collection");

    await gotoLive(page, `/admin/collections/${collection.id}`);
    const search = page.getByRole("combobox", { name: "Find a product" });
    await search.fill(product.title);
    const option = page
      .getByRole("listbox", { name: "Products found" })
      .getByRole("option", { name: new RegExp(`No\\. ${product.id} `) });
    await option.waitFor();
    expect(await violations(page)).toEqual([]);
    // From the keyboard: arrow down to the product, Enter adds it at the end of the list.
    const options = await page.getByRole("option").count();
    const index = await option.evaluate((node) =>
      [...(node.parentElement?.children ?? [])].indexOf(node),
    );
    for (let step = 0; step < index; step += 1) await search.press("ArrowDown");
    expect(await search.getAttribute("aria-activedescendant")).toBe(
      await option.getAttribute("id"),
    );
    expect(options).toBeGreaterThan(index);
    await search.press("Enter");
    const list = page.getByRole("list", { name: "Products, in order" });
    await list.getByText(product.title, { exact: true }).waitFor();
    expect(await search.inputValue()).toBe("");

    await chooseBySearch(page, "the hero image", file.title);
    await page.getByRole("button", { name: "Save collection" }).click();
    await page.getByText(`Saved the collection “${collection.title}”.`).first().waitFor();
    await hydrated(page);
    const rows = await db()
      .select({ id: collectionProducts.productId })
      .from(collectionProducts)
      .where(eq(collectionProducts.collectionId, collection.id))
      .orderBy(asc(collectionProducts.position));
    expect(rows.at(-1)?.id).toBe(product.id);
    const [saved] = await db()
      .select()
      .from(productCollections)
      .where(eq(productCollections.id, collection.id));
    expect(saved?.heroFileId).toBe(file.id);

    const shopper = await openSession(shop.browser, shop.app.url);
    // Searched within the collection: a collection may run to more pages than the first.
    await shopper.page.goto(
      `/products?collection=${collection.slug}&q=${encodeURIComponent(product.title)}`,
    );
    await shopper.page.getByRole("link", { name: product.title }).first().waitFor();
    await shopper.expectNoErrors();
    await shopper.close();
    await session.expectNoErrors();
    await session.close();
  });
});
