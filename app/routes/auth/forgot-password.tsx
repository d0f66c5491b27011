import { Form, useNavigation } from "react-router";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { FormMessage, SubmitButton, TextField } from "../../components/ui/form";
import { forgotPassword } from "../../lib/account-forms.server";
import { formPageHeaders } from "../../lib/form-headers";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { routeMiddleware } from "../../lib/route-middleware.server";
import type { Route } from "./+types/forgot-password";

export const meta = screenMeta("Reset your password", { noindex: true });
export const middleware = routeMiddleware("guest");
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export async function action({ request, context }: Route.ActionArgs) {
  const result = await runFormRoute(forgotPassword, request, context);
  if (!result.ok) return formFailure(result);
  return { sent: result.value.message };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData && "errors" in actionData ? actionData.errors : undefined;
  const message = actionData && "message" in actionData ? actionData.message : undefined;
  // Kept after a refusal, so nobody types them twice (never the password).
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  return (
    <>
      <PageHeading
        title="Reset your password"
        intro="Enter the email address of your account and we will email you a link to choose a new password."
      />
      {actionData && "sent" in actionData ? (
        <FormMessage type="success">{actionData.sent}</FormMessage>
      ) : (
        <Form method="post" className="space-y-5" noValidate>
          {message && <FormMessage type="error">{message}</FormMessage>}
          <TextField
            name="email"
            label="Email address"
            type="email"
            autoComplete="email"
            required
            defaultValue={values?.email}
            errors={errors?.email}
          />
          <SubmitButton busy={navigation.state === "submitting"} busyLabel="Sending…">
            Email me a link
          </SubmitButton>
        </Form>
      )}
      <p className="mt-6 border-t border-line pt-6 text-sm">
        <AppLink to="/login" className="font-semibold underline hover:text-accent">
          Back to sign in
        </AppLink>
      </p>
    </>
  );
}
