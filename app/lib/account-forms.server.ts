import { type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { type AccountCall, TOO_MANY_REQUESTS, takeAccountLimit } from "../../server/auth/limits.ts";
import {
  RESET_REQUESTED,
  requestPasswordReset,
  resetPassword,
} from "../../server/auth/password-links.ts";
import type { TokenAbility } from "../../server/auth/schema.ts";
import { changePassword, GUEST_LINK_SENT, register, signIn } from "../../server/auth/service.ts";
import type { LiveToken } from "../../server/auth/tokens.ts";
import { TOKEN_LIFETIME_MS } from "../../server/auth/tokens.ts";
import {
  EmailInput,
  LoginInput,
  RegisterInput,
  ResetPasswordInput,
  UpdatePasswordInput,
} from "../../server/auth/validators.ts";
import type { PublicUser } from "../../server/customers/service.ts";
import { fieldErrors } from "../../server/http/errors.ts";
import type { FormResult } from "./account-messages";
import { LOGIN_FAILED } from "./account-messages";
import { appContext } from "./app-context.server";
import { flashCookie } from "./flash.server";
import { sessionCookie } from "./session.server";

/**
 * The account forms as pages post them when JavaScript is off (and register, reset and the
 * password change always): the same validators, limits and services as the JSON API, answering
 * with a form result or the cookie to set.
 */
type Context = Readonly<RouterContextProvider>;
type Refused = FormResult & { ok: false; status: 422 | 429 };
type Outcome<T> = ({ ok: true } & T) | Refused;

const refused = (status: 422 | 429, result: FormResult): Refused => ({
  ok: false,
  status,
  ...result,
});
const SIGN_IN_SECONDS = Math.floor(TOKEN_LIFETIME_MS / 1000);

function parse<S extends z.ZodType>(schema: S, form: FormData, fields: string[]) {
  const values = Object.fromEntries(fields.map((field) => [field, form.get(field) ?? undefined]));
  return schema.safeParse(values) as z.ZodSafeParseResult<z.output<S>>;
}

async function limited(context: Context, call: AccountCall): Promise<Refused | undefined> {
  const { db, clientAddress } = context.get(appContext);
  const result = await takeAccountLimit(db, call, clientAddress);
  return result.allowed ? undefined : refused(429, { message: TOO_MANY_REQUESTS });
}

export async function signInWithForm(
  form: FormData,
  context: Context,
  ability: TokenAbility,
): Promise<Outcome<{ cookie: string; user: PublicUser }>> {
  const parsed = parse(LoginInput, form, ["email", "password"]);
  if (!parsed.success) {
    return refused(422, { message: LOGIN_FAILED, errors: fieldErrors(parsed.error) });
  }
  const { db, clientAddress } = context.get(appContext);
  const result = await signIn(db, { ...parsed.data, ability, clientKey: clientAddress });
  if (!result.ok && result.reason === "throttled") {
    return refused(429, { message: "Too many attempts to sign in. Please try again later." });
  }
  if (!result.ok) return refused(422, { message: LOGIN_FAILED });
  return {
    ok: true,
    cookie: sessionCookie(context, result.token, SIGN_IN_SECONDS),
    user: result.user,
  };
}

export async function registerWithForm(
  form: FormData,
  context: Context,
): Promise<Outcome<{ cookie: string; user: PublicUser } | { cookie: null; message: string }>> {
  const parsed = parse(RegisterInput, form, ["name", "email", "password"]);
  if (!parsed.success) return refused(422, { errors: fieldErrors(parsed.error) });
  const blocked = await limited(context, "register");
  if (blocked) return blocked;
  const { db, config } = context.get(appContext);
  const input = { ...parsed.data, marketingConsent: form.get("marketingConsent") === "on" };
  const result = await register(db, input, config.publicUrl);
  if (result.kind === "refused")
    return refused(422, { errors: { [result.field]: [result.message] } });
  if (result.kind === "confirmation-sent") {
    return {
      ok: true,
      cookie: null,
      message: GUEST_LINK_SENT,
    };
  }
  return {
    ok: true,
    cookie: sessionCookie(context, result.token, SIGN_IN_SECONDS),
    user: result.user,
  };
}

export async function forgotPasswordWithForm(
  form: FormData,
  context: Context,
): Promise<Outcome<{ message: string }>> {
  const parsed = parse(EmailInput, form, ["email"]);
  if (!parsed.success) return refused(422, { errors: fieldErrors(parsed.error) });
  const blocked = await limited(context, "forgotPassword");
  if (blocked) return blocked;
  const { db, config } = context.get(appContext);
  await requestPasswordReset(db, parsed.data.email, config.publicUrl);
  return { ok: true, message: RESET_REQUESTED };
}

export async function resetPasswordWithForm(
  form: FormData,
  context: Context,
): Promise<Outcome<Record<never, never>>> {
  const parsed = parse(ResetPasswordInput, form, ["token", "password"]);
  if (!parsed.success) return refused(422, { errors: fieldErrors(parsed.error) });
  const blocked = await limited(context, "resetPassword");
  if (blocked) return blocked;
  const result = await resetPassword(
    context.get(appContext).db,
    parsed.data.token,
    parsed.data.password,
  );
  if (!result.ok) return refused(422, { errors: { [result.field]: [result.message] } });
  return { ok: true };
}

export async function changePasswordWithForm(
  form: FormData,
  context: Context,
  session: LiveToken,
): Promise<Outcome<Record<never, never>>> {
  const parsed = parse(UpdatePasswordInput, form, ["currentPassword", "password"]);
  if (!parsed.success) return refused(422, { errors: fieldErrors(parsed.error) });
  const result = await changePassword(context.get(appContext).db, {
    ...parsed.data,
    user: session.user,
    tokenId: session.id,
  });
  if (!result.ok) return refused(422, { errors: { [result.field]: [result.message] } });
  return { ok: true };
}

/** The redirect after a form signed someone in: the session cookie, and `message` to show. */
export function redirectSignedIn(context: Context, cookie: string, to: string, message: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    flashCookie([{ type: "SUCCESS", body: message }], context.get(appContext).config.secure),
  );
  return redirect(to, { headers });
}
