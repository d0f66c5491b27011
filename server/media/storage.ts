import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Where file bytes live: the local disk by default (DESIGN §2), an S3 bucket later. */
export type FileStore = {
  put(slug: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when nothing is stored under `slug`. */
  read(slug: string): Promise<Buffer | undefined>;
};

const SAFE_SLUG = /^[0-9a-f-]{36}(\.[a-z0-9]{1,5})?(@[a-z0-9.-]+)?$/;

/** Files under `dir`; names are checked so a slug can never leave the folder. */
export function localFileStore(dir: string): FileStore {
  const pathOf = (slug: string) => {
    if (!SAFE_SLUG.test(slug)) throw new Error(`Unsafe file name: ${slug}`);
    return join(dir, slug.slice(0, 2), slug);
  };
  return {
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
  };
}
