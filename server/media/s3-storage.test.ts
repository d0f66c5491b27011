import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { StaffMediaFile } from "../../common/media.ts";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { type S3Server, startS3Server } from "../../tests/support/s3-server.ts";
import { loadConfig } from "../config.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { newFileSlug } from "./file-types.ts";
import { s3FileStore } from "./s3-storage.ts";
import { localFileStore } from "./storage.ts";

// The real @aws-sdk/client-s3 against a local S3-compatible server over HTTP (s3rver): the
// bytes go into a bucket, come back to shoppers through the shop, and leave with the file.
describe("the S3 file store", () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  const store = () => {
    const settings = loadConfig(s3.env).s3;
    if (!settings) throw new Error("the S3 settings were not read");
    return s3FileStore(settings);
  };

  it("puts, reads and removes objects, and reads a missing one as nothing", async () => {
    const files = store();
    const slug = newFileSlug("pdf");
    expect(await files.read(slug)).toBeUndefined();
    await files.put(slug, Buffer.from("%PDF-1.4 size chart"));
    expect((await s3.object(slug))?.toString()).toBe("%PDF-1.4 size chart");
    expect((await files.read(slug))?.toString()).toBe("%PDF-1.4 size chart");
    await files.remove(slug);
    expect(await s3.object(slug)).toBeUndefined();
    // Removing what is not there is not an error.
    await files.remove(slug);
    expect(files.description).toBe(`the bucket ${s3.bucket} at ${s3.endpoint}`);
  });

  it("refuses to name a key that is not a file's", async () => {
    await expect(store().put("../../etc/passwd", Buffer.from("x"))).rejects.toThrow(
      "Unsafe file name",
    );
  });

  it("fails, rather than reads nothing, with the wrong secret", async () => {
    const settings = loadConfig({ ...s3.env, S3_SECRET_ACCESS_KEY: "not-the-secret" }).s3;
    if (!settings) throw new Error("the S3 settings were not read");
    await expect(s3FileStore(settings).read(newFileSlug("png"))).rejects.toThrow();
  });

  describe.each(databaseKinds)("behind the app on %s", (kind) => {
    let app: TestApp;
    let staff: Record<string, string>;
    let admin: Record<string, string>;
    beforeAll(async () => {
      app = await startTestApp(kind, { env: s3.env });
      const cookie = await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin");
      staff = { Authorization: `Bearer ${cookie.slice("token=".length)}` };
      const adminCookie = await signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin");
      admin = { Authorization: `Bearer ${adminCookie.slice("token=".length)}` };
    });
    afterAll(() => app.close());

    it("keeps an upload in the bucket, serves it from there, and removes it with the file", async () => {
      const png = await sharp({
        create: { width: 900, height: 600, channels: 3, background: "#1d4ed8" },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(png)]), "stage.png");
      form.append("title", "Stage");
      const uploaded = await app.fetch("/api/staff/images/store", {
        method: "POST",
        headers: staff,
        body: form,
      });
      expect(uploaded.status).toBe(201);
      const { data } = (await uploaded.json()) as { data: StaffMediaFile };

      // In the bucket, the original and the sizes made at upload; not on the local disk.
      const original = await s3.object(data.slug);
      expect((await sharp(original).metadata()).width).toBe(900);
      expect((await sharp(await s3.object(`${data.slug}@320.webp`)).metadata()).width).toBe(320);
      const disk = localFileStore(join(inject("templateDataDir"), "files"));
      expect(await disk.read(data.slug)).toBeUndefined();

      // Shoppers get it through the shop; a size made on request goes to the bucket too.
      const served = await app.fetch(`${data.url}?w=480`, { headers: { Accept: "image/avif" } });
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/avif");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(await s3.object(`${data.slug}@480.avif`)).toBeDefined();
      const whole = await app.fetch(data.url);
      expect(Buffer.from(await whole.arrayBuffer()).equals(original ?? Buffer.alloc(0))).toBe(true);

      const destroyed = await app.fetch("/api/staff/files/destroy", {
        method: "POST",
        headers: { ...admin, "Content-Type": "application/json" },
        body: JSON.stringify({ id: data.id }),
      });
      expect(destroyed.status).toBe(200);
      for (const name of [data.slug, `${data.slug}@320.webp`, `${data.slug}@480.avif`]) {
        expect(await s3.object(name), name).toBeUndefined();
      }
      expect((await app.fetch(data.url)).status).toBe(404);
    });
  });
});
