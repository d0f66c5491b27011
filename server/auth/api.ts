import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { publicUser } from "../customers/service.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { ApiError, validationFailed } from "../http/errors.ts";
import { jsonBody } from "../http/validate.ts";
import {
  type AuthEnv,
  assertCsrf,
  requestToken,
  requireAuth,
  setTokenCookie,
} from "./middleware.ts";
import { dummyPasswordHash } from "./passwords.ts";
import type { TokenAbility } from "./schema.ts";
import { signIn } from "./service.ts";
import { findLiveToken, revokeToken, TOKEN_LIFETIME_MS } from "./tokens.ts";
import { LoginInput } from "./validators.ts";

/** SECURITY §19: one answer for every wrong detail, naming neither the email nor the password. */
export const DETAILS_DO_NOT_MATCH = "These details do not match our records.";

/** The client for the brute-force limit: the connection's address, never a forwarded header. */
function clientKey(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

async function login(c: Context<AppEnv>, ability: TokenAbility) {
  const { email, password } = await jsonBody(c, LoginInput);
  c.header("Cache-Control", "no-store");
  const result = await signIn(c.get("db"), { email, password, ability, clientKey: clientKey(c) });
  if (!result.ok && result.reason === "throttled") {
    throw new ApiError(429, "Too many attempts to sign in. Please try again later.", undefined, {
      "Retry-After": String(result.retryAfterSeconds),
    });
  }
  if (!result.ok) throw validationFailed({ email: [DETAILS_DO_NOT_MATCH] });
  setTokenCookie(c, result.token, Math.floor(TOKEN_LIFETIME_MS / 1000));
  return ok(c, { token: result.token, user: result.user });
}

/**
 * spec §7, default area: sign-in for shoppers and staff, sign-out, and the signed-in staff
 * member's details at GET /api/user.
 */
export function authPublicApi(secret: string) {
  // Made now, so the first unknown email takes as long as any other (SECURITY §19).
  dummyPasswordHash().catch(() => {});
  const staffDetails = new Hono<AuthEnv>().get("/", requireAuth("staff", secret), (c) =>
    ok(c, publicUser(c.get("auth").user)),
  );
  return new Hono<AppEnv>()
    .post("/login-user", (c) => login(c, "customer"))
    .post("/login-admin", (c) => login(c, "staff"))
    .post("/logout", async (c) => {
      const carried = requestToken(c);
      const db = c.get("db");
      if (carried) {
        // Only a live cookie token is worth forging a request for; a dead one is just cleared.
        if (await findLiveToken(db, carried.token)) assertCsrf(c, carried.source, secret);
        await revokeToken(db, carried.token);
      }
      // Cleared whatever the token was, so a stale cookie never outlives a sign-out.
      setTokenCookie(c, "", 0);
      c.header("Cache-Control", "no-store");
      return c.body(null, 204);
    })
    .route("/user", staffDetails);
}

/** spec §7, user area (`/api/user`): everything here needs a shopper's token. */
export function authUserApi(secret: string) {
  return new Hono<AuthEnv>()
    .use("*", requireAuth("customer", secret))
    .get("/user/show", (c) => ok(c, publicUser(c.get("auth").user)));
}
