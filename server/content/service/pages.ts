import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sanitizeRichText } from "../../platform/index.ts";
import { contentPages, jobOpenings } from "../schema.ts";

/** A page of text with the contents list its `h2` headings make. */
export type ContentPageView = {
  path: string;
  title: string;
  summary: string;
  updatedAt: string;
  html: string;
  toc: Array<{ id: string; title: string }>;
};

const HEADING = /<h2 id="([a-z0-9-]+)">(.*?)<\/h2>/g;
const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};
const plainText = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** The page stored at `path` (e.g. `legal/privacy-policy`), sanitised as it is read; or undefined. */
export async function getContentPage(db: Db, path: string): Promise<ContentPageView | undefined> {
  const [row] = await db.select().from(contentPages).where(eq(contentPages.path, path));
  if (!row) return undefined;
  const html = sanitizeRichText(row.body);
  const toc = [...html.matchAll(HEADING)].map(([, id = "", title = ""]) => ({
    id,
    title: plainText(title),
  }));
  return {
    path: row.path,
    title: row.title,
    summary: row.summary,
    updatedAt: row.updatedAt.toISOString(),
    html,
    toc,
  };
}

/** Published roles still taking applications on `today` (an ISO date, London time), soonest closing first. */
export async function listOpenRoles(db: Db, today: string) {
  const rows = await db
    .select({
      slug: jobOpenings.slug,
      title: jobOpenings.title,
      team: jobOpenings.team,
      location: jobOpenings.location,
      employment: jobOpenings.employment,
      salary: jobOpenings.salary,
      summary: jobOpenings.summary,
      body: jobOpenings.body,
      closesOn: jobOpenings.closesOn,
    })
    .from(jobOpenings)
    .where(and(eq(jobOpenings.status, "published"), gte(jobOpenings.closesOn, today)))
    .orderBy(asc(jobOpenings.closesOn), asc(jobOpenings.title));
  return rows.map((role) => ({ ...role, body: sanitizeRichText(role.body) }));
}
