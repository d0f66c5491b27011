import { Form, useNavigation } from "react-router";
import { NewPasswordField } from "../../components/new-password-field";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { FormMessage, SubmitButton, TextField } from "../../components/ui/form";
import { redirectSignedIn, registerAccount } from "../../lib/account-forms.server";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { readSignIn } from "../../lib/page-query.server";
import { safeRedirectTarget } from "../../lib/redirect-target";
import { routeMiddleware } from "../../lib/route-middleware.server";
import type { Route } from "./+types/register";

export const meta = screenMeta("Create an account", { noindex: true });
export const middleware = routeMiddleware("guest");
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export function loader({ request }: Route.LoaderArgs) {
  const target = readSignIn(new URL(request.url)).redirect ?? null;
  return { redirectTo: safeRedirectTarget(target) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await runFormRoute(registerAccount, request, context);
  if (!result.ok) return formFailure(result);
  const registered = result.value;
  if (registered.kind === "confirmation-sent") return { sent: registered.message };
  const target = safeRedirectTarget(String(result.form.get("redirect") ?? ""));
  const welcome = `Welcome to Encore, ${registered.user.name}. Your account is ready.`;
  throw redirectSignedIn(context, registered, target, welcome);
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if (actionData && "sent" in actionData) {
    return (
      <>
        <PageHeading title="Check your email" />
        <FormMessage type="success">{actionData.sent}</FormMessage>
      </>
    );
  }
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const message = actionData && "message" in actionData ? actionData.message : undefined;
  // Kept after a refusal, so nobody types them twice (never the password).
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  return (
    <>
      <PageHeading title="Create an account" intro="Check out faster and follow your orders." />
      <Form method="post" className="space-y-5" noValidate>
        {message && <FormMessage type="error">{message}</FormMessage>}
        <input type="hidden" name="redirect" value={loaderData.redirectTo} />
        <TextField
          name="name"
          label="Full name"
          autoComplete="name"
          required
          defaultValue={values?.name}
          errors={errors?.name}
        />
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          required
          defaultValue={values?.email}
          errors={errors?.email}
        />
        <NewPasswordField
          hint="At least 10 characters. A few unrelated words make a strong one."
          errors={errors?.password}
        />
        <label className="flex items-start gap-3 text-sm">
          <input type="checkbox" name="marketingConsent" className="mt-1 size-4 accent-accent" />
          <span>
            Email me about new drops and tours. You can unsubscribe at any time; see our{" "}
            <AppLink to="/legal/privacy-policy" className="underline">
              privacy policy
            </AppLink>
            .
          </span>
        </label>
        <SubmitButton busy={navigation.state === "submitting"} busyLabel="Creating your account…">
          Create account
        </SubmitButton>
      </Form>
      <p className="mt-6 border-t border-line pt-6 text-sm">
        Already have an account?{" "}
        <AppLink
          to={`/login?redirect=${encodeURIComponent(loaderData.redirectTo)}`}
          className="font-semibold underline hover:text-accent"
        >
          Sign in
        </AppLink>
      </p>
    </>
  );
}
