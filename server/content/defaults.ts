import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { LEGAL_PAGES } from "../../common/legal-pages.ts";
import type { Db } from "../db/client.ts";
import { projectRoot } from "../paths.ts";
import { markdownToHtml } from "./markdown.ts";
import { installContentPages } from "./service/writes.ts";

/** The date the shipped texts were last revised; staff edits set their own. */
const TEXTS_REVISED = new Date("2026-11-24T09:00:00Z");

/**
 * Every shop needs its legal pages from the first start, demo or not: the texts shipped in
 * `server/content/defaults/legal` are installed when missing and never overwrite a staff edit.
 */
export async function installDefaultContent(db: Db): Promise<void> {
  const folder = join(projectRoot, "server/content/defaults/legal");
  const rows = await Promise.all(
    LEGAL_PAGES.map(async (page) => ({
      path: `legal/${page.slug}`,
      title: page.title,
      summary: page.summary,
      body: markdownToHtml(await readFile(join(folder, `${page.slug}.md`), "utf8")),
      updatedAt: TEXTS_REVISED,
    })),
  );
  await installContentPages(db, rows);
}
