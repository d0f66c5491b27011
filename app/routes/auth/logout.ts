import { redirect } from "react-router";
import { readForm } from "../../lib/form-route.server";
import { SIGNED_OUT_PATH, STAFF_SIGNED_OUT_PATH } from "../../lib/redirect-target";
import { endSession } from "../../lib/session.server";
import type { Route } from "./+types/logout";

/**
 * Sign-out without JavaScript (with it, the auth store calls POST /api/logout): revokes the
 * token, clears the cookie whatever it held, and goes to Login saying the shopper has signed
 * out, or to the staff sign-in, saying the same, from the back office.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const to = form.get("area") === "staff" ? STAFF_SIGNED_OUT_PATH : SIGNED_OUT_PATH;
  throw redirect(to, { headers: { "Set-Cookie": await endSession(request, context) } });
}

export function loader() {
  throw redirect("/login");
}
