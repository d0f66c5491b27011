import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { accountView, type User } from "../customers/index.ts";
import type { Db } from "../db/client.ts";
import { accessTokens, type TokenAbility } from "./schema.ts";

/** How long a token lives after its last use. */
export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A token's expiry moves on at most this often, so busy pages do not write on every request. */
export const SLIDE_INTERVAL_MS = 60 * 1000;

// 32 random bytes in base64url: exactly 43 characters.
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** How a token is stored and looked up: SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new token for `userId`; the plain token is returned once and never stored. */
export async function issueToken(
  db: Db,
  userId: number,
  ability: TokenAbility,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
  await db.insert(accessTokens).values({
    userId,
    tokenHash: hashToken(token),
    ability,
    expiresAt,
    lastUsedAt: now,
    createdAt: now,
  });
  return { token, expiresAt };
}

export type LiveToken = {
  id: number;
  ability: TokenAbility;
  expiresAt: Date;
  lastUsedAt: Date | null;
  user: User;
};

// Here rather than beside the middleware that sets it: server/http/env.ts names it, and the
// middleware imports server/http, so a type there would tie the two folders in a cycle.
/** Who is signed in, and how: a bearer header is exempt from the CSRF check, a cookie is not. */
export type Authenticated = LiveToken & { source: "bearer" | "cookie" };

/** The unrevoked, unexpired token `token` of an active account, and the account, or undefined. */
export async function findLiveToken(
  db: Db,
  token: string,
  now = new Date(),
): Promise<LiveToken | undefined> {
  if (!TOKEN_FORMAT.test(token)) return undefined;
  const [row] = await db
    .select({ token: accessTokens, user: accountView })
    .from(accessTokens)
    .innerJoin(accountView, eq(accountView.id, accessTokens.userId))
    .where(
      and(
        eq(accessTokens.tokenHash, hashToken(token)),
        isNull(accessTokens.revokedAt),
        gt(accessTokens.expiresAt, now),
        // A deactivated account's tokens stop at once, whatever revoking them missed.
        isNull(accountView.deactivatedAt),
      ),
    );
  if (!row) return undefined;
  const { id, ability, expiresAt, lastUsedAt } = row.token;
  return { id, ability, expiresAt, lastUsedAt, user: row.user };
}

/**
 * Sliding expiry: a use moves the expiry to `now` + 30 days, unless the token was already used
 * within the last minute. Returns the new expiry when it moved.
 */
export async function touchToken(
  db: Db,
  token: LiveToken,
  now = new Date(),
): Promise<Date | undefined> {
  if (token.lastUsedAt && now.getTime() - token.lastUsedAt.getTime() < SLIDE_INTERVAL_MS) {
    return undefined;
  }
  const expiresAt = new Date(now.getTime() + TOKEN_LIFETIME_MS);
  const cutoff = new Date(now.getTime() - SLIDE_INTERVAL_MS);
  // Guarded, so concurrent requests write once and a token revoked meanwhile stays revoked.
  const moved = await db
    .update(accessTokens)
    .set({ expiresAt, lastUsedAt: now })
    .where(
      and(
        eq(accessTokens.id, token.id),
        isNull(accessTokens.revokedAt),
        or(isNull(accessTokens.lastUsedAt), lt(accessTokens.lastUsedAt, cutoff)),
      ),
    )
    .returning({ id: accessTokens.id });
  return moved.length === 1 ? expiresAt : undefined;
}

/** Revokes `token` if it is a token we issued; unknown tokens are ignored. */
export async function revokeToken(db: Db, token: string, now = new Date()): Promise<void> {
  if (!TOKEN_FORMAT.test(token)) return;
  await db
    .update(accessTokens)
    .set({ revokedAt: now })
    .where(and(eq(accessTokens.tokenHash, hashToken(token)), isNull(accessTokens.revokedAt)));
}
