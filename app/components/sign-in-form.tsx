import { Form, useNavigation } from "react-router";
import { DETAILS_DO_NOT_MATCH } from "../../common/sign-in";
import type { FormResult } from "../lib/account-messages";
import { FormMessage, SubmitButton, TextField } from "./ui/form";

/**
 * Email and password, posted to the route's action (or its client action with JavaScript on);
 * the redirect target travels in a hidden field. Wrong details are said once, in the form's
 * alert (behaviour.md §8's words), which both fields point to: the API's own wording of the same
 * refusal on `email` is not repeated beside it.
 */
export function SignInForm({ result, redirectTo }: { result?: FormResult; redirectTo: string }) {
  const navigation = useNavigation();
  const detailsRefused = result?.errors?.email?.includes(DETAILS_DO_NOT_MATCH) === true;
  const errors = detailsRefused ? undefined : result?.errors;
  const refusedAria = detailsRefused
    ? { "aria-invalid": true as const, "aria-describedby": "sign-in-problem" }
    : {};
  return (
    <Form method="post" className="space-y-5" noValidate>
      {result?.message && (
        <FormMessage type="error" id="sign-in-problem">
          {result.message}
        </FormMessage>
      )}
      <input type="hidden" name="redirect" value={redirectTo} />
      <TextField
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.values?.email}
        errors={errors?.email}
        {...refusedAria}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        errors={errors?.password}
        {...refusedAria}
      />
      <SubmitButton busy={navigation.state === "submitting"} busyLabel="Signing in…">
        Sign in
      </SubmitButton>
    </Form>
  );
}
