import type { MediaFileUsage } from "../../common/media.ts";
import { catalogueUsesOfFiles } from "../catalog/index.ts";
import { articlesUsingFiles } from "../content/index.ts";
import type { Db } from "../db/client.ts";

const unused = (): MediaFileUsage => ({ products: [], bands: [], collections: [], articles: [] });

/**
 * Where each of `fileIds` is shown, by file: the products whose gallery holds it, the bands using
 * it as logo or hero, the collections using it as hero, and the articles using it as cover (read
 * through the catalogue's and the content's services). For the media library's "where is this
 * used", and for refusing to delete a file in use.
 */
export async function fileUsage(db: Db, fileIds: number[]): Promise<Map<number, MediaFileUsage>> {
  const usage = new Map(fileIds.map((id) => [id, unused()]));
  const [catalogue, articles] = await Promise.all([
    catalogueUsesOfFiles(db, fileIds),
    articlesUsingFiles(db, fileIds),
  ]);
  for (const { fileId, kind, as, id, slug, title } of catalogue) {
    const uses = usage.get(fileId);
    if (!uses) continue;
    if (kind === "product") uses.products.push({ id, slug, title });
    else if (kind === "collection") uses.collections.push({ id, slug, title });
    else {
      const band = uses.bands.find((each) => each.id === id);
      if (band) band.as.push(as as "logo" | "hero");
      else uses.bands.push({ id, slug, title, as: [as as "logo" | "hero"] });
    }
  }
  for (const { fileId, id, slug, title } of articles) {
    usage.get(fileId)?.articles.push({ id, slug, title });
  }
  return usage;
}

/** Where one file is shown (see `fileUsage`). */
export async function whereFileIsUsed(db: Db, fileId: number): Promise<MediaFileUsage> {
  return (await fileUsage(db, [fileId])).get(fileId) ?? unused();
}

const SHOWN = 3;
const quoted = (title: string) => `“${title}”`;

/** "the products “A”, “B”, “C” and 2 more": a few of a list, and how many more. */
function named(noun: string, plural: string, labels: string[]): string | undefined {
  if (labels.length === 0) return undefined;
  const shown = labels.slice(0, SHOWN);
  const more = labels.length - shown.length;
  const list =
    more > 0
      ? `${shown.join(", ")} and ${more} more`
      : shown.length > 1
        ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`
        : shown[0];
  return `${labels.length === 1 ? noun : plural} ${list}`;
}

/**
 * Why a file cannot be deleted, in words staff can act on ("“Poster” is in use: it is shown by
 * the product “Night Owls tee” and the band “Static Gulls” (logo)…"), or undefined when nothing
 * shows it.
 */
export function inUseMessage(title: string, usage: MediaFileUsage): string | undefined {
  const parts = [
    named(
      "the product",
      "the products",
      usage.products.map((each) => quoted(each.title)),
    ),
    named(
      "the band",
      "the bands",
      usage.bands.map((each) => `${quoted(each.title)} (${each.as.join(" and ")})`),
    ),
    named(
      "the collection",
      "the collections",
      usage.collections.map((each) => quoted(each.title)),
    ),
    named(
      "the article",
      "the articles",
      usage.articles.map((each) => quoted(each.title)),
    ),
  ].filter((part): part is string => part !== undefined);
  if (parts.length === 0) return undefined;
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
  return `${quoted(title)} is in use: it is shown by ${list}. Remove it from there first, then delete it.`;
}
