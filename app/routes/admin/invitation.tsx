import { Form, useNavigation } from "react-router";
import { NewPasswordField } from "../../components/new-password-field";
import { PageHeading } from "../../components/page-heading";
import { FormMessage, SubmitButton } from "../../components/ui/form";
import { acceptInvitation, invitationPage, redirectSignedIn } from "../../lib/account-forms.server";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { readPasswordLink } from "../../lib/page-query.server";
import { STAFF_HOME } from "../../lib/redirect-target";
import type { Route } from "./+types/invitation";

export const meta = screenMeta("Join the back office", { noindex: true });
// The token is in the address: never cached, never sent on as a Referer.
export const headers = formPageHeaders({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

/**
 * A staff invitation's page (issue 30): the back office's own, beside the staff sign-in, never
 * the shop's password page. Opening it changes nothing, since mail scanners open links too.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return invitationPage(context, readPasswordLink(new URL(request.url)).token ?? "");
}

/** The password is set and the invited person signed in as staff, landing in the back office. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await runFormRoute(acceptInvitation, request, context);
  if (!result.ok) return formFailure(result);
  throw redirectSignedIn(context, result.value, STAFF_HOME, result.value.message);
}

export default function StaffInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.errors;
  const busy = navigation.state === "submitting";
  const heading = (
    <PageHeading
      title="Join the back office"
      intro="Choose the password you will sign in to the Encore back office with."
    />
  );
  // An expired or used link is said at once; after a post, the post's answer says what went wrong.
  const linkProblem = errors?.token?.[0] ?? (actionData ? undefined : loaderData.linkProblem);
  if (linkProblem) {
    return (
      <>
        {heading}
        <FormMessage type="error">
          {linkProblem} Ask an Encore admin to invite you again.
        </FormMessage>
      </>
    );
  }
  return (
    <>
      {heading}
      <Form method="post" className="space-y-5" noValidate>
        {actionData?.message && <FormMessage type="error">{actionData.message}</FormMessage>}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordField errors={errors?.password} />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Set password and sign in
        </SubmitButton>
      </Form>
    </>
  );
}
