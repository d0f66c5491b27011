import { Form, redirect, useNavigation } from "react-router";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { FormMessage, SubmitButton, TextField } from "../../components/ui/form";
import { resetPasswordByLink } from "../../lib/account-forms.server";
import { appContext } from "../../lib/app-context.server";
import { flashCookie } from "../../lib/flash.server";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { routeMiddleware } from "../../lib/route-middleware.server";
import type { Route } from "./+types/reset-password";

export const meta = screenMeta("Choose a new password", { noindex: true });
export const middleware = routeMiddleware("guest");
// The token is in the address: never cached, never sent on as a Referer.
export const headers = formPageHeaders({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await runFormRoute(resetPasswordByLink, request, context);
  if (!result.ok) return formFailure(result);
  const { secure } = context.get(appContext).config;
  const done = "Your password has been changed. Sign in with it now.";
  throw redirect("/login", {
    headers: { "Set-Cookie": flashCookie([{ type: "SUCCESS", body: done }], secure) },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.errors;
  const linkProblem = errors?.token?.[0];
  return (
    <>
      <PageHeading title="Choose a new password" />
      <Form method="post" className="space-y-5" noValidate>
        {(linkProblem || actionData?.message) && (
          <FormMessage type="error">
            {linkProblem ?? actionData?.message}{" "}
            {linkProblem && (
              <AppLink to="/forgot-password" className="underline">
                Ask for a new link
              </AppLink>
            )}
          </FormMessage>
        )}
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 10 characters, not your email address and not a commonly used password."
          minLength={10}
          required
          errors={errors?.password}
        />
        <SubmitButton busy={navigation.state === "submitting"} busyLabel="Saving…">
          Save new password
        </SubmitButton>
      </Form>
    </>
  );
}
