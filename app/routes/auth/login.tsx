import { signInFromForm } from "../../client/auth";
import { PageHeading } from "../../components/page-heading";
import { SignInForm } from "../../components/sign-in-form";
import { SignedOutNotice } from "../../components/signed-out-notice";
import { AppLink } from "../../components/ui/app-link";
import { loginCustomer, redirectSignedIn } from "../../lib/account-forms.server";
import { LOGIN_FAILED, LOGIN_SUCCEEDED } from "../../lib/account-messages";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { readSignIn } from "../../lib/page-query.server";
import { DEFAULT_SIGNED_IN_PATH, safeRedirectTarget } from "../../lib/redirect-target";
import { routeMiddleware } from "../../lib/route-middleware.server";
import type { Route } from "./+types/login";

export const meta = screenMeta("Sign in", { noindex: true });
export const middleware = routeMiddleware("guest");
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export function loader({ request }: Route.LoaderArgs) {
  const query = readSignIn(new URL(request.url));
  return {
    redirectTo: safeRedirectTarget(query.redirect ?? null),
    signedOut: query["signed-out"] === "1",
  };
}

/** Without JavaScript: the server signs in and carries the success message in a flash cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await runFormRoute(loginCustomer, request, context, { message: LOGIN_FAILED });
  if (!result.ok) return formFailure(result);
  const target = safeRedirectTarget(String(result.form.get("redirect") ?? ""));
  throw redirectSignedIn(context, result.value, target, LOGIN_SUCCEEDED);
}

/** With JavaScript: behaviour.md §7's POST /api/login-user, then the auth store holds the user. */
export function clientAction({ request }: Route.ClientActionArgs) {
  return signInFromForm(request, "/login-user", DEFAULT_SIGNED_IN_PATH);
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const query = `?redirect=${encodeURIComponent(loaderData.redirectTo)}`;
  return (
    <>
      <SignedOutNotice signedOut={loaderData.signedOut} path="/login" />
      <PageHeading title="Sign in" intro="Track your orders and check out faster." />
      <SignInForm result={actionData} redirectTo={loaderData.redirectTo} />
      <div className="mt-6 space-y-2 border-t border-line pt-6 text-sm">
        <p>
          <AppLink to="/forgot-password" className="font-semibold underline hover:text-accent">
            Forgotten your password?
          </AppLink>
        </p>
        <p>
          New to Encore?{" "}
          <AppLink to={`/register${query}`} className="font-semibold underline hover:text-accent">
            Create an account
          </AppLink>
        </p>
      </div>
    </>
  );
}
