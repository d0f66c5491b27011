import type { Context } from "hono";
import {
  ConfirmationSent,
  FullAccountCheck,
  PublicAddress,
  PublicUser,
  SignedIn,
} from "../../common/accounts.ts";
import { Notice } from "../../common/notice.ts";
import { StaffMember } from "../../common/staff.ts";
import { AddressInput } from "../checkout/validators.ts";
import { publicUser, savedAddress, updateSavedAddress } from "../customers/index.ts";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { resourceRoutes } from "../http/resource.ts";
import { accountOf, defineRoute, type RouteGroup } from "../http/route-table.ts";
import { ACCOUNT_LIMITS, TOO_MANY_REQUESTS } from "./limits.ts";
import { assertCsrf, requestToken, setTokenCookie } from "./middleware.ts";
import {
  acceptStaffInvitation,
  confirmAccountByLink,
  RESET_REQUESTED,
  requestPasswordReset,
  resetPassword,
} from "./password-links.ts";
import { dummyPasswordHash } from "./passwords.ts";
import type { TokenAbility } from "./schema.ts";
import {
  changePassword,
  createAccountFromOrder,
  fullAccountCheck,
  type NewSession,
  register,
  signIn,
} from "./service.ts";
import { staffService } from "./staff-admin.ts";
import { findLiveToken, revokeToken, TOKEN_LIFETIME_MS } from "./tokens.ts";
import {
  ConfirmAccountInput,
  EmailInput,
  LoginInput,
  OrderAccountInput,
  RegisterInput,
  ResetPasswordInput,
  StaffInviteInput,
  StaffListQuery,
  StaffUpdateFields,
  UpdatePasswordInput,
} from "./validators.ts";

const tag = "accounts";
const NO_STORE = { "Cache-Control": "no-store" };
const SIGN_IN_SECONDS = Math.floor(TOKEN_LIFETIME_MS / 1000);

// Made now, so the first unknown email takes as long as any other (security.md #19).
dummyPasswordHash().catch(() => {});

/** The answer to a sign-in: the cookie for browsers, the token for other clients. */
function signedIn(c: Context<AppEnv>, session: NewSession, status: 200 | 201 = 200) {
  setTokenCookie(c, session.token, SIGN_IN_SECONDS);
  return ok(c, { token: session.token, user: session.user }, status);
}

const login = (ability: TokenAbility, path: string, who: string) =>
  defineRoute({
    method: "post",
    path,
    tag,
    summary: `Sign in ${who}: sets the token cookie and answers the token (behaviour.md §7)`,
    description:
      "Every wrong detail gets the same 422 on `email`; the sixth failure for one email from one client in 15 minutes is a 429 (security.md #19, #20).",
    body: LoginInput,
    headers: NO_STORE,
    answers: { data: SignedIn },
    refusals: ["invalid", "rate-limited"],
    call: ({ db, clientAddress }, { body }) =>
      signIn(db, { ...body, ability, clientKey: clientAddress }),
    reply: (c, session) => signedIn(c, session),
  });

/** POST /api/login-user and /api/login-admin. */
export const loginCustomer = login("customer", "/login-user", "a customer");
export const loginStaff = login("staff", "/login-admin", "a staff member");

/** POST /api/register: a new account, signed in; or a mailed link for an email a guest used. */
export const registerAccount = defineRoute({
  method: "post",
  path: "/register",
  tag,
  summary: "Open a customer account and sign it in",
  description:
    "An email that has an account is refused (422 on `email`) after the same work as a new account, so the answer takes as long; 10 registrations per client an hour and 5 per email address an hour from any number of clients, then a 429 with Retry-After (docs/security.md #19).",
  body: RegisterInput,
  limit: { rule: ACCOUNT_LIMITS.register, message: TOO_MANY_REQUESTS },
  headers: NO_STORE,
  answers: [
    { data: SignedIn, status: 201, description: "Created and signed in." },
    {
      data: ConfirmationSent,
      status: 202,
      description: "A guest ordered with this email: a link to finish the account was mailed.",
    },
  ],
  refusals: ["invalid"],
  call: ({ db, config }, { body }) => register(db, body, config.publicUrl),
  reply: (c, result) =>
    result.kind === "created"
      ? signedIn(c, result, 201)
      : ok(c, { status: result.kind, message: result.message }, 202),
});

