import { type RouterContextProvider, redirect } from "react-router";
import type { SignedIn } from "../../server/auth/service.ts";
import { TOKEN_LIFETIME_MS } from "../../server/auth/tokens.ts";
import { appContext } from "./app-context.server";
import { flashCookie } from "./flash.server";
import { sessionCookie } from "./session.server";

// The account pages' forms run the JSON API's own routes (see form-route.server.ts).
export {
  forgotPassword,
  loginCustomer,
  loginStaff,
  registerAccount,
  resetPasswordByLink,
  updatePassword,
} from "../../server/auth/api.ts";

const SIGN_IN_SECONDS = Math.floor(TOKEN_LIFETIME_MS / 1000);

/** The redirect after a form signed someone in: the session cookie, and `message` to show. */
export function redirectSignedIn(
  context: Readonly<RouterContextProvider>,
  session: SignedIn,
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
