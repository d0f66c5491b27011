import type { Metadata } from "sharp";
import { IMAGE_WIDTHS } from "../../common/file-urls.ts";

/**
 * sharp, loaded when a process first works on an image: it and libvips take about 37 MB of
 * memory, which a process that never uploads or resizes an image should not hold (decision 0030).
 */
export const loadSharp = async () => (await import("sharp")).default;

export type ImageFormat = "avif" | "webp" | "jpeg" | "png";

/**
 * security.md #23: the most pixels an image may have, checked in its header before it is decoded
 * and again by sharp while decoding (a header can lie). 40 MP is a 7,700 × 5,200 photograph;
 * decoded, it is 160 MB of memory at most.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** WebP, the size every image is served in, cannot be wider or taller. */
export const MAX_IMAGE_SIDE = 16_383;

type KeptFormat = "jpeg" | "png" | "webp" | "gif";

/**
 * The image formats an upload may be, as `file-type` names them: sharp's name of each, and the
 * format its pixels are kept in.
 */
const UPLOAD_FORMATS: Record<string, { sharp: string; output: KeptFormat }> = {
  jpg: { sharp: "jpeg", output: "jpeg" },
  jpeg: { sharp: "jpeg", output: "jpeg" },
  png: { sharp: "png", output: "png" },
  webp: { sharp: "webp", output: "webp" },
  // AVIF is slow to encode (seconds for a photograph): its pixels are kept as WebP.
  avif: { sharp: "heif", output: "webp" },
  gif: { sharp: "gif", output: "gif" },
};

/** The extension of the file each kept format makes (`FILE_EXTENSIONS`). */
const KEPT_EXTENSION: Record<KeptFormat, string> = {
  jpeg: "jpg",
  png: "png",
  webp: "webp",
  gif: "gif",
};

export type PreparedImage = {
  bytes: Buffer;
  /** The kept file's extension: the upload's own, but `webp` for an AVIF. */
  extension: string;
  width: number;
  height: number;
};

const UNREADABLE = "The image could not be read: it may be damaged or cut short.";

const thousands = (n: number) => n.toLocaleString("en-GB");

/**
 * An uploaded image made safe to keep: its declared size checked before decoding (a few bytes
 * of PNG can declare 50,000 × 50,000 pixels), then decoded under sharp's pixel limit, turned
 * upright and encoded again in its own format. Only pixels survive: EXIF (GPS position, camera
 * serial), XMP, ICC profiles and anything appended to the file (a polyglot's script) are gone.
 * An animated GIF or WebP keeps its first frame. Answers the new bytes, or why it is refused.
 */
export async function prepareImage(
  bytes: Uint8Array,
  extension: string,
): Promise<PreparedImage | { refused: string }> {
  const format = UPLOAD_FORMATS[extension];
  if (!format) return { refused: "This is not an image the shop can show." };
  const sharp = await loadSharp();
  let header: Metadata;
  try {
    // Reads the header only; nothing is decoded yet.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { refused: UNREADABLE };
  }
  if (header.format !== format.sharp || !header.width || !header.height) {
    return { refused: UNREADABLE };
  }
  const { width, height } = header;
  if (width * height > MAX_IMAGE_PIXELS || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    return {
      refused: `The image is ${thousands(width)} × ${thousands(height)} pixels; the shop takes up to ${MAX_IMAGE_PIXELS / 1_000_000} megapixels and ${thousands(MAX_IMAGE_SIDE)} pixels a side. Make it smaller and upload it again.`,
    };
  }
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" }).rotate();
    const encoded =
      format.output === "jpeg"
        ? pipeline.jpeg({ quality: 88 })
        : format.output === "png"
          ? pipeline.png({ compressionLevel: 7 })
          : format.output === "webp"
            ? pipeline.webp({ quality: 90 })
            : pipeline.gif();
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return {
      bytes: data,
      extension: KEPT_EXTENSION[format.output],
      width: info.width,
      height: info.height,
    };
  } catch {
    return { refused: UNREADABLE };
  }
}

/**
 * One size of an image as the shop serves it (`/api/file/{slug}?w=`): `width` wide (never wider
 * than the original), in `format`, without metadata. Made once per name and kept in the store.
 */
export async function renderImage(
  original: Buffer,
  width: number | undefined,
  format: ImageFormat,
): Promise<Buffer> {
  const sharp = await loadSharp();
  let pipeline = sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS }).rotate();
  if (width) pipeline = pipeline.resize({ width, withoutEnlargement: true });
  return (
    format === "avif"
      ? pipeline.avif({ quality: 55, effort: 2 })
      : format === "webp"
        ? pipeline.webp({ quality: 78 })
        : format === "png"
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.jpeg({ quality: 82, mozjpeg: true })
  ).toBuffer();
}

/** The size of an image the shop stores under its own name: `{slug}@{width|full}.{format}`. */
export const sizeName = (slug: string, width: number | undefined, format: ImageFormat) =>
  `${slug}@${width ?? "full"}.${format}`;

/** Every size the shop may have made of `slug`, to forget with the file. */
export function sizeNames(slug: string): string[] {
  const formats: ImageFormat[] = ["avif", "webp", "jpeg", "png"];
  return [...IMAGE_WIDTHS, undefined].flatMap((width) =>
    formats.map((format) => sizeName(slug, width, format)),
  );
}

/**
 * The sizes browsers ask for first, made at upload so the first shopper waits for none: WebP
 * (what nearly every browser accepts) at each srcset width narrower than the image. The image is
 * decoded once, at the largest of them, and every size is made from those pixels. AVIF and the
 * other formats are made on first request, as for any image.
 */
export async function renderServedSizes(
  original: Buffer,
  width: number,
): Promise<Array<{ width: number; bytes: Buffer }>> {
  const widths = IMAGE_WIDTHS.filter((each) => each < width);
  const largest = widths.at(-1);
  if (largest === undefined) return [];
  const sharp = await loadSharp();
  const { data, info } = await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({ width: largest })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  return Promise.all(
    widths.map(async (each) => ({
      width: each,
      bytes: await sharp(data, { raw }).resize({ width: each }).webp({ quality: 78 }).toBuffer(),
    })),
  );
}
