import { Form, useNavigation } from "react-router";
import { formatPrice } from "../../../common/money";
import { WAITING_FOR_PROVIDER } from "../../../common/order-statuses";
import type { RefundAmounts, RefundableOrder } from "../../../common/refunds";
import { Badge, LondonTime } from "../../components/admin/cells";
import { ScreenError } from "../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../components/admin/screen-header";
import { AppLink } from "../../components/ui/app-link";
import { Button, buttonClasses } from "../../components/ui/button";
import { CheckboxField, FormMessage, TextAreaField } from "../../components/ui/form";
import { type RefundActionData, refundAction, refundScreen } from "../../lib/admin-refunds.server";
import { formPageHeaders } from "../../lib/form-headers";
import { errorMeta, pageMeta } from "../../lib/meta";
import { robotsNoindex } from "../../lib/seo";
import type { Route } from "./+types/order-refund";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Refund order ${loaderData.order.number}`), robotsNoindex()];
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = (args: Route.LoaderArgs) => refundScreen(args);
export const action = (args: Route.ActionArgs) => refundAction(args);

const STATUS: Record<
  RefundableOrder["status"],
  { label: string; tone: "success" | "info" | "neutral" | "warning" }
> = {
  pending_payment: { label: "Awaiting payment", tone: "warning" },
  paid: { label: "Paid", tone: "success" },
  dispatched: { label: "Dispatched", tone: "info" },
  cancelled: { label: "Cancelled", tone: "neutral" },
  refunded: { label: "Refunded", tone: "neutral" },
};

const left = (line: RefundableOrder["lines"][number]) => line.quantity - line.refundedQuantity;

export default function OrderRefund({ loaderData, actionData }: Route.ComponentProps) {
  const { order, idempotencyKey } = loaderData;
  const result = actionData as RefundActionData | undefined;
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const values = result?.values ?? {};
  const errors = result && "errors" in result ? (result.errors ?? {}) : {};
  const preview = result && "preview" in result ? result.preview : undefined;
  const message = result && "message" in result ? result.message : undefined;
  const status = STATUS[order.status];

  return (
    <>
      <ScreenHeader
        title={`Refund order ${order.number}`}
        back={{ to: "/admin/orders", label: "Orders" }}
        intro={
          <>
            <Badge tone={status.tone}>{status.label}</Badge> {order.email}. Paid{" "}
            {formatPrice(order.total)} with the {order.paymentProvider} provider;{" "}
            {formatPrice(order.refundedTotal)} refunded so far.
          </>
        }
      />
      {message && (
        <div className="mb-6">
          <FormMessage type="error">{message}</FormMessage>
        </div>
      )}
      {preview && (
        <ConfirmRefund
          preview={preview}
          values={values}
          idempotencyKey={idempotencyKey}
          busy={busy("refund")}
        />
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          {order.canRefund ? (
            <Form method="post" aria-label="Refund" noValidate className="space-y-6">
              <Card
                title="Items"
                description="How many units of each line to give back. The amount is worked out from the order's own figures."
              >
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">Lines of order {order.number}</caption>
                  <thead className="border-b border-line text-muted">
                    <tr>
                      <th scope="col" className="py-2 font-semibold">
                        Item
                      </th>
                      <th scope="col" className="py-2 pl-3 text-right font-semibold">
                        Bought
                      </th>
                      <th scope="col" className="py-2 pl-3 text-right font-semibold">
                        Refunded
                      </th>
                      <th scope="col" className="py-2 pl-3 text-right font-semibold">
                        Paid
                      </th>
                      <th scope="col" className="w-36 py-2 pl-3 font-semibold">
                        Refund now
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {order.lines.map((line) => {
                      const name = `qty.${line.id}`;
                      const lineErrors = errors[name];
                      const errorId = `${name}-error`;
                      return (
                        <tr key={line.id} className="border-b border-line align-top">
                          <th scope="row" className="py-3 font-normal">
                            <span className="block font-semibold">{line.title}</span>
                            <span className="block text-muted">
                              {[line.band, ...line.attributes].join(" · ")}
                            </span>
                          </th>
                          <td className="py-3 pl-3 text-right">{line.quantity}</td>
                          <td className="py-3 pl-3 text-right">{line.refundedQuantity}</td>
                          <td className="py-3 pl-3 text-right whitespace-nowrap">
                            {formatPrice(line.lineTotal - line.discount)}
                          </td>
                          <td className="py-2 pl-3">
                            <label htmlFor={name} className="sr-only">
                              Units of {line.title} to refund, up to {left(line)}
                            </label>
                            <input
                              id={name}
                              name={name}
                              type="number"
                              inputMode="numeric"
                              min={0}
                              max={left(line)}
                              disabled={left(line) === 0}
                              defaultValue={values[name] ?? "0"}
                              aria-invalid={lineErrors ? true : undefined}
                              aria-describedby={lineErrors ? errorId : undefined}
                              className="block w-full rounded-lg border border-zinc-400 bg-white px-3 py-2 text-base disabled:bg-zinc-100 aria-[invalid=true]:border-error"
                            />
                            <span className="mt-1 block text-xs text-muted">
                              of {left(line)} left
                            </span>
                            {lineErrors && (
                              <p id={errorId} className="mt-1 text-sm font-medium text-error">
                                {lineErrors.join(" ")}
                              </p>
                            )}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                {errors.lines && (
                  <p className="text-sm font-medium text-error" role="alert">
                    {errors.lines.join(" ")}
                  </p>
                )}
              </Card>
              <Card title="Delivery and stock">
                <CheckboxField
                  name="delivery"
                  label={`Refund delivery (${formatPrice(order.delivery)})`}
                  hint={order.deliveryRefunded ? "Delivery has been refunded already." : undefined}
                  disabled={order.deliveryRefunded || order.delivery === 0}
                  defaultChecked={values.delivery === "true"}
                  errors={errors.delivery}
                />
                <CheckboxField
                  name="restock"
                  label="The goods came back: return them to stock"
                  hint="Leave unticked when the customer keeps the goods or they cannot be sold again."
                  defaultChecked={values.restock === "true"}
                  errors={errors.restock}
                />
                <TextAreaField
                  name="reason"
                  label="Reason"
                  hint="For the order's timeline and the audit log; the customer does not see it."
                  rows={3}
                  maxLength={500}
                  defaultValue={values.reason ?? ""}
                  errors={errors.reason}
                />
              </Card>
              <div className="flex justify-end gap-3">
                <Button
                  type="submit"
                  name="intent"
                  value="preview"
                  size="sm"
                  pending={busy("preview")}
                  pendingLabel="Working it out…"
                >
                  Review refund
                </Button>
              </div>
            </Form>
          ) : (
            <Card title="Nothing to refund">
              <p>
                {order.status === "pending_payment"
                  ? "This order has not been paid, so there is no money to give back. Cancel it instead."
                  : order.status === "cancelled"
                    ? "This order is cancelled."
                    : "Everything on this order has been refunded."}
              </p>
            </Card>
          )}
        </div>
        <div className="space-y-6">
          {order.canCancel && (
            <Card title="Cancel order">
              <p className="text-sm text-muted">
                {order.status === "paid"
                  ? `Refunds everything left (${formatPrice(order.total - order.refundedTotal)}) to the customer's card and returns every unit to stock: the goods never left.`
                  : "Releases the reserved stock. The customer's card was not charged."}
              </p>
              {result?.intent === "confirm-cancel" ? (
                <Form method="post" aria-label="Confirm cancelling the order" className="space-y-4">
                  <p role="alert" className="font-semibold">
                    {order.status === "paid"
                      ? `Cancel order ${order.number} and refund ${formatPrice(order.total - order.refundedTotal)}? This cannot be undone.`
                      : `Cancel order ${order.number}? This cannot be undone.`}
                  </p>
                  <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
                  <input type="hidden" name="reason" value={result.reason} />
                  <div className="flex flex-wrap gap-3">
                    <Button
                      type="submit"
                      name="intent"
                      value="cancel"
                      variant="danger"
                      size="sm"
                      pending={busy("cancel")}
                      pendingLabel="Cancelling…"
                    >
                      Yes, cancel the order
                    </Button>
                    <AppLink to="." className={buttonClasses("secondary", "sm")}>
                      Keep the order
                    </AppLink>
                  </div>
                </Form>
              ) : (
                <Form method="post" aria-label="Cancel order" className="space-y-4">
                  <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
                  <TextAreaField
                    name="reason"
                    label="Reason for cancelling"
                    rows={2}
                    maxLength={500}
                    errors={result?.intent === "cancel" ? errors.reason : undefined}
                  />
                  <Button
                    type="submit"
                    name="intent"
                    value="confirm-cancel"
                    variant="danger"
                    size="sm"
                  >
                    Cancel order…
                  </Button>
                </Form>
              )}
            </Card>
          )}
          <PastRefunds refunds={order.refunds} />
        </div>
      </div>
    </>
  );
}

