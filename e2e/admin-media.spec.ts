import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { mediaFiles, mediaFolders } from "../server/media/schema.ts";
import { gotoLive, staffSession, violations } from "./support/admin.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

const FOLDER = "Festival stage";
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';

/** Drops files on the upload's drop zone, as a file dragged from the desktop does. */
async function dropFiles(page: Page, files: Array<{ name: string; type: string; base64: string }>) {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
      data.items.add(new File([bytes], file.name, { type: file.type }));
    }
    return data;
  }, files);
  const zone = page.getByText(/^Drop files here/);
  await zone.dispatchEvent("dragenter", { dataTransfer: transfer });
  await zone.dispatchEvent("drop", { dataTransfer: transfer });
}

describe("the media library in Chromium", () => {
  it("uploads by the file picker and by drag and drop, each with its progress bar to done, then edits alt text", async () => {
    const session = await staffSession(shop, "staff");
    const { page } = session;
    await gotoLive(page, "/admin/media");

    // A folder of our own, so its grid holds only what this test uploads.
    await page.getByLabel("Folder name").fill(FOLDER);
    await page.getByRole("button", { name: "Make folder" }).click();
    await page.getByText(`Made the folder “${FOLDER}”.`).first().waitFor();
    await page
      .getByRole("navigation", { name: "Folders" })
      .getByRole("link", { name: FOLDER })
      .click();
    await page.getByRole("heading", { level: 1, name: FOLDER }).waitFor();
    await page.getByText("No files in this folder yet.").waitFor();

    const png = await sharp({
      create: { width: 1200, height: 800, channels: 3, background: "#b0124b" },
    })
      .png()
      .toBuffer();
    await page.getByLabel("Choose files").setInputFiles({
      name: "stage-light.png",
      mimeType: "image/png",
      buffer: png,
    });
    const uploads = page.getByRole("list", { name: "Uploads" });
    const bar = uploads.getByRole("progressbar", { name: /stage-light\.png/ });
    await bar.waitFor();
    await uploads.getByText("Done").waitFor();
    expect(await bar.getAttribute("value")).toBe("100");
    // The folder's grid shows it, without a reload.
    const grid = page.getByRole("region", { name: /^Files/ });
    await grid.getByRole("link", { name: "stage-light" }).waitFor();
    await grid.getByText("PNG · 1,200 × 800").waitFor();

    // Dropped files: one taken, one refused with the server's reason beside it.
    await dropFiles(page, [
      { name: "crowd.png", type: "image/png", base64: png.toString("base64") },
      { name: "logo.svg", type: "image/svg+xml", base64: Buffer.from(SVG).toString("base64") },
    ]);
    const refused = uploads.getByRole("listitem").filter({ hasText: "logo.svg" });
    await refused.getByText("Not uploaded").waitFor();
    await refused
      .getByText(
        "SVG images are not taken, as they can carry scripts. Export it as a PNG or WebP and upload that.",
      )
      .waitFor();
    const dropped = uploads.getByRole("listitem").filter({ hasText: "crowd.png" });
    await dropped.getByText("Done").waitFor();
    await grid.getByRole("link", { name: "crowd" }).waitFor();
    await page.getByText("2 uploaded, 1 not uploaded").waitFor();

    const [folder] = await shop.app.database.db
      .select()
      .from(mediaFolders)
      .where(eq(mediaFolders.name, FOLDER));
    const stored = await shop.app.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.folderId, folder?.id ?? 0));
    expect(stored.map((file) => file.title).sort()).toEqual(["crowd", "stage-light"]);

    // Alt text, from the link the finished upload offers.
    await uploads.getByRole("link", { name: "Add alt text to “stage-light”" }).click();
    await page.getByRole("heading", { level: 1, name: "stage-light" }).waitFor();
    await page.getByLabel("Alt text").fill("A crimson stage light over the crowd");
    await page.getByText("Unsaved changes").waitFor();
    await page.getByRole("button", { name: "Save file" }).click();
    await page.getByText("Saved “stage-light”.").first().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/media/folders/${folder?.id}`);
    const [after] = await shop.app.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.title, "stage-light"));
    expect(after?.alt).toBe("A crimson stage light over the crowd");

    // The refused SVG's 422 is expected; nothing else may fail.
    await session.expectNoErrors([/status of 422/]);
    await session.close();
  });

  it("the library, a folder, the list view, a file and a folder's settings have no axe violations", async () => {
    const session = await staffSession(shop, "admin");
    const { page } = session;
    const [folder] = await shop.app.database.db
      .insert(mediaFolders)
      .values({ name: "Accessibility check" })
      .returning();
    const [file] = await shop.app.database.db.select().from(mediaFiles).limit(1);
    for (const path of [
      "/admin/media",
      "/admin/media?view=list",
      `/admin/media/folders/${folder?.id}`,
      `/admin/media/folders/${folder?.id}/edit`,
      `/admin/media/files/${file?.id}`,
    ]) {
      await gotoLive(page, path);
      expect(await violations(page), path).toEqual([]);
    }
    await session.expectNoErrors();
    await session.close();
  });
});
