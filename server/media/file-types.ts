import { createHash, randomUUID } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import type { FileType } from "./schema.ts";

/** behaviour.md §3: the file type each extension belongs to, with its MIME type. */
export const FILE_EXTENSIONS: Record<string, { fileType: FileType; mimeType: string }> = {
  jpg: { fileType: "IMAGE", mimeType: "image/jpeg" },
  jpeg: { fileType: "IMAGE", mimeType: "image/jpeg" },
  png: { fileType: "IMAGE", mimeType: "image/png" },
  webp: { fileType: "IMAGE", mimeType: "image/webp" },
  avif: { fileType: "IMAGE", mimeType: "image/avif" },
  gif: { fileType: "IMAGE", mimeType: "image/gif" },
  mp4: { fileType: "VIDEO", mimeType: "video/mp4" },
  webm: { fileType: "VIDEO", mimeType: "video/webm" },
  mov: { fileType: "VIDEO", mimeType: "video/quicktime" },
  mp3: { fileType: "AUDIO", mimeType: "audio/mpeg" },
  m4a: { fileType: "AUDIO", mimeType: "audio/mp4" },
  wav: { fileType: "AUDIO", mimeType: "audio/wav" },
  flac: { fileType: "AUDIO", mimeType: "audio/flac" },
  pdf: { fileType: "DOCUMENT", mimeType: "application/pdf" },
  txt: { fileType: "DOCUMENT", mimeType: "text/plain" },
  csv: { fileType: "DOCUMENT", mimeType: "text/csv" },
  docx: {
    fileType: "DOCUMENT",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  },
  xlsx: {
    fileType: "DOCUMENT",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  },
  zip: { fileType: "ARCHIVE", mimeType: "application/zip" },
  gz: { fileType: "ARCHIVE", mimeType: "application/gzip" },
  tar: { fileType: "ARCHIVE", mimeType: "application/x-tar" },
  "7z": { fileType: "ARCHIVE", mimeType: "application/x-7z-compressed" },
};

/** behaviour.md §3: a file's slug is a random UUID, optionally followed by its extension. */
export function newFileSlug(extension?: string): string {
  return extension ? `${randomUUID()}.${extension}` : randomUUID();
}

/** The same shape as newFileSlug, derived from `seed`, so demo data is identical on every run. */
export function deterministicFileSlug(seed: string, extension?: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  const uuid = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  return extension ? `${uuid}.${extension}` : uuid;
}

/** The extension in a slug, if it has one. */
export function slugExtension(slug: string): string | undefined {
  return /\.([a-z0-9]{1,5})$/.exec(slug)?.[1];
}

/** What an upload's bytes say it is: an extension of `FILE_EXTENSIONS`, its kind and its type. */
export type DetectedType = { extension: string; fileType: FileType; mimeType: string };

/** What the shop takes, in the words of a refusal. */
export const ACCEPTED_TYPES =
  "images (JPEG, PNG, WebP, AVIF, GIF), video (MP4, WebM, MOV), audio (MP3, M4A, WAV, FLAC), " +
  "documents (PDF, TXT, CSV, DOCX, XLSX) and archives (ZIP, GZ, TAR, 7Z)";

export const ACCEPTED_IMAGES = "JPEG, PNG, WebP, AVIF or GIF";

// Plain text has no magic number: it is taken only when its name says so and every byte is text.
const TEXT_EXTENSIONS = new Set(["txt", "csv"]);
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
const NOT_TEXT = /[\u0000-\u0008\u000B\u000E-\u001F\u007F]/;

/**
 * security.md #23: the type of an upload by its bytes (magic numbers, `file-type`), never by its
 * name or the type its sender declared: a PNG named `.jpg` is a PNG, an HTML page named `.png`
 * is nothing the shop takes. Answers the type, or why it is refused in words staff can act on.
 * Markup is refused whatever it claims: SVG can carry scripts, and a browser may run HTML.
 */
export async function detectFileType(
  bytes: Uint8Array,
  name: string,
): Promise<DetectedType | { refused: string }> {
  if (bytes.length === 0) return { refused: "The file is empty." };
  const head = new TextDecoder("utf-8", { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  // Markup first: `file-type` names some (XML), and none of it is taken.
  if (head.startsWith("<")) {
    if (/<svg[\s>]/.test(head) || head.includes("<!doctype svg")) {
      return {
        refused:
          "SVG images are not taken, as they can carry scripts. Export it as a PNG or WebP and upload that.",
      };
    }
    return {
      refused: `The file is markup (HTML or XML), whatever its name says; the shop takes ${ACCEPTED_TYPES}.`,
    };
  }
  let found: { ext: string; mime: string } | undefined;
  try {
    found = await fileTypeFromBuffer(bytes);
  } catch {
    // A damaged container (a broken ZIP directory) tells nothing: treated as unknown.
    found = undefined;
  }
  if (found) {
    const known = FILE_EXTENSIONS[found.ext];
    if (known) return { extension: found.ext, ...known };
    return {
      refused: `The file is ${found.ext.toUpperCase()} (${found.mime}), which the shop does not take. It takes ${ACCEPTED_TYPES}.`,
    };
  }
  const extension = /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase();
  if (extension && TEXT_EXTENSIONS.has(extension) && isPlainText(bytes)) {
    const known = FILE_EXTENSIONS[extension];
    if (known) return { extension, ...known };
  }
  return {
    refused: `The file's contents are not of a type the shop takes, whatever its name or declared type says. It takes ${ACCEPTED_TYPES}.`,
  };
}

/** UTF-8 text without control characters other than tab, line breaks and form feed. */
function isPlainText(bytes: Uint8Array): boolean {
  try {
    return !NOT_TEXT.test(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    return false;
  }
}
