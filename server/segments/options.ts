import { asc } from "drizzle-orm";
import type { SegmentOption } from "../../common/discounts-admin.ts";
import type { Db } from "../db/client.ts";
import { segments } from "./schema.ts";

/** Every segment as a select offers it (a discount limited to one), A to Z. */
export async function segmentOptions(db: Db): Promise<SegmentOption[]> {
  return db
    .select({ id: segments.id, title: segments.title })
    .from(segments)
    .orderBy(asc(segments.title), asc(segments.id));
}
