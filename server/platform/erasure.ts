import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rateLimitHits } from "./schema.ts";

/** UK GDPR erasure: limits counted on the customer's email (password links) forget it. */
export async function forgetRateLimitsOf(tx: Db, email: string): Promise<void> {
  await tx.delete(rateLimitHits).where(eq(rateLimitHits.key, email));
}
