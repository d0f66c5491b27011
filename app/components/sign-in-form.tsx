import { Form, useNavigation } from "react-router";
import type { FormResult } from "../lib/account-messages";
import { FormMessage, SubmitButton, TextField } from "./ui/form";

/**
 * Email and password, posted to the route's action (or its client action with JavaScript on);
 * the redirect target travels in a hidden field.
 */
export function SignInForm({ result, redirectTo }: { result?: FormResult; redirectTo: string }) {
  const navigation = useNavigation();
  return (
    <Form method="post" className="space-y-5" noValidate>
      {result?.message && <FormMessage type="error">{result.message}</FormMessage>}
      <input type="hidden" name="redirect" value={redirectTo} />
      <TextField
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        required
        defaultValue={result?.values?.email}
        errors={result?.errors?.email}
      />
      <TextField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        errors={result?.errors?.password}
      />
      <SubmitButton busy={navigation.state === "submitting"} busyLabel="Signing in…">
        Sign in
      </SubmitButton>
    </Form>
  );
}
