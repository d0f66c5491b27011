import { type Context, Hono } from "hono";
import { findUserByEmail, publicUser, savedAddress } from "../customers/service.ts";
import { clientAddress } from "../http/client-address.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { tooManyRequests, validationFailed } from "../http/errors.ts";
import { jsonBody } from "../http/validate.ts";
import { type AccountCall, TOO_MANY_REQUESTS, takeAccountLimit } from "./limits.ts";
import {
  type AuthEnv,
  assertCsrf,
  requestToken,
  requireAuth,
  setTokenCookie,
} from "./middleware.ts";
import { RESET_REQUESTED, requestPasswordReset, resetPassword } from "./password-links.ts";
import { dummyPasswordHash } from "./passwords.ts";
import type { TokenAbility } from "./schema.ts";
import { changePassword, GUEST_LINK_SENT, register, signIn } from "./service.ts";
import { findLiveToken, revokeToken, TOKEN_LIFETIME_MS } from "./tokens.ts";
import {
  EmailInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  UpdatePasswordInput,
} from "./validators.ts";

/** SECURITY §19: one answer for every wrong detail, naming neither the email nor the password. */
export const DETAILS_DO_NOT_MATCH = "These details do not match our records.";

async function limitClient(c: Context<AppEnv>, call: AccountCall) {
  const result = await takeAccountLimit(c.get("db"), call, clientAddress(c));
  if (!result.allowed) throw tooManyRequests(TOO_MANY_REQUESTS, result.retryAfterSeconds);
}

async function login(c: Context<AppEnv>, ability: TokenAbility) {
  const { email, password } = await jsonBody(c, LoginInput);
  c.header("Cache-Control", "no-store");
  const result = await signIn(c.get("db"), {
    email,
    password,
    ability,
    clientKey: clientAddress(c),
  });
  if (!result.ok && result.reason === "throttled") {
    throw tooManyRequests(
      "Too many attempts to sign in. Please try again later.",
      result.retryAfterSeconds,
    );
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
    .post("/register", async (c) => {
      const input = await jsonBody(c, RegisterInput);
      await limitClient(c, "register");
      c.header("Cache-Control", "no-store");
      const result = await register(c.get("db"), input, c.get("config").publicUrl);
      if (result.kind === "refused") throw validationFailed({ [result.field]: [result.message] });
      if (result.kind === "confirmation-sent") {
        return ok(c, { status: "confirmation-sent", message: GUEST_LINK_SENT }, 202);
      }
      setTokenCookie(c, result.token, Math.floor(TOKEN_LIFETIME_MS / 1000));
      return ok(c, { token: result.token, user: result.user }, 201);
    })
    .post("/has-full-account", async (c) => {
      const { email } = await jsonBody(c, EmailInput);
      await limitClient(c, "hasFullAccount");
      c.header("Cache-Control", "no-store");
      const user = await findUserByEmail(c.get("db"), email);
      return ok(c, { hasFullAccount: Boolean(user && !user.isGuest) });
    })
    .post("/password/forgot", async (c) => {
      const { email } = await jsonBody(c, EmailInput);
      await limitClient(c, "forgotPassword");
      await requestPasswordReset(c.get("db"), email, c.get("config").publicUrl);
      c.header("Cache-Control", "no-store");
      return ok(c, { message: RESET_REQUESTED }, 202);
    })
    .post("/password/reset", async (c) => {
      const { token, password } = await jsonBody(c, ResetPasswordInput);
      await limitClient(c, "resetPassword");
      const result = await resetPassword(c.get("db"), token, password);
      if (!result.ok) throw validationFailed({ [result.field]: [result.message] });
      c.header("Cache-Control", "no-store");
      return ok(c, { message: "Your password has been changed. You can sign in with it now." });
    })
    .route("/user", staffDetails);
}

/** spec §7, user area (`/api/user`): everything here needs a shopper's token. */
export function authUserApi(secret: string) {
  return new Hono<AuthEnv>()
    .use("*", requireAuth("customer", secret))
    .get("/user/show", (c) => ok(c, publicUser(c.get("auth").user)))
    .post("/user/password/update", async (c) => {
      const input = await jsonBody(c, UpdatePasswordInput);
      const { user, id } = c.get("auth");
      const result = await changePassword(c.get("db"), { ...input, user, tokenId: id });
      if (!result.ok) throw validationFailed({ [result.field]: [result.message] });
      return ok(c, { message: "Your password has been changed. You stay signed in here." });
    })
    .get("/shipping-details", async (c) =>
      ok(c, await savedAddress(c.get("db"), c.get("auth").user.id, "shipping")),
    )
    .get("/billing-details", async (c) =>
      ok(c, await savedAddress(c.get("db"), c.get("auth").user.id, "billing")),
    );
}
