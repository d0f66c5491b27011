import { request } from "node:http";
import { join } from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type {
  StaffFolderContents,
  StaffMediaFile,
  StaffMediaFileEdit,
  StaffMediaFolder,
} from "../../common/media.ts";
import { signedInCookie } from "../../tests/support/accounts.ts";
import { startTestApp, type TestApp } from "../../tests/support/app.ts";
import { databaseKinds } from "../../tests/support/databases.ts";
import { auditEntries } from "../audit/schema.ts";
import { brands, productMedia, products } from "../catalog/schema.ts";
import { DEMO_ACCOUNTS } from "../db/seed/accounts.ts";
import { mediaFiles, mediaFolders } from "./schema.ts";
import { localFileStore } from "./storage.ts";

type Answer<T> = {
  data: T;
  meta?: { currentPage: number; perPage: number; total: number; lastPage: number };
  message?: string;
  errors?: Record<string, string[]>;
};
const read = async <T>(response: Response) => (await response.json()) as Answer<T>;

/** A PNG whose header declares `width` × `height` pixels, with a few bytes of pixel data. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    // The first rows of zeros: what a decoder would go on inflating for 2.5 gigapixels.
    chunk("IDAT", deflateSync(Buffer.alloc(64 * 1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
const HTML = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script>");

// EXIF's GPSInfo pointer (tag 0x8825), as a little-endian TIFF header writes it.
const GPS_TAG = Buffer.from([0x25, 0x88]);

describe.each(databaseKinds)("media library staff API on %s", (kind) => {
  let app: TestApp;
  let staff: Record<string, string>;
  let admin: Record<string, string>;
  let customer: Record<string, string>;
  let jpegWithGps: Buffer;
  let png: Buffer;
  let webp: Buffer;
  let avif: Buffer;
  const store = () => localFileStore(join(inject("templateDataDir"), "files"));

  beforeAll(async () => {
    app = await startTestApp(kind);
    const token = (cookie: string) => ({
      Authorization: `Bearer ${cookie.slice("token=".length)}`,
    });
    staff = token(await signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin"));
    admin = token(await signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin"));
    customer = token(await signedInCookie(app));
    const canvas = () =>
      sharp({ create: { width: 1000, height: 750, channels: 3, background: "#b0124b" } });
    jpegWithGps = await canvas()
      .jpeg()
      .withExif({
        IFD0: { Make: "SpyCam", Copyright: "secret-camera-owner" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "51/1 30/1 26/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "0/1 7/1 39/1",
        },
      })
      .toBuffer();
    png = await canvas().png().toBuffer();
    webp = await canvas().webp().toBuffer();
    avif = await canvas().avif({ effort: 0 }).toBuffer();
  });
  afterAll(() => app.close());

  const post = (path: string, body: unknown, headers = staff) =>
    app.fetch(`/api/staff${path}`, {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const get = (path: string, headers = staff) => app.fetch(`/api/staff${path}`, { headers });

  function upload(
    path: "/images/store" | "/files/store",
    file: { bytes: Buffer; name: string; type?: string } | undefined,
    fields: Record<string, string> = { title: "Tour poster", alt: "A crimson poster" },
    headers = staff,
  ) {
    const form = new FormData();
    if (file)
      form.append(
        "file",
        new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "" }),
        file.name,
      );
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return app.fetch(`/api/staff${path}`, { method: "POST", headers, body: form });
  }
  const fileCount = async () => (await app.database.db.select().from(mediaFiles)).length;

  describe("uploads", () => {
    it("keeps a JPEG re-encoded without its EXIF (GPS included), in the shop's sizes", async () => {
      expect((await sharp(jpegWithGps).metadata()).exif?.includes(GPS_TAG)).toBe(true);
      const response = await upload(
        "/images/store",
        {
          bytes: jpegWithGps,
          name: "IMG_0001.JPG",
          type: "image/jpeg",
        },
        { title: "Tour poster", alt: "A crimson poster", type: "IMAGE" },
      );
      expect(response.status).toBe(201);
      const { data } = await read<StaffMediaFile>(response);
      expect(data).toMatchObject({
        title: "Tour poster",
        alt: "A crimson poster",
        fileType: "IMAGE",
        mimeType: "image/jpeg",
        width: 1000,
        height: 750,
        folderId: null,
      });
      // behaviour.md §3: a random UUID and the extension of its type; made by the shop.
      expect(data.slug).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.jpg$/,
      );
      expect(data.url).toBe(`/api/file/${data.slug}`);

      const served = Buffer.from(await (await app.fetch(data.url)).arrayBuffer());
      const metadata = await sharp(served).metadata();
      expect(metadata.format).toBe("jpeg");
      expect(metadata.exif).toBeUndefined();
      expect(served.includes(GPS_TAG)).toBe(false);
      expect(served.includes("SpyCam")).toBe(false);
      expect(served.includes("secret-camera-owner")).toBe(false);

      // The srcset's WebP sizes narrower than the image were made at upload.
      for (const width of [160, 320, 480, 640, 800]) {
        const size = await store().read(`${data.slug}@${width}.webp`);
        expect(size, `${width}w`).toBeDefined();
        expect((await sharp(size).metadata()).width).toBe(width);
      }
      expect(await store().read(`${data.slug}@1000.webp`)).toBeUndefined();
    });

    it.each([
      ["PNG", () => png, "poster.png", "png", "image/png"],
      ["WebP", () => webp, "poster.webp", "webp", "image/webp"],
      // AVIF takes seconds to encode: its pixels are kept as WebP.
      ["AVIF", () => avif, "poster.avif", "webp", "image/webp"],
    ])("keeps a %s image", async (_label, bytes, name, extension, mimeType) => {
      const response = await upload("/images/store", { bytes: bytes(), name });
      expect(response.status).toBe(201);
      const { data } = await read<StaffMediaFile>(response);
      expect(data.slug.endsWith(`.${extension}`)).toBe(true);
      expect(data.mimeType).toBe(mimeType);
      const served = await app.fetch(`${data.url}?w=320`, { headers: { Accept: "image/webp" } });
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(320);
    });

    it("keeps a PDF as a file, and refuses it as an image", async () => {
      const asImage = await upload("/images/store", { bytes: PDF, name: "size-chart.pdf" });
      expect(asImage.status).toBe(422);
      expect((await read(asImage)).errors?.file?.[0]).toMatch(/PDF .*not an image/);

      const response = await upload(
        "/files/store",
        { bytes: PDF, name: "size-chart.pdf" },
        {
          title: "Size chart",
          type: "DOCUMENT",
        },
      );
      expect(response.status).toBe(201);
      const { data } = await read<StaffMediaFile>(response);
      expect(data).toMatchObject({
        fileType: "DOCUMENT",
        mimeType: "application/pdf",
        width: null,
      });
      expect(data.slug.endsWith(".pdf")).toBe(true);
      const served = await app.fetch(data.url);
      expect(served.headers.get("content-type")).toBe("application/pdf");
      expect(Buffer.from(await served.arrayBuffer()).equals(PDF)).toBe(true);
    });

    it("types a file by its bytes: a PNG named .jpg is kept as the PNG it is", async () => {
      const response = await upload("/images/store", {
        bytes: png,
        name: "holiday.jpg",
        type: "image/jpeg",
      });
      expect(response.status).toBe(201);
      const { data } = await read<StaffMediaFile>(response);
      expect(data.mimeType).toBe("image/png");
      expect(data.slug.endsWith(".png")).toBe(true);
    });

    it("refuses an HTML page named .png, on both doors, and keeps nothing", async () => {
      const before = await fileCount();
      for (const path of ["/images/store", "/files/store"] as const) {
        const response = await upload(path, { bytes: HTML, name: "cat.png", type: "image/png" });
        expect(response.status).toBe(422);
        expect((await read(response)).errors?.file?.[0]).toMatch(/markup \(HTML or XML\)/);
      }
      expect(await fileCount()).toBe(before);
    });

    it("refuses an SVG, saying why", async () => {
      const response = await upload("/images/store", {
        bytes: SVG,
        name: "logo.svg",
        type: "image/svg+xml",
      });
      expect(response.status).toBe(422);
      expect((await read(response)).errors?.file).toEqual([
        "SVG images are not taken, as they can carry scripts. Export it as a PNG or WebP and upload that.",
      ]);
    });

    it("refuses a decompression bomb by its declared size, before decoding it", async () => {
      const bomb = pngDeclaring(50_000, 50_000);
      expect(bomb.length).toBeLessThan(1024);
      const before = await fileCount();
      const response = await upload("/images/store", { bytes: bomb, name: "bomb.png" });
      expect(response.status).toBe(422);
      expect((await read(response)).errors?.file?.[0]).toBe(
        "The image is 50,000 × 50,000 pixels; the shop takes up to 40 megapixels and 16,383 pixels a side. Make it smaller and upload it again.",
      );
      expect(await fileCount()).toBe(before);
    });

    it("refuses a body over 20 MB from its Content-Length, before reading it", async () => {
      // Headers only: the answer comes before a byte of the body is sent.
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const url = new URL("/api/staff/images/store", app.url);
        const outgoing = request(url, {
          method: "POST",
          headers: {
            ...staff,
            "Content-Type": "multipart/form-data; boundary=encore",
            "Content-Length": String(21 * 1024 * 1024),
          },
        });
        outgoing.on("response", (incoming) => {
          let body = "";
          incoming.on("data", (chunk) => {
            body += chunk;
          });
          incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body }));
        });
        outgoing.on("error", reject);
        outgoing.flushHeaders();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        message: "The request body is larger than 20 MB.",
      });
    });

    it("refuses an upload sent without a length once it passes 20 MB", async () => {
      const chunk = new Uint8Array(1024 * 1024);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode("--encore\r\n"));
          sent += 1;
          if (sent > 25) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const response = await app.fetch("/api/staff/files/store", {
        method: "POST",
        headers: { ...staff, "Content-Type": "multipart/form-data; boundary=encore" },
        body,
        duplex: "half",
      } as RequestInit);
      expect(response.status).toBe(413);
      expect((await read(response)).message).toBe("The request body is larger than 20 MB.");
    });

    it("names the field of bad input, unknown fields included", async () => {
      const noTitle = await upload("/images/store", { bytes: png, name: "a.png" }, {});
      expect(noTitle.status).toBe(422);
      expect((await read(noTitle)).errors?.title).toEqual(["Enter a title."]);

      const noFile = await upload("/images/store", undefined, { title: "Poster" });
      expect((await read(noFile)).errors?.file).toEqual(["Choose a file to upload."]);

      const wrongType = await upload(
        "/files/store",
        { bytes: png, name: "a.png" },
        {
          title: "Poster",
          type: "VIDEO",
        },
      );
      expect(wrongType.status).toBe(422);
      expect((await read(wrongType)).errors?.type?.[0]).toBe(
        "The file is PNG (an image), not of type VIDEO.",
      );

      const unknown = await upload(
        "/images/store",
        { bytes: png, name: "a.png" },
        {
          title: "Poster",
          price: "0",
        },
      );
      expect(unknown.status).toBe(422);
      expect(JSON.stringify((await read(unknown)).errors)).toContain("price");

      const asJson = await post("/images/store", { title: "Poster" });
      expect(asJson.status).toBe(415);
    });
  });

  describe("access", () => {
    it("answers 401 without a token and 403 to a customer", async () => {
      expect((await get("/folders", {})).status).toBe(401);
      expect((await get("/folders", customer)).status).toBe(403);
      const before = await fileCount();
      const anonymous = await upload("/images/store", { bytes: png, name: "a.png" }, undefined, {});
      expect(anonymous.status).toBe(401);
      const shopper = await upload(
        "/images/store",
        { bytes: png, name: "a.png" },
        undefined,
        customer,
      );
      expect(shopper.status).toBe(403);
      expect((await post("/folders/store", { name: "Mine" }, customer)).status).toBe(403);
      expect(await fileCount()).toBe(before);
    });
  });

  describe("folders", () => {
    it("makes, lists, shows, renames and moves folders", async () => {
      const made = await post("/folders/store", { name: "Tour 2026" });
      expect(made.status).toBe(201);
      const tour = (await read<StaffMediaFolder>(made)).data;
      expect(tour).toMatchObject({ name: "Tour 2026", parentId: null, fileCount: 0 });
      // Every staff write has its audit entry (architecture.md §5).
      const [entry] = await app.database.db
        .select()
        .from(auditEntries)
        .where(
          and(eq(auditEntries.resource, "folders"), eq(auditEntries.resourceId, String(tour.id))),
        );
      expect(entry).toMatchObject({ action: "create", actorEmail: DEMO_ACCOUNTS.staff.email });
      const posters = (
        await read<StaffMediaFolder>(
          await post("/folders/store", { name: "Posters", parentId: tour.id }),
        )
      ).data;

      const file = (
        await read<StaffMediaFile>(
          await upload(
            "/images/store",
            { bytes: png, name: "p.png" },
            {
              title: "Night poster",
              folderId: String(posters.id),
            },
          ),
        )
      ).data;
      expect(file.folderId).toBe(posters.id);

      const list = await read<StaffMediaFolder[]>(await get("/folders?perPage=1&q=tour"));
      expect(list.meta).toEqual({ currentPage: 1, perPage: 1, total: 1, lastPage: 1 });
      expect(list.data[0]).toMatchObject({ id: tour.id, folderCount: 1, fileCount: 0 });

      const root = await read<StaffFolderContents>(await get("/folders/edit/root"));
      expect(root.data).toMatchObject({ id: "root", parentId: null, path: [{ id: "root" }] });
      expect(root.data.folders.map((each) => each.name)).toContain("Tour 2026");
      expect(root.data.files.length).toBeGreaterThan(0);

      const inside = await read<StaffFolderContents>(await get(`/folders/edit/${posters.id}`));
      expect(inside.data.path.map((each) => each.name)).toEqual([
        "Media library",
        "Tour 2026",
        "Posters",
      ]);
      expect(inside.data.files.map((each) => each.id)).toEqual([file.id]);
      expect(inside.data.filesMeta.total).toBe(1);

      const clash = await post("/folders/store", { name: "posters", parentId: tour.id });
      expect(clash.status).toBe(422);
      expect((await read(clash)).errors?.name).toEqual([
        "There is already a folder called “posters” here.",
      ]);
      const loop = await post("/folders/update", { id: tour.id, parentId: posters.id });
      expect(loop.status).toBe(422);
      expect((await read(loop)).errors?.parentId).toEqual([
        "A folder cannot go inside itself or one of its own folders.",
      ]);

      const moved = await post("/folders/update", {
        id: posters.id,
        name: "Gig posters",
        parentId: null,
        updatedAt: posters.updatedAt,
      });
      expect(moved.status).toBe(200);
      expect((await read<StaffMediaFolder>(moved)).data).toMatchObject({
        name: "Gig posters",
        parentId: null,
        fileCount: 1,
      });
      // The form was opened before that save.
      const stale = await post("/folders/update", {
        id: posters.id,
        name: "Old",
        updatedAt: posters.updatedAt,
      });
      expect(stale.status).toBe(409);

      const fileMoved = await post("/files/update", {
        id: file.id,
        folderId: tour.id,
        alt: "Moon",
      });
      expect((await read<StaffMediaFile>(fileMoved)).data).toMatchObject({
        folderId: tour.id,
        alt: "Moon",
        title: "Night poster",
      });
    });

    it("refuses to delete a folder that holds a file, saying so; deletes it once empty", async () => {
      const folder = (
        await read<StaffMediaFolder>(await post("/folders/store", { name: "Drafts" }))
      ).data;
      const file = (
        await read<StaffMediaFile>(
          await upload(
            "/files/store",
            { bytes: PDF, name: "draft.pdf" },
            {
              title: "Draft",
              folderId: String(folder.id),
            },
          ),
        )
      ).data;
      const refused = await post("/folders/destroy", { id: folder.id }, admin);
      expect(refused.status).toBe(409);
      expect((await read(refused)).message).toBe(
        "The folder “Drafts” holds 1 file. Move or delete it first.",
      );
      expect(
        await app.database.db.select().from(mediaFolders).where(eq(mediaFolders.id, folder.id)),
      ).toHaveLength(1);

      expect((await post("/files/destroy", { id: file.id }, admin)).status).toBe(200);
      const destroyed = await post("/folders/destroy", { id: folder.id }, admin);
      expect(destroyed.status).toBe(200);
      expect((await read(destroyed)).data).toEqual({ ids: [folder.id] });
      expect((await get(`/folders/edit/${folder.id}`)).status).toBe(404);
    });

    it("refuses bad and unknown input with 422 naming the field, and unknown folders with 404", async () => {
      const blank = await post("/folders/store", { name: "  " });
      expect(blank.status).toBe(422);
      expect((await read(blank)).errors?.name).toEqual(["Enter a name."]);
      const unknown = await post("/folders/store", { name: "Ok", colour: "red" });
      expect(unknown.status).toBe(422);
      expect(JSON.stringify((await read(unknown)).errors)).toContain("colour");
      const noParent = await post("/folders/store", { name: "Orphan", parentId: 2_000_000_000 });
      expect((await read(noParent)).errors?.parentId).toEqual(["No such folder."]);
      expect((await get("/folders/edit/99999")).status).toBe(404);
      expect((await get("/folders/edit/nope")).status).toBe(404);
      expect((await post("/folders/destroy", { id: 99999 }, admin)).status).toBe(404);
    });
  });

  describe("finding files", () => {
    it("finds files in every folder by title or alt text, by type and by ids, newest first", async () => {
      const folder = (await read<StaffMediaFolder>(await post("/folders/store", { name: "Finds" })))
        .data;
      const stored = async (
        path: "/images/store" | "/files/store",
        bytes: Buffer,
        name: string,
        fields: Record<string, string>,
      ) => (await read<StaffMediaFile>(await upload(path, { bytes, name }, fields))).data;
      const gull = await stored("/images/store", png, "gull.png", {
        title: "Quillfeather gull",
        alt: "A gull on a pier",
        folderId: String(folder.id),
      });
      const poster = await stored("/images/store", png, "poster.png", {
        title: "Night poster",
        alt: "Quillfeather at the harbour, 50% off",
      });
      const sheet = await stored("/files/store", PDF, "sheet.pdf", { title: "Quillfeather sheet" });

      const found = await get("/files?q=quillfeather");
      expect(found.status).toBe(200);
      const answer = await read<StaffMediaFile[]>(found);
      expect(answer.data.map((file) => file.id)).toEqual([sheet.id, poster.id, gull.id]);
      expect(answer.meta).toMatchObject({ total: 3, currentPage: 1, lastPage: 1 });
      const images = await read<StaffMediaFile[]>(await get("/files?q=QUILLFEATHER&type=IMAGE"));
      expect(images.data.map((file) => file.id)).toEqual([poster.id, gull.id]);
      // `%` is a character to find, not a wildcard.
      const percent = await read<StaffMediaFile[]>(await get("/files?q=50%25"));
      expect(percent.data.map((file) => file.id)).toEqual([poster.id]);
      const paged = await read<StaffMediaFile[]>(
        await get("/files?q=quillfeather&perPage=2&page=2"),
      );
      expect(paged.data.map((file) => file.id)).toEqual([gull.id]);
      const byIds = await read<StaffMediaFile[]>(await get(`/files?ids=${gull.id},${sheet.id}`));
      expect(byIds.data.map((file) => file.id)).toEqual([sheet.id, gull.id]);
      expect(byIds.data[1]).toMatchObject({ title: "Quillfeather gull", folderId: folder.id });

      const bad = await get("/files?ids=one&type=SONG");
      expect(bad.status).toBe(422);
      expect(Object.keys((await read(bad)).errors ?? {}).sort()).toEqual(["ids", "type"]);
      expect((await get("/files?q=quillfeather", customer)).status).toBe(403);
    });
  });

  describe("files in use", () => {
    it("refuses to delete an image a product and a band show, naming them", async () => {
      const image = (
        await read<StaffMediaFile>(
          await upload("/images/store", { bytes: png, name: "hero.png" }, { title: "Hero shot" }),
        )
      ).data;
      const [product] = await app.database.db
        .select({ id: products.id, title: products.title })
        .from(products)
        .orderBy(asc(products.id))
        .limit(1);
      const [band] = await app.database.db
        .select({ id: brands.id, title: brands.title, logo: brands.logoFileId })
        .from(brands)
        .orderBy(asc(brands.id))
        .limit(1);
      if (!product || !band) throw new Error("the demo shop has products and bands");
      await app.database.db
        .insert(productMedia)
        .values({ productId: product.id, fileId: image.id, position: 99 });
      await app.database.db
        .update(brands)
        .set({ logoFileId: image.id })
        .where(eq(brands.id, band.id));

      const usage = await read<StaffMediaFileEdit>(await get(`/files/edit/${image.id}`));
      expect(usage.data.usage.products.map((each) => each.id)).toEqual([product.id]);
      expect(usage.data.usage.bands).toEqual([
        expect.objectContaining({ id: band.id, title: band.title, as: ["logo"] }),
      ]);

      // Deleting is for admins (decision 0014).
      expect((await post("/files/destroy", { id: image.id })).status).toBe(403);
      const refused = await post("/files/destroy", { id: image.id }, admin);
      expect(refused.status).toBe(409);
      expect((await read(refused)).message).toBe(
        `“Hero shot” is in use: it is shown by the product “${product.title}” and the band “${band.title}” (logo). Remove it from there first, then delete it.`,
      );
      expect(
        await app.database.db.select().from(productMedia).where(eq(productMedia.fileId, image.id)),
      ).toHaveLength(1);
      expect(await store().read(image.slug)).toBeDefined();

      await app.database.db.delete(productMedia).where(eq(productMedia.fileId, image.id));
      await app.database.db
        .update(brands)
        .set({ logoFileId: band.logo })
        .where(eq(brands.id, band.id));
      const destroyed = await post("/files/destroy", { ids: [image.id] }, admin);
      expect(destroyed.status).toBe(200);
      // The bytes and every size made of them leave the store too.
      expect(await store().read(image.slug)).toBeUndefined();
      expect(await store().read(`${image.slug}@320.webp`)).toBeUndefined();
      expect((await app.fetch(image.url)).status).toBe(404);
    });
  });
});
