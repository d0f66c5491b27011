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

/** A stored image file, as the media library records it (its bytes are in the file store). */
export type StoredImage = {
  byteSize: number;
  width: number;
  height: number;
  mimeType: string;
};

/** An image on its way: its file name now, what was stored once it is drawn (or read back). */
export type ImageJob = {
  slug: string;
  title: string;
  alt: string;
  image: Promise<StoredImage>;
};

export type ImageMaker = ReturnType<typeof imageMaker>;

/**
 * Makes image files: draws each distinct drawing once, keeps its bytes under a name derived from
 * what was drawn, and skips drawing when the store already holds that name (a reseed into the
 * same folder). A drawing's bytes live only until they are stored: another name for the same
 * drawing copies them back from the store, so the first start never holds every image at once.
 */
export function imageMaker(files: FileStore) {
  // Each distinct drawing, once stored: the file that holds it.
  const drawings = new Map<string, Promise<{ slug: string; image: StoredImage }>>();
  const queue = limiter(RENDERS_AT_ONCE);
  let count = 0;
  let bytes = 0;
  let rendered = 0;
  const store = async (slug: string, made: RenderedImage): Promise<StoredImage> => {
    await files.put(slug, made.bytes);
    return {
      byteSize: made.bytes.length,
      width: made.width,
      height: made.height,
      mimeType: made.mimeType,
    };
  };
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
      const image = (async (): Promise<StoredImage> => {
        const stored = await files.read(slug);
        let made: StoredImage;
        if (stored && stored.length > 0) {
          made = { byteSize: stored.length, ...size, mimeType: "image/webp" };
        } else {
          const first = drawings.get(drawing);
          if (first) {
            const { slug: copyOf, image } = await first;
            if (copyOf !== slug) await files.put(slug, (await files.read(copyOf)) as Buffer);
            made = image;
          } else {
            const storing = queue(async () => ({ slug, image: await store(slug, await render()) }));
            drawings.set(drawing, storing);
            rendered++;
            made = (await storing).image;
          }
        }
        count++;
        bytes += made.byteSize;
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
      byteSize: image.byteSize,
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
