import type { StaffMediaFile } from "../../../common/media";
import { fileUrl } from "../../lib/images";

const decimal = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat("en-GB");

/** A size as staff read it: "812 bytes", "245 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${whole.format(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${whole.format(Math.round(bytes / 1024))} KB`;
  return `${decimal.format(bytes / (1024 * 1024))} MB`;
}

/** A file's name without its extension: the title an upload gets when none is typed. */
export const titleFromFileName = (name: string) =>
  name
    .replace(/\.[^.]*$/, "")
    .trim()
    .slice(0, 200) || "Untitled";

/** An image's pixel size, "1,200 × 1,500", or undefined for a file without one. */
export function dimensionsOf(file: Pick<StaffMediaFile, "width" | "height">): string | undefined {
  return file.width && file.height
    ? `${whole.format(file.width)} × ${whole.format(file.height)}`
    : undefined;
}

const KINDS: Record<StaffMediaFile["fileType"], string> = {
  IMAGE: "Image",
  VIDEO: "Video",
  AUDIO: "Audio",
  DOCUMENT: "Document",
  ARCHIVE: "Archive",
};

/** What kind of file it is, in words: "Image", "Document". */
export const kindOf = (file: Pick<StaffMediaFile, "fileType">) => KINDS[file.fileType];

/** The file's format as its extension says it, upper case: "PNG", "PDF". */
export const formatOf = (file: Pick<StaffMediaFile, "slug">) =>
  /\.([a-z0-9]+)$/.exec(file.slug)?.[1]?.toUpperCase() ?? "FILE";

/** A line of what a file is: "PNG · 1,200 × 1,500 · 245 KB". */
export function fileFacts(file: StaffMediaFile): string {
  return [formatOf(file), dimensionsOf(file), formatBytes(file.byteSize)]
    .filter(Boolean)
    .join(" · ");
}

/**
 * A file's preview: an image, whole, at a width the file endpoint makes; any other file, a tile
 * with its format. Decorative: the file's title is beside it.
 */
export function FilePreview({
  file,
  width = 320,
  className = "",
}: {
  file: Pick<StaffMediaFile, "slug" | "fileType" | "width">;
  width?: 160 | 320 | 480 | 640 | 800;
  className?: string;
}) {
  if (file.fileType === "IMAGE") {
    // No size larger than the original is made.
    const asked = file.width && file.width < width ? undefined : width;
    return (
      <span className={`block overflow-hidden bg-zinc-50 ${className}`}>
        <img
          src={fileUrl(file.slug, asked)}
          alt=""
          loading="lazy"
          decoding="async"
          className="h-full w-full object-contain"
        />
      </span>
    );
  }
  return (
    <span
      className={`grid place-items-center bg-zinc-100 text-zinc-600 ${className}`}
      aria-hidden="true"
    >
      <span className="flex flex-col items-center gap-1">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-8 w-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
          <path d="M14 3v5h5" />
        </svg>
        <span className="text-xs font-bold tracking-wider">{formatOf(file as StaffMediaFile)}</span>
      </span>
    </span>
  );
}

/** A folder's icon. Decorative. */
export function FolderIcon({ className = "h-6 w-6" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M3 6.5A2.5 2.5 0 0 1 5.5 4h3.6a2 2 0 0 1 1.4.6L12 6h6.5A2.5 2.5 0 0 1 21 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5z" />
    </svg>
  );
}
