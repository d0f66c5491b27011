import { redirect } from "react-router";
import { revokeToken } from "../../../server/auth/tokens.ts";
import { appContext } from "../../lib/app-context.server";
import { readCookie } from "../../lib/cookies";
import { sessionCookie } from "../../lib/session.server";
import type { Route } from "./+types/logout";

/**
 * Sign-out without JavaScript (with it, the auth store calls POST /api/logout): revokes the
 * token, clears the cookie whatever it held, and goes to Login, or to the staff sign-in from the
 * back office.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const token = readCookie(request.headers.get("Cookie"), "token");
  if (token) await revokeToken(context.get(appContext).db, token);
  const form = await request.formData();
  const to = form.get("area") === "staff" ? "/admin/login" : "/login";
  throw redirect(to, { headers: { "Set-Cookie": sessionCookie(context, "", 0) } });
}

export function loader() {
  throw redirect("/login");
}
