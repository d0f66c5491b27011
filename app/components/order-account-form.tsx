import { Form, useNavigation } from "react-router";
import type { FormResult } from "../lib/account-messages";
import { NewPasswordField } from "./new-password-field";
import { FormMessage, SubmitButton } from "./ui/form";

/**
 * A guest's offer on their order's page: choose a password, and the account opens once the link
 * we email proves the address is theirs (decision 0006). Posts to the page's own action, so it
 * works without JavaScript; once sent, the form gives way to what was sent where.
 */
export function OrderAccountForm({ result, sent }: { result?: FormResult; sent?: string }) {
  const navigation = useNavigation();
  return (
    <section
      aria-labelledby="order-account"
      className="mb-10 max-w-xl rounded-lg border border-line bg-white p-5"
    >
      <h2 id="order-account" className="text-lg font-bold">
        Create an account to track this order
      </h2>
      {sent ? (
        <div className="mt-3">
          <FormMessage type="success">{sent}</FormMessage>
        </div>
      ) : (
        <>
          <p className="mt-1 text-muted">
            Choose a password. We will email you a link to confirm your address; your account, with
            this order in it, opens when you follow it.
          </p>
          <Form method="post" className="mt-4 space-y-4" noValidate>
            {result?.message && <FormMessage type="error">{result.message}</FormMessage>}
            <NewPasswordField errors={result?.errors?.password} />
            <SubmitButton busy={navigation.state === "submitting"} busyLabel="Sending…">
              Create my account
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}
