import { asc, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { discounts } from "./schema.ts";

/**
 * The codes limited to any of `segmentIds`, first made first: a segment a code is limited to
 * cannot be deleted (the segments module names the code in its 409).
 */
export async function codesLimitedTo(
  db: Db,
  segmentIds: number[],
): Promise<Array<{ segmentId: number; code: string }>> {
  if (segmentIds.length === 0) return [];
  const rows = await db
    .select({ segmentId: discounts.segmentId, code: discounts.code })
    .from(discounts)
    .where(inArray(discounts.segmentId, segmentIds))
    .orderBy(asc(discounts.id));
  return rows.flatMap((row) =>
    row.segmentId === null ? [] : [{ segmentId: row.segmentId, code: row.code }],
  );
}
