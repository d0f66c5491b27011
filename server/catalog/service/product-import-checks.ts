import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { formatLondonClock } from "../../../common/london-time.ts";
import { type Refusal, refuse } from "../../../common/refusal.ts";
import type { Db } from "../../db/client.ts";
import { productImportChecks } from "../schema.ts";

// A product import's check, confirmed once (decision 0017). A dry run without errors gives the
// staff member a token bound to the file's bytes; the import of that file sends it back and
// consumes it inside the import's own transaction. Two imports with one token (a double submit,
// a retry after a lost answer) meet at that row: the second waits for the first to commit, finds
// the token used and writes nothing, so a `stock_adjustment` is added once.

/** How long a check may be confirmed: enough to read it, short enough to be about today's shop. */
export const CHECK_LIFETIME_MS = 60 * 60 * 1000;

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** The SHA-256 of a file's bytes, as a check binds it. */
export const fileHashOf = (bytes: Uint8Array) => sha256(bytes);

/** Records a clean check of a file by `userId`: answers the token to confirm it with, once. */
export async function recordImportCheck(
  db: Db,
  fileHash: string,
  userId: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // Checks past their hour are no use to anyone: they go as new ones come.
  await db.delete(productImportChecks).where(lt(productImportChecks.expiresAt, now));
  await db.insert(productImportChecks).values({
    tokenHash: sha256(token),
    fileHash,
    userId,
    expiresAt: new Date(now.getTime() + CHECK_LIFETIME_MS),
  });
  return token;
}

const UNKNOWN = refuse(
  "invalid",
  "This check is unknown or more than an hour old: check the file again, then import it.",
  "confirm",
);

/**
 * Whether `token` confirms this staff member's check of this very file, still unused. Read
 * before the import's work, for a clear answer; `consumeImportCheck` decides in the transaction.
 */
export async function importCheckRefusal(
  db: Db,
  token: string,
  fileHash: string,
  userId: number,
): Promise<Refusal | undefined> {
  const [check] = await db
    .select({
      fileHash: productImportChecks.fileHash,
      userId: productImportChecks.userId,
      usedAt: productImportChecks.usedAt,
      live: sql<boolean>`${productImportChecks.expiresAt} > now()`,
    })
    .from(productImportChecks)
    .where(eq(productImportChecks.tokenHash, sha256(token)));
  if (!check || check.userId !== userId || !check.live) return UNKNOWN;
  if (check.usedAt) return alreadyImported(check.usedAt);
  if (check.fileHash !== fileHash)
    return refuse(
      "invalid",
      "This file is not the one that was checked: check this file, then import it.",
      "confirm",
    );
  return undefined;
}

const alreadyImported = (at: Date) =>
  refuse(
    "conflict",
    `This check was imported already, at ${formatLondonClock(at)}: nothing more was written. To import the file again, check it again.`,
    "confirm",
  );

/**
 * Marks the check used, inside the import's transaction, as its first write: a second import
 * with the same token waits on this row until the first commits, then finds it used (and is
 * refused). Answers the refusal when the check is used or gone.
 */
export async function consumeImportCheck(
  tx: Db,
  token: string,
  fileHash: string,
  userId: number,
): Promise<Refusal | undefined> {
  const [used] = await tx
    .update(productImportChecks)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(productImportChecks.tokenHash, sha256(token)),
        eq(productImportChecks.fileHash, fileHash),
        eq(productImportChecks.userId, userId),
        isNull(productImportChecks.usedAt),
        gt(productImportChecks.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: productImportChecks.id });
  if (used) return undefined;
  // Someone else's transaction used it first: say when, as the read before would have.
  const refusal = await importCheckRefusal(tx, token, fileHash, userId);
  return refusal ?? UNKNOWN;
}
