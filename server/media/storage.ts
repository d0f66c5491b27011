import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../config.ts";

/**
 * Where file bytes live (architecture.md §1): the local disk by default, an S3-compatible bucket
 * when S3_BUCKET is set. Names are slugs, and sizes made of them (`{slug}@320.webp`); a name always
 * holds the same bytes, as the files are served as immutable.
 */
export type FileStore = {
  put(slug: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when nothing is stored under `slug`. */
  read(slug: string): Promise<Buffer | undefined>;
  /** Forgets `slug`; nothing stored under it is not an error. */
  remove(slug: string): Promise<void>;
  /** Where the bytes are, for the start's log line. */
  readonly description: string;
};

/** A slug (a UUID and an extension), or a size made of one. */
export const SAFE_FILE_NAME = /^[0-9a-f-]{36}(\.[a-z0-9]{1,5})?(@[a-z0-9.-]+)?$/;

/** Refuses a name that is not a slug or a size of one, so no name can reach another place. */
export function assertSafeFileName(name: string): void {
  if (!SAFE_FILE_NAME.test(name)) throw new Error(`Unsafe file name: ${name}`);
}

/** Files under `dir`; names are checked so a slug can never leave the folder. */
export function localFileStore(dir: string): FileStore {
  const pathOf = (slug: string) => {
    assertSafeFileName(slug);
    return join(dir, slug.slice(0, 2), slug);
  };
  return {
    description: `the folder ${dir}`,
    async put(slug, bytes) {
      const path = pathOf(slug);
      await mkdir(join(dir, slug.slice(0, 2)), { recursive: true });
      await writeFile(path, bytes);
    },
    async read(slug) {
      try {
        return await readFile(pathOf(slug));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async remove(slug) {
      await rm(pathOf(slug), { force: true });
    },
  };
}

/**
 * The store the settings name: the bucket of S3_BUCKET, or DATA_DIR/files. The S3 client is
 * loaded only when a bucket is set.
 */
export async function openFileStore(config: Config): Promise<FileStore> {
  if (!config.s3) return localFileStore(join(config.dataDir, "files"));
  const { s3FileStore } = await import("./s3-storage.ts");
  return s3FileStore(config.s3);
}
