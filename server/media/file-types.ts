import { createHash, randomUUID } from "node:crypto";
import type { FileType } from "./schema.ts";

/** spec §3: the file type each extension belongs to, with its MIME type. */
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

/** spec §3: a file's slug is a random UUID, optionally followed by its extension. */
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
