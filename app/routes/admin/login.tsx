import { signInFromForm } from "../../client/auth";
import { PageHeading } from "../../components/page-heading";
import { SignInForm } from "../../components/sign-in-form";
import { SignedOutNotice } from "../../components/signed-out-notice";
import { loginStaff, redirectSignedIn } from "../../lib/account-forms.server";
import { LOGIN_FAILED, LOGIN_SUCCEEDED } from "../../lib/account-messages";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { readSignIn } from "../../lib/page-query.server";
import { STAFF_HOME, STAFF_LOGIN, safeRedirectTarget } from "../../lib/redirect-target";
import { routeMiddleware } from "../../lib/route-middleware.server";
import type { Route } from "./+types/login";

export const meta = screenMeta("Staff sign in", { noindex: true });
export const middleware = routeMiddleware("staff-guest");
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

// Only back-office paths are followed from here.
function staffTarget(target: string | null | undefined) {
  const path = safeRedirectTarget(target, STAFF_HOME);
  return path === STAFF_HOME || path.startsWith(`${STAFF_HOME}/`) ? path : STAFF_HOME;
}

export function loader({ request }: Route.LoaderArgs) {
  const query = readSignIn(new URL(request.url));
  return {
    redirectTo: staffTarget(query.redirect ?? null),
    signedOut: query["signed-out"] === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await runFormRoute(loginStaff, request, context, { message: LOGIN_FAILED });
  if (!result.ok) return formFailure(result);
  const target = staffTarget(String(result.form.get("redirect") ?? ""));
  throw redirectSignedIn(context, result.value, target, LOGIN_SUCCEEDED);
}

/** With JavaScript: behaviour.md §7's POST /api/login-admin. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return signInFromForm(request, "/login-admin", STAFF_HOME);
}

export default function StaffLogin({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <SignedOutNotice signedOut={loaderData.signedOut} path={STAFF_LOGIN} />
      <PageHeading title="Staff sign in" intro="The Encore back office, for the shop's staff." />
      <SignInForm result={actionData} redirectTo={loaderData.redirectTo} />
    </>
  );
}
