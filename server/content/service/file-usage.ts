import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { articles } from "../schema.ts";

/**
 * Every article (draft or published) whose cover is one of `fileIds`, ordered by title: for the
 * media library's "where is this used", and its refusal to delete a file in use.
 */
export async function articlesUsingFiles(
  db: Db,
  fileIds: number[],
): Promise<Array<{ fileId: number; id: number; slug: string; title: string }>> {
  if (fileIds.length === 0) return [];
  const rows = await db
    .select({
      fileId: articles.coverFileId,
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
    })
    .from(articles)
    .where(inArray(articles.coverFileId, fileIds))
    .orderBy(asc(articles.title), asc(articles.id));
  return rows.flatMap(({ fileId, ...article }) =>
    fileId === null ? [] : [{ ...article, fileId }],
  );
}