/** POST /api/password/forgot: answers the same whether or not the email has an account. */
export const forgotPassword = defineRoute({
  method: "post",
  path: "/password/forgot",
  tag,
  summary: "Mail a link to choose a new password",
  body: EmailInput,
  limit: { rule: ACCOUNT_LIMITS.forgotPassword, message: TOO_MANY_REQUESTS },
  headers: NO_STORE,
  answers: { data: Notice, status: 202 },
  async call({ db, config }, { body }) {
    await requestPasswordReset(db, body.email, config.publicUrl);
    return { message: RESET_REQUESTED };
  },
});

/** POST /api/password/reset: a new password through a mailed link. */
export const resetPasswordByLink = defineRoute({
  method: "post",
  path: "/password/reset",
  tag,
  summary: "Choose a new password with a mailed link; signs out every session",
  body: ResetPasswordInput,
  limit: { rule: ACCOUNT_LIMITS.resetPassword, message: TOO_MANY_REQUESTS },
  headers: NO_STORE,
  answers: { data: Notice },
  refusals: ["invalid"],
  call: ({ db }, { body }) => resetPassword(db, body.token, body.password),
  reply: (c, result) => ok(c, { message: result.message }),
});

/** POST /api/password/accept-invitation: an invited staff member's password, then signed in. */
export const acceptInvitation = defineRoute({
  method: "post",
  path: "/password/accept-invitation",
  tag,
  summary: "Choose an invited staff member's password with the mailed link; signs them in as staff",
  description:
    "Only the link of a staff invitation still waiting (an active staff account with no password yet) works; it works once. Sets the token cookie and answers the token, as POST /api/login-admin does.",
  body: ResetPasswordInput,
  limit: { rule: ACCOUNT_LIMITS.resetPassword, message: TOO_MANY_REQUESTS },
  headers: NO_STORE,
  answers: { data: SignedIn },
  refusals: ["invalid"],
  call: ({ db }, { body }) => acceptStaffInvitation(db, body.token, body.password),
  reply: (c, session) => signedIn(c, session),
});

/** POST /api/password/confirm-account: a guest's account opens with the password they chose. */
export const confirmAccount = defineRoute({
  method: "post",
  path: "/password/confirm-account",
  tag,
  summary: "Open a guest's account with the password chosen with an order, through a mailed link",
  description:
    "Only a link sent by POST /api/orders/create-account confirms: it carries the chosen password's hash. The link works once; every session of the account is signed out.",
  body: ConfirmAccountInput,
  limit: { rule: ACCOUNT_LIMITS.confirmAccount, message: TOO_MANY_REQUESTS },
  headers: NO_STORE,
  answers: { data: Notice },
  refusals: ["invalid"],
  call: ({ db }, { body }) => confirmAccountByLink(db, body.token),
  reply: (c, result) => ok(c, { message: result.message }),
});

/** POST /api/orders/create-account: a guest's password, kept until a mailed link proves the email. */
export const createOrderAccount = defineRoute({
  method: "post",
  path: "/orders/create-account",
  tag,
  summary: "Choose a password on a guest order's confirmation; a mailed link opens the account",
  description:
    "The order's access token proves only that the caller placed the order, so nothing changes yet: the order's email is sent a link carrying the password's hash (decision 0006). A wrong or missing token is a 404 like a missing order; an unpaid order or an email with a full account is a 409.",
  body: OrderAccountInput,
  limit: { rule: ACCOUNT_LIMITS.orderAccount, message: TOO_MANY_REQUESTS },
  headers: NO_STORE,
  answers: { data: ConfirmationSent, status: 202 },
  refusals: ["invalid", "not-found", "conflict"],
  call: ({ db, config }, { body }) => createAccountFromOrder(db, body, config.publicUrl),
});

/** POST /api/user/user/password/update: the signed-in customer's new password. */
export const updatePassword = defineRoute({
  method: "post",
  path: "/user/password/update",
  tag,
  summary: "Change the password; every other session is signed out",
  body: UpdatePasswordInput,
  answers: { data: Notice },
  refusals: ["invalid", "rate-limited"],
  call: ({ db, account }, { body }) =>
    changePassword(db, { ...body, user: accountOf(account).user, tokenId: accountOf(account).id }),
});

