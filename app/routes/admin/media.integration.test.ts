import { and, count, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEntries } from "../../../server/audit/schema.ts";
import { setCookie } from "../../../server/auth/test-helpers.ts";
import { brands } from "../../../server/catalog/schema.ts";
import { DEMO_ACCOUNTS } from "../../../server/db/seed/accounts.ts";
import { mediaFiles, mediaFolders } from "../../../server/media/schema.ts";
import { signedInCookie } from "../../../tests/support/accounts.ts";
import { decode } from "../../../tests/support/admin-pages.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const SVG_REFUSED =
  "SVG images are not taken, as they can carry scripts. Export it as a PNG or WebP and upload that.";

// Issue 14: the media library's screens, by HTTP as a browser without JavaScript uses them:
// folders, uploads posted as multipart forms to the page, alt text, and deletes refused in use.
describe.each(databaseKinds)("the media library screens on %s", (kind) => {
  let app: TestApp;
  let staff: string;
  let admin: string;
  let png: Buffer;
  beforeAll(async () => {
    app = await startTestApp(kind);
    [staff, admin] = await Promise.all([
      signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin"),
      signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin"),
    ]);
    png = await sharp({
      create: { width: 1000, height: 750, channels: 3, background: "#1d6b3a" },
    })
      .png()
      .toBuffer();
  });
  afterAll(() => app.close());

  const page = (path: string, cookie: string) => app.fetch(path, { headers: { Cookie: cookie } });
  const html = async (path: string, cookie = staff) => {
    const response = await page(path, cookie);
    expect(response.status, path).toBe(200);
    return decode(await response.text());
  };
  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    app.fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: app.url,
        Cookie: cookie,
      },
      body: new URLSearchParams(fields).toString(),
    });
  /** The upload form as a browser without JavaScript posts it: multipart, with the file. */
  const upload = (
    path: string,
    file: { bytes: Buffer; name: string; type: string },
    fields: Record<string, string> = {},
    cookie = staff,
  ) => {
    const form = new FormData();
    form.append("intent", "upload");
    form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    form.append("title", fields.title ?? "");
    form.append("alt", fields.alt ?? "");
    return app.fetch(path, {
      method: "POST",
      headers: { Origin: app.url, Cookie: cookie },
      body: form,
    });
  };
  const flashOf = (response: Response) =>
    (JSON.parse(setCookie(response, "flash")?.value ?? "[]") as Array<{ body: string }>).map(
      (message) => message.body,
    );
  const fileCount = async () =>
    (await app.database.db.select({ n: count() }).from(mediaFiles))[0]?.n ?? 0;
  const folderNamed = async (name: string) =>
    (await app.database.db.select().from(mediaFolders).where(eq(mediaFolders.name, name)))[0];

  it("is a back-office section now: staff see the library, nobody else", async () => {
    const root = await html("/admin/media");
    expect(root).toContain(
      '<h1 class="font-display text-3xl tracking-tight break-words">Media library</h1>',
    );
    expect(root).not.toContain("Coming soon");
    // Without JavaScript the upload is a plain multipart form posted to this page.
    const uploadForm = root.match(/<form[^>]*enctype="multipart\/form-data"[^>]*>/i)?.[0] ?? "";
    expect(uploadForm).toContain('method="post"');
    expect(root).toContain('name="file"');
    // The demo's images are in the grid.
    expect(root).toMatch(/href="\/admin\/media\/files\/\d+"/);
    const nobody = await app.fetch("/admin/media");
    expect(nobody.status).toBe(302);
    expect(nobody.headers.get("location")).toBe("/admin/login?redirect=%2Fadmin%2Fmedia");
    expect((await page("/admin/media/folders/999999", staff)).status).toBe(404);
    expect((await page("/admin/media/files/999999", staff)).status).toBe(404);
  });

  it("makes a folder from a form, shows it in the tree, and refuses a name taken there", async () => {
    const made = await post("/admin/media", staff, {
      intent: "create-folder",
      name: "Tour posters",
    });
    expect(made.status).toBe(303);
    expect(made.headers.get("location")).toBe("/admin/media");
    expect(flashOf(made)).toEqual(["Made the folder “Tour posters”."]);
    const folder = await folderNamed("Tour posters");
    expect(folder).toMatchObject({ parentId: null });
    const root = await html("/admin/media");
    expect(root).toContain(`href="/admin/media/folders/${folder?.id}"`);

    // A folder inside it, from its own page: breadcrumbs lead back up.
    const inner = await post(`/admin/media/folders/${folder?.id}`, staff, {
      intent: "create-folder",
      name: "2026",
    });
    expect(inner.status).toBe(303);
    expect(inner.headers.get("location")).toBe(`/admin/media/folders/${folder?.id}`);
    const child = await folderNamed("2026");
    expect(child?.parentId).toBe(folder?.id);
    const childPage = await html(`/admin/media/folders/${child?.id}`);
    expect(childPage).toMatch(/aria-label="Breadcrumb"/);
    expect(childPage).toContain(`href="/admin/media/folders/${folder?.id}"`);
    expect(childPage).toMatch(/aria-current="page"[^>]*>2026</);

    const taken = await post("/admin/media", staff, {
      intent: "create-folder",
      name: "tour POSTERS",
    });
    expect(taken.status).toBe(422);
    const text = decode(await taken.text());
    expect(text).toContain("There is already a folder called “tour POSTERS” here.");
    expect(text).toContain('value="tour POSTERS"');
    const blank = await post("/admin/media", staff, { intent: "create-folder", name: " " });
    expect(blank.status).toBe(422);
    expect(decode(await blank.text())).toContain("Enter a name.");
  });

  // Issue 30: the library's search, a GET form: files of every folder by title or alt text.
  it("searches every folder's files by title or alt text, from a GET form", async () => {
    await post("/admin/media", staff, { intent: "create-folder", name: "Search nest" });
    const nest = await folderNamed("Search nest");
    await post(`/admin/media/folders/${nest?.id}`, staff, {
      intent: "create-folder",
      name: "Deep inside",
    });
    const deep = await folderNamed("Deep inside");
    const uploaded = await upload(
      `/admin/media/folders/${deep?.id}`,
      { bytes: png, name: "zebra-skyline.png", type: "image/png" },
      { alt: "A violet moonrise over the stage" },
    );
    expect(uploaded.status).toBe(303);
    const [stored] = await app.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.title, "zebra-skyline"));

    const root = await html("/admin/media");
    const form = root.match(/<form[^>]*role="search"[^>]*>/)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain('aria-label="Search files"');
    expect(root).toMatch(/<label[^>]*>Search files<\/label>/);

    for (const q of ["zebra-skyline", "violet moonrise"]) {
      const found = await html(`/admin/media?q=${encodeURIComponent(q)}`);
      expect(found).toContain(`1 file matches “${q}”`);
      expect(found).toContain(`href="/admin/media/files/${stored?.id}"`);
      // Its folder, named with its parents and linked.
      expect(found).toContain(`href="/admin/media/folders/${deep?.id}"`);
      expect(found).toContain("Search nest › Deep inside");
      expect(found).toContain("Back to the media library");
      // Instead of the folder's own view: no uploader.
      expect(found).not.toContain('name="file"');
    }
    // From a folder, the search still spans the library, and leads back to that folder.
    const fromFolder = await html(`/admin/media/folders/${nest?.id}?q=zebra-skyline`);
    expect(fromFolder).toContain("1 file matches “zebra-skyline”");
    expect(fromFolder).toContain("Back to “Search nest”");
    expect(fromFolder).toMatch(new RegExp(`href="/admin/media/folders/${nest?.id}"[^>]*>Back to`));

    const none = await html("/admin/media?q=no-such-file-anywhere");
    expect(none).toContain("0 files match “no-such-file-anywhere”");
    expect(none).toContain("No files match this search.");
  });

  it("uploads an image posted as a multipart form without JavaScript: 303 back to its folder", async () => {
    const made = await post("/admin/media", staff, { intent: "create-folder", name: "Uploads" });
    expect(made.status).toBe(303);
    const folder = await folderNamed("Uploads");
    const before = await fileCount();
    const response = await upload(
      `/admin/media/folders/${folder?.id}`,
      { bytes: png, name: "green-stage.png", type: "image/png" },
      { alt: "A green stage light" },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/admin/media/folders/${folder?.id}`);
    expect(flashOf(response)).toEqual(["Uploaded “green-stage”."]);
    expect(await fileCount()).toBe(before + 1);
    const [stored] = await app.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.title, "green-stage"));
    expect(stored).toMatchObject({
      fileType: "IMAGE",
      alt: "A green stage light",
      folderId: folder?.id,
      width: 1000,
      height: 750,
    });
    const [entry] = await app.database.db
      .select()
      .from(auditEntries)
      .where(
        and(eq(auditEntries.resource, "files"), eq(auditEntries.resourceId, String(stored?.id))),
      );
    expect(entry).toMatchObject({ action: "create", actorEmail: DEMO_ACCOUNTS.staff.email });
    // The audit log links the upload to its file's page.
    const log = await html("/admin/audit-log?resource=files");
    expect(log).toContain(`href="/admin/media/files/${stored?.id}"`);
    // The bytes are served.
    const served = await app.fetch(`/api/file/${stored?.slug}`);
    expect(served.status).toBe(200);

    // The folder shows it, in the grid and in the list.
    const grid = await html(`/admin/media/folders/${folder?.id}`);
    expect(grid).toContain(`href="/admin/media/files/${stored?.id}"`);
    expect(grid).toContain("green-stage");
    expect(grid).toContain("1,000 × 750");
    const list = await html(`/admin/media/folders/${folder?.id}?view=list`);
    expect(list).toContain("<table");
    expect(list).toContain("Files in Uploads");
    expect(list).toMatch(/Image <span[^>]*>\(PNG\)<\/span>/);

    // A typed title wins over the file's name.
    const titled = await upload(
      "/admin/media",
      { bytes: png, name: "IMG_0042.png", type: "image/png" },
      { title: "Merch table" },
    );
    expect(titled.status).toBe(303);
    expect(flashOf(titled)).toEqual([
      "Uploaded “Merch table”. Open it to describe it in alt text.",
    ]);
  });

  it("shows a refused upload's reason beside the file, keeping nothing", async () => {
    const before = await fileCount();
    const svg = await upload(
      "/admin/media",
      { bytes: SVG, name: "logo.svg", type: "image/svg+xml" },
      { title: "Logo", alt: "Our logo" },
    );
    expect(svg.status).toBe(422);
    const text = decode(await svg.text());
    expect(text).toContain("“logo.svg” was not uploaded.");
    expect(text).toContain(SVG_REFUSED);
    // What was typed is kept.
    expect(text).toContain('value="Our logo"');
    // A PNG by its name and declared type whose bytes are a web page: the bytes decide.
    const spoofed = await upload("/admin/media", {
      bytes: Buffer.from("<!doctype html><html><body><script>alert(1)</script>"),
      name: "photo.png",
      type: "image/png",
    });
    expect(spoofed.status).toBe(422);
    expect(decode(await spoofed.text())).toContain(
      "The file is markup (HTML or XML), whatever its name says",
    );
    const nothing = await upload("/admin/media", { bytes: Buffer.alloc(0), name: "", type: "" });
    expect(nothing.status).toBe(422);
    expect(decode(await nothing.text())).toContain("Choose a file to upload.");
    expect(await fileCount()).toBe(before);
  });

  it("edits a file's alt text, title and folder from its page", async () => {
    const [file] = await app.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.title, "Merch table"));
    const folder = await folderNamed("Tour posters");
    const before = await html(`/admin/media/files/${file?.id}`);
    expect(before).toContain("Where it is used");
    expect(before).toContain("Nothing shows this file yet.");
    const updatedAt = before.match(/name="updatedAt" value="([^"]+)"/)?.[1] ?? "";
    expect(updatedAt).not.toBe("");
    const saved = await post(`/admin/media/files/${file?.id}`, staff, {
      title: "Merch table at night",
      alt: "A merch table lit by fairy lights",
      folderId: String(folder?.id),
      updatedAt,
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/admin/media/folders/${folder?.id}`);
    expect(flashOf(saved)).toEqual(["Saved “Merch table at night”."]);
    const [after] = await app.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.id, file?.id ?? 0));
    expect(after).toMatchObject({
      title: "Merch table at night",
      alt: "A merch table lit by fairy lights",
      folderId: folder?.id,
    });
    // The form opened before that save is stale now: a 409, nothing overwritten.
    const stale = await post(`/admin/media/files/${file?.id}`, staff, {
      title: "Late",
      alt: "",
      folderId: "",
      updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(decode(await stale.text())).toContain("Someone else saved this file");
    const tooLong = await post(`/admin/media/files/${file?.id}`, staff, {
      title: "Merch table at night",
      alt: "x".repeat(501),
      folderId: "",
    });
    expect(tooLong.status).toBe(422);
    expect(decode(await tooLong.text())).toContain("Keep the alt text to 500 characters.");
  });

  it("refuses to delete a file in use, saying where; deletes an unused one (admins only)", async () => {
    const [band] = await app.database.db
      .select()
      .from(brands)
      .where(isNotNull(brands.logoFileId))
      .limit(1);
    const logoId = band?.logoFileId ?? 0;
    const filePage = await html(`/admin/media/files/${logoId}`, admin);
    expect(filePage).toContain(`href="/admin/bands/${band?.id}"`);
    expect(filePage).toContain("Delete file");

    const refused = await post(`/admin/media/files/${logoId}`, admin, { intent: "delete" });
    expect(refused.status).toBe(409);
    const text = decode(await refused.text());
    expect(text).toContain("is in use: it is shown by the band");
    expect(text).toContain(band?.title ?? "?");
    expect(
      (await app.database.db.select().from(mediaFiles).where(eq(mediaFiles.id, logoId))).length,
    ).toBe(1);

    // Staff may not delete at all, and are not offered it.
    expect(await html(`/admin/media/files/${logoId}`)).not.toContain("Delete file");
    const [spare] = await app.database.db
      .select()
      .from(mediaFiles)
      .where(eq(mediaFiles.title, "green-stage"));
    const byStaff = await post(`/admin/media/files/${spare?.id}`, staff, { intent: "delete" });
    expect(byStaff.status).toBe(403);

    const gone = await post(`/admin/media/files/${spare?.id}`, admin, { intent: "delete" });
    expect(gone.status).toBe(303);
    expect(gone.headers.get("location")).toBe(`/admin/media/folders/${spare?.folderId}`);
    expect(flashOf(gone)).toEqual(["Deleted “green-stage”."]);
    expect(
      (
        await app.database.db
          .select()
          .from(mediaFiles)
          .where(eq(mediaFiles.id, spare?.id ?? 0))
      ).length,
    ).toBe(0);
    expect((await app.fetch(`/api/file/${spare?.slug}`)).status).toBe(404);
  });

  it("renames and moves a folder; a folder that holds anything is not deleted", async () => {
    const folder = await folderNamed("Tour posters");
    const child = await folderNamed("2026");
    const settings = await html(`/admin/media/folders/${child?.id}/edit`, admin);
    // A folder cannot go inside itself.
    expect(settings).not.toContain(`<option value="${child?.id}"`);
    const updatedAt = settings.match(/name="updatedAt" value="([^"]+)"/)?.[1] ?? "";
    const moved = await post(`/admin/media/folders/${child?.id}/edit`, admin, {
      name: "Tour 2026",
      parentId: "",
      updatedAt,
    });
    expect(moved.status).toBe(303);
    expect(moved.headers.get("location")).toBe(`/admin/media/folders/${child?.id}`);
    expect(await folderNamed("Tour 2026")).toMatchObject({ parentId: null });

    const full = await post(`/admin/media/folders/${folder?.id}/edit`, admin, { intent: "delete" });
    expect(full.status).toBe(409);
    expect(decode(await full.text())).toMatch(/holds|not empty|empty/);
    const empty = await post(`/admin/media/folders/${child?.id}/edit`, admin, { intent: "delete" });
    expect(empty.status).toBe(303);
    expect(empty.headers.get("location")).toBe("/admin/media");
    expect(await folderNamed("Tour 2026")).toBeUndefined();
  });
});
