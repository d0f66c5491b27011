import { Form, redirect, useNavigation } from "react-router";
import { NewPasswordField } from "../../components/new-password-field";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { FormMessage, SubmitButton } from "../../components/ui/form";
import {
  confirmAccount,
  passwordLinkPage,
  resetPasswordByLink,
} from "../../lib/account-forms.server";
import { appContext } from "../../lib/app-context.server";
import { flashCookie } from "../../lib/flash.server";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, readForm, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { readPasswordLink } from "../../lib/page-query.server";
import { routeMiddleware } from "../../lib/route-middleware.server";
import type { Route } from "./+types/reset-password";

export const meta = screenMeta("Choose a new password", { noindex: true });
export const middleware = routeMiddleware("guest");
// The token is in the address: never cached, never sent on as a Referer.
export const headers = formPageHeaders({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

/**
 * What the link asks for: a new password, or, when a guest chose one with an order, only a
 * confirmation. Opening the page changes nothing, since mail scanners open links too: the
 * account opens on the button's post.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return passwordLinkPage(context, readPasswordLink(new URL(request.url)).token ?? "");
}

export async function action({ request, context }: Route.ActionArgs) {
  const confirming = (await readForm(request.clone())).get("intent") === "confirm";
  const result = confirming
    ? await runFormRoute(confirmAccount, request, context)
    : await runFormRoute(resetPasswordByLink, request, context);
  if (!result.ok) return formFailure(result);
  const { secure } = context.get(appContext).config;
  const done = confirming
    ? result.value.message
    : "Your password has been changed. Sign in with it now.";
  throw redirect("/login", {
    headers: { "Set-Cookie": flashCookie([{ type: "SUCCESS", body: done }], secure) },
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.errors;
  const busy = navigation.state === "submitting";
  // An expired or used link is said at once, not after a password is typed for it; after a post,
  // the post's answer says what went wrong.
  const linkProblem = errors?.token?.[0] ?? (actionData ? undefined : loaderData.linkProblem);
  if (linkProblem) {
    return (
      <>
        <PageHeading title="Choose a new password" />
        <FormMessage type="error">
          {linkProblem}{" "}
          <AppLink to="/forgot-password" className="underline">
            Ask for a new link
          </AppLink>
        </FormMessage>
      </>
    );
  }
  const message = actionData?.message && (
    <FormMessage type="error">{actionData.message}</FormMessage>
  );
  if (loaderData.asks === "confirmation") {
    return (
      <>
        <PageHeading
          title="Confirm your email address"
          intro="You chose a password for an Encore account when you ordered. Confirm that this email address is yours, and the account opens with that password."
        />
        <Form method="post" className="space-y-5">
          {message}
          <input type="hidden" name="token" value={loaderData.token} />
          <input type="hidden" name="intent" value="confirm" />
          <SubmitButton busy={busy} busyLabel="Confirming…">
            Confirm and open my account
          </SubmitButton>
        </Form>
      </>
    );
  }
  return (
    <>
      <PageHeading title="Choose a new password" />
      <Form method="post" className="space-y-5" noValidate>
        {message}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordField label="New password" errors={errors?.password} />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Save new password
        </SubmitButton>
      </Form>
    </>
  );
}
