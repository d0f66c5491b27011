import { Form, redirect } from "react-router";
import { formatPrice } from "../../../common/money";
import { PageHeading } from "../../components/page-heading";
import { Button } from "../../components/ui/button";
import { FormMessage } from "../../components/ui/form";
import { appContext } from "../../lib/app-context.server";
import { answerTestBank, testBankAmount } from "../../lib/checkout.server";
import { flashCookie } from "../../lib/flash.server";
import { formFailure, runFormRoute } from "../../lib/form-route.server";
import { screenMeta } from "../../lib/meta";
import { readTestBank } from "../../lib/page-query.server";
import { requireId } from "../../lib/route-params";
import type { Route } from "./+types/checkout-test-bank";

export const meta = screenMeta("Confirm your payment", { noindex: true });
export const headers = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

/**
 * The test provider's stand-in for a bank's 3-D Secure page: the shopper passes or fails it,
 * seeing the amount the payment holds, as a bank's page shows it.
 */
export async function loader(args: Route.LoaderArgs) {
  const orderId = requireId(args);
  const secret = readTestBank(args.url).secret ?? "";
  return { orderId, secret, amount: await testBankAmount(args.context, orderId, secret) };
}

export async function action(args: Route.ActionArgs) {
  const orderId = requireId(args);
  const token = readTestBank(args.url).token;
  const outcome = await runFormRoute(answerTestBank, args.request, args.context, {
    body: (form) => ({
      orderId,
      clientSecret: form.get("clientSecret") ?? "",
      approve: form.get("approve") === "true",
    }),
  });
  if (!outcome.ok) return formFailure(outcome);
  if (outcome.value.status === "paid") {
    throw redirect(
      token
        ? `/checkout/orders/${orderId}?token=${encodeURIComponent(token)}&placed=1`
        : `/customer/checkout/success/${orderId}`,
      303,
    );
  }
  const { secure } = args.context.get(appContext).config;
  throw redirect("/checkout", {
    status: 303,
    headers: {
      "Set-Cookie": flashCookie(
        [
          {
            type: "ERROR",
            body: "Your bank did not confirm the payment, so nothing was taken. Please try again.",
          },
        ],
        secure,
      ),
    },
  });
}

export default function CheckoutTestBank({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading
        title="Confirm your payment"
        intro="Test bank: in a real shop your bank would ask you to confirm it is you here."
      />
      {actionData?.message && <FormMessage type="error">{actionData.message}</FormMessage>}
      {loaderData.amount !== undefined && (
        <p className="mb-6 text-lg">
          Amount to pay: <strong className="text-2xl">{formatPrice(loaderData.amount)}</strong>
        </p>
      )}
      <Form method="post" className="flex flex-wrap gap-3">
        <input type="hidden" name="clientSecret" value={loaderData.secret} />
        <Button type="submit" name="approve" value="true">
          Approve this payment
        </Button>
        <Button type="submit" name="approve" value="false" variant="secondary">
          Fail this payment
        </Button>
      </Form>
    </>
  );
}
