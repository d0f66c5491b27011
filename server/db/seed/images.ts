import { deterministicFileSlug } from "../../media/file-types.ts";
import { createFiles } from "../../media/service.ts";
import type { FileStore } from "../../media/storage.ts";
import type { Db } from "../client.ts";
import type { RenderedImage } from "./mockups.ts";

// Bump when the drawings change: file names derive from it, so new drawings get new names and a
// file store never serves an old drawing under a current name.
const DRAWINGS = "v1";
// sharp works on libuv's thread pool; a few drawings at once keep two cores busy.
const RENDERS_AT_ONCE = 4;

/** An image on its way: its file name now, its bytes once drawn (or read back) and stored. */
export type ImageJob = {
  slug: string;
  title: string;
  alt: string;
  image: Promise<RenderedImage>;
};

export type ImageMaker = ReturnType<typeof imageMaker>;

/**
 * Makes image files: draws each distinct drawing once, keeps its bytes under a name derived from
 * what was drawn, and skips drawing when the store already holds that name (a reseed into the
 * same folder).
 */
export function imageMaker(files: FileStore) {
  const drawings = new Map<string, Promise<RenderedImage>>();
  const queue = limiter(RENDERS_AT_ONCE);
  let count = 0;
  let bytes = 0;
  let rendered = 0;
  return {
    job(
      name: string,
      title: string,
      alt: string,
      drawing: string,
      size: { width: number; height: number },
      render: () => Promise<RenderedImage>,
    ): ImageJob {
      const slug = deterministicFileSlug(`encore-demo/${DRAWINGS}/${name}/${drawing}`, "webp");
      const image = (async (): Promise<RenderedImage> => {
        const stored = await files.read(slug);
        let made: RenderedImage;
        if (stored && stored.length > 0) {
          made = { bytes: stored, ...size, mimeType: "image/webp" };
        } else {
          let pending = drawings.get(drawing);
          if (!pending) {
            pending = queue(render);
            drawings.set(drawing, pending);
            rendered++;
          }
          made = await pending;
          await files.put(slug, made.bytes);
        }
        count++;
        bytes += made.bytes.length;
        return made;
      })();
      // Failures surface when the job is awaited; this keeps an early one from going unhandled.
      image.catch(() => {});
      return { slug, title, alt, image };
    },
    stats: () => ({ files: count, bytes, rendered }),
  };
}

/**
 * Waits for the jobs' images and records them through the media service, adding each file's id
 * to `ids` under its slug.
 */
export async function recordImages(
  db: Db,
  jobs: ImageJob[],
  ids: Map<string, number>,
  createdAt: Date,
): Promise<void> {
  const done = await Promise.all(jobs.map(async (job) => ({ job, image: await job.image })));
  const rows = await createFiles(
    db,
    done.map(({ job, image }) => ({
      slug: job.slug,
      title: job.title,
      alt: job.alt,
      fileType: "IMAGE" as const,
      mimeType: image.mimeType,
      byteSize: image.bytes.length,
      width: image.width,
      height: image.height,
      createdAt,
      updatedAt: createdAt,
    })),
  );
  for (const row of rows) ids.set(row.slug, row.id);
}

/** Runs at most `max` jobs at a time, in the order they were queued. */
function limiter(max: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  return async <T>(job: () => Promise<T>): Promise<T> => {
    // A finishing job hands its slot straight to the next in line, so `active` never overshoots.
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else active++;
    try {
      return await job();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}