const logout = defineRoute({
  method: "post",
  path: "/logout",
  tag,
  summary: "Sign out: the token is revoked and the cookie cleared",
  answers: { empty: 204 },
  async handle(c) {
    const carried = requestToken(c);
    const db = c.get("db");
    if (carried) {
      // Only a live cookie token is worth forging a request for; a dead one is just cleared.
      if (await findLiveToken(db, carried.token)) assertCsrf(c, carried.source, c.get("secret"));
      await revokeToken(db, carried.token);
    }
    // Cleared whatever the token was, so a stale cookie never outlives a sign-out.
    setTokenCookie(c, "", 0);
    c.header("Cache-Control", "no-store");
    return c.body(null, 204);
  },
});

const hasFullAccount = defineRoute({
  method: "post",
  path: "/has-full-account",
  tag,
  summary: "Whether an email has an account to sign in to (checkout offers sign-in)",
  description:
    "The answer says whether an account exists, so it is bounded: 20 questions per client in 10 minutes, and 10 per email address in 10 minutes from any number of clients; past either, a 429 with Retry-After (docs/security.md #19).",
  body: EmailInput,
  limit: { rule: ACCOUNT_LIMITS.hasFullAccount, message: TOO_MANY_REQUESTS },
  headers: NO_STORE,
  answers: { data: FullAccountCheck },
  call: ({ db }, { body }) => fullAccountCheck(db, body.email),
});

const savedDetails = (kind: "shipping" | "billing") =>
  defineRoute({
    method: "get",
    path: `/${kind}-details`,
    tag,
    summary: `The customer's saved ${kind} address, or null`,
    answers: { data: PublicAddress.nullable() },
    call: ({ db, account }) => savedAddress(db, accountOf(account).user.id, kind),
  });

/**
 * POST /api/user/{kind}-details/update: the customer's edit of a saved address, judged exactly as
 * checkout judges the address it saves (one validator); with none saved yet, a 404.
 */
const updateSavedDetails = (kind: "shipping" | "billing") =>
  defineRoute({
    method: "post",
    path: `/${kind}-details/update`,
    tag,
    summary: `Edit the customer's saved ${kind} address`,
    body: AddressInput,
    answers: { data: PublicAddress },
    refusals: ["invalid", "not-found"],
    call: ({ db, account }, { body }) =>
      updateSavedAddress(db, accountOf(account).user.id, kind, body),
  });
export const updateShippingDetails = updateSavedDetails("shipping");
export const updateBillingDetails = updateSavedDetails("billing");

/**
 * behaviour.md §7: sign-in, sign-out and accounts (default area), and the customer's own (user
 * area).
 */
/**
 * Back-office accounts, managed by admins (decision 0014). Only admins list or open them: who
 * has a back-office account, and with what role, is a map for whoever took over a staff
 * member's session (docs/security.md #3).
 */
const staffResource = {
  name: "staff",
  tag: "staff accounts",
  noun: "staff member",
  query: StaffListQuery,
  item: StaffMember,
  edit: StaffMember,
  create: StaffInviteInput,
  update: StaffUpdateFields,
  label: (member: StaffMember) => `${member.name} <${member.email}>`,
  readAccess: "admin" as const,
  writeAccess: "admin" as const,
  service: staffService,
};

export const staffAccountRoutes = resourceRoutes(staffResource);

export const authRoutes: RouteGroup[] = [
  { area: "staff", routes: Object.values(staffAccountRoutes) },
  {
    area: "public",
    routes: [
      loginCustomer,
      loginStaff,
      logout,
      registerAccount,
      hasFullAccount,
      forgotPassword,
      resetPasswordByLink,
      acceptInvitation,
      confirmAccount,
      createOrderAccount,
      defineRoute({
        method: "get",
        path: "/user",
        tag,
        summary: "The signed-in staff member's details",
        access: "staff",
        answers: { data: PublicUser },
        call: ({ account }) => publicUser(accountOf(account).user),
      }),
    ],
  },
  {
    area: "user",
    routes: [
      defineRoute({
        method: "get",
        path: "/user/show",
        tag,
        summary: "The signed-in customer's details",
        answers: { data: PublicUser },
        call: ({ account }) => publicUser(accountOf(account).user),
      }),
      updatePassword,
      savedDetails("shipping"),
      savedDetails("billing"),
      updateShippingDetails,
      updateBillingDetails,
    ],
  },
];
