import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { newFileSlug } from "./file-types.ts";
import { mediaFiles } from "./schema.ts";
import { localFileStore } from "./storage.ts";

describe.each(databaseKinds)("files API on %s", (kind) => {
  let app: TestApp;
  let imageSlug: string;
  let documentSlug: string;

  beforeAll(async () => {
    app = await startTestApp(kind);
    // The app reads files from the template's DATA_DIR; put this test's own files there.
    const files = localFileStore(join(inject("templateDataDir"), "files"));
    const png = await sharp({
      create: { width: 1200, height: 1500, channels: 3, background: "#b0124b" },
    })
      .withMetadata({ exif: { IFD0: { Copyright: "secret-camera-owner" } } })
      .png()
      .toBuffer();
    imageSlug = newFileSlug("png");
    documentSlug = newFileSlug("pdf");
    await files.put(imageSlug, png);
    await files.put(documentSlug, Buffer.from("%PDF-1.4 size chart"));
    await app.database.db.insert(mediaFiles).values([
      {
        slug: imageSlug,
        title: "Poster",
        fileType: "IMAGE",
        mimeType: "image/png",
        byteSize: png.length,
        width: 1200,
        height: 1500,
      },
      {
        slug: documentSlug,
        title: "Size chart",
        fileType: "DOCUMENT",
        mimeType: "application/pdf",
        byteSize: 19,
      },
    ]);
  });
  afterAll(() => app.close());

  it("serves the original with a strong ETag and immutable caching", async () => {
    const response = await app.fetch(`/api/file/${imageSlug}`, {
      headers: { Accept: "image/png" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("etag")).toBe(`"${imageSlug}"`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const again = await app.fetch(`/api/file/${imageSlug}`, {
      headers: { Accept: "image/png", "If-None-Match": `"${imageSlug}"` },
    });
    expect(again.status).toBe(304);
  });

  it.each([
    ["image/avif,image/webp,*/*", "image/avif", "avif"],
    ["image/webp,*/*", "image/webp", "webp"],
    ["*/*", "image/png", "png"],
  ])(
    "resizes to an allowed width in the best accepted format (%s)",
    async (accept, mime, format) => {
      const response = await app.fetch(`/api/file/${imageSlug}?w=320`, {
        headers: { Accept: accept },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe(mime);
      expect(response.headers.get("vary")).toContain("Accept");
      const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
      expect(metadata.format).toBe(format === "avif" ? "heif" : format);
      expect(metadata.width).toBe(320);
      expect(metadata.height).toBe(400);
      expect(metadata.exif).toBeUndefined();
    },
  );

  it("never enlarges a small original", async () => {
    const response = await app.fetch(`/api/file/${imageSlug}?w=1600`, {
      headers: { Accept: "image/webp" },
    });
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect(metadata.width).toBe(1200);
  });

  it("serves other files as downloads", async () => {
    const response = await app.fetch(`/api/file/${documentSlug}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="Size chart"');
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses widths it does not make, and 404s unknown or malformed names", async () => {
    const width = await app.fetch(`/api/file/${imageSlug}?w=333`);
    expect(width.status).toBe(422);
    expect(((await width.json()) as { errors: Record<string, string[]> }).errors.w?.[0]).toMatch(
      /^Width must be one of/,
    );
    expect((await app.fetch(`/api/file/${newFileSlug("png")}`)).status).toBe(404);
    expect((await app.fetch("/api/file/..%2F..%2Fpackage.json")).status).toBe(404);
    expect((await app.fetch("/api/file/not-a-uuid.png")).status).toBe(404);
  });
});
