import { type RouterContextProvider, redirect } from "react-router";
import type { OrderView } from "../../common/orders";
import { isRefusal } from "../../common/refusal";
import {
  invitationAsks,
  LINK_NOT_VALID,
  passwordLinkAsks,
} from "../../server/auth/password-links.ts";
import { guestOfOrder, type NewSession } from "../../server/auth/service.ts";
import { TOKEN_LIFETIME_MS } from "../../server/auth/tokens.ts";
import { appContext } from "./app-context.server";
import { flashCookie } from "./flash.server";
import { sessionCookie } from "./session.server";

// The account pages' forms run the JSON API's own routes (see form-route.server.ts).
export {
  acceptInvitation,
  confirmAccount,
  createOrderAccount,
  forgotPassword,
  loginCustomer,
  loginStaff,
  registerAccount,
  resetPasswordByLink,
  updateBillingDetails,
  updatePassword,
  updateShippingDetails,
} from "../../server/auth/api.ts";

const SIGN_IN_SECONDS = Math.floor(TOKEN_LIFETIME_MS / 1000);

/** The redirect after a form signed someone in: the session cookie, and `message` to show. */
export function redirectSignedIn(
  context: Readonly<RouterContextProvider>,
  session: NewSession,
  to: string,
  message: string,
) {
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(context, session.token, SIGN_IN_SECONDS));
  headers.append(
    "Set-Cookie",
    flashCookie([{ type: "SUCCESS", body: message }], context.get(appContext).config.secure),
  );
  return redirect(to, { headers });
}

/** What a mailed link's page shows: a password field, a confirm button, or why it cannot. */
export async function passwordLinkPage(context: Readonly<RouterContextProvider>, token: string) {
  const asks = await passwordLinkAsks(context.get(appContext).db, token);
  return { token, asks, linkProblem: asks === "nothing" ? LINK_NOT_VALID : undefined };
}

/** What a staff invitation's page shows: a password field, or why the link cannot be used. */
export async function invitationPage(context: Readonly<RouterContextProvider>, token: string) {
  const asks = await invitationAsks(context.get(appContext).db, token);
  return { token, linkProblem: asks === "nothing" ? LINK_NOT_VALID : undefined };
}

/** Whether an order's page offers its guest an account (past its payment, decision 0006). */
export async function offersOrderAccount(
  context: Readonly<RouterContextProvider>,
  order: OrderView,
): Promise<boolean> {
  return !isRefusal(await guestOfOrder(context.get(appContext).db, order));
}