/** The amount the server worked out, to confirm: the same choices, posted again to refund. */
function ConfirmRefund({
  preview,
  values,
  idempotencyKey,
  busy,
}: {
  preview: RefundAmounts;
  values: Record<string, string>;
  idempotencyKey: string;
  busy: boolean;
}) {
  return (
    <section
      aria-labelledby="confirm-refund"
      className="mb-6 rounded-xl bg-white p-5 shadow-sm ring-2 ring-ink sm:p-6"
    >
      <h2 id="confirm-refund" className="text-lg font-bold">
        Refund {formatPrice(preview.amount)} to the card the customer paid with?
      </h2>
      <ul className="mt-2 list-disc pl-5 text-sm">
        {preview.lines.map((line) => (
          <li key={line.orderLineId}>
            {line.quantity} × {line.title}: {formatPrice(line.amount)}
          </li>
        ))}
        {preview.delivery > 0 && <li>Delivery: {formatPrice(preview.delivery)}</li>}
      </ul>
      <p className="mt-2 text-sm text-muted">
        Including {formatPrice(preview.vat)} VAT.
        {values.restock === "true"
          ? " The units go back to stock."
          : " Nothing goes back to stock."}
      </p>
      <Form method="post" aria-label="Confirm refund" className="mt-4 flex flex-wrap gap-3">
        {Object.entries(values)
          .filter(([name]) => name !== "intent")
          .map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
        <Button
          type="submit"
          name="intent"
          value="refund"
          size="sm"
          pending={busy}
          pendingLabel="Refunding…"
        >
          Refund {formatPrice(preview.amount)}
        </Button>
        <AppLink to="." className={buttonClasses("secondary", "sm")}>
          Start again
        </AppLink>
      </Form>
    </section>
  );
}

function PastRefunds({ refunds }: { refunds: RefundableOrder["refunds"] }) {
  return (
    <Card title="Refunds so far">
      {refunds.length === 0 ? (
        <p className="text-sm text-muted">None yet.</p>
      ) : (
        <ol className="space-y-3 text-sm">
          {refunds.map((refund) => (
            <li key={refund.id} className="border-b border-line pb-3 last:border-0">
              <div className="flex items-center justify-between gap-2">
                <strong>{formatPrice(refund.amount)}</strong>
                <Badge
                  tone={
                    refund.state === "succeeded"
                      ? "success"
                      : refund.state === "failed"
                        ? "danger"
                        : "warning"
                  }
                >
                  {refund.state === "succeeded"
                    ? "Refunded"
                    : refund.state === "failed"
                      ? "Failed"
                      : WAITING_FOR_PROVIDER}
                </Badge>
              </div>
              <p className="text-muted">
                <LondonTime iso={refund.createdAt} />
              </p>
              <p>
                {[
                  ...refund.lines.map((line) => `${line.quantity} × ${line.title}`),
                  ...(refund.delivery > 0 ? ["delivery"] : []),
                ].join(", ")}
              </p>
              {refund.reason && <p className="text-muted">{refund.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/orders", label: "Orders" }} />;
}
