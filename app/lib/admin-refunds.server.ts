import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { formatPrice } from "../../common/money";
import { WAITING_FOR_PROVIDER } from "../../common/order-statuses";
import type { RefundAmounts } from "../../common/refunds";
import type { FieldErrors } from "../../common/refusal";
import { fieldErrors } from "../../server/http/errors";
import {
  cancelOrderRoute,
  previewRefundRoute,
  refundableOrderRoute,
  refundRoute,
} from "../../server/orders/refunds/refunds-api";
import {
  callRoute,
  type FormBody,
  mayCall,
  redirectWithFlash,
  runFormBody,
  type ScreenArgs,
} from "./admin-resource.server";
import { readForm, runFormRoute } from "./form-route.server";
import { requireId } from "./route-params";

/** What the refund screen's form holds, as text, to show again. */
export type RefundFormValues = Record<string, string>;

/** What the refund screen's action answers: a preview to confirm, or what went wrong. */
export type RefundActionData =
  | { intent: "preview"; preview: RefundAmounts; values: RefundFormValues }
  | { intent: "confirm-cancel"; reason: string; values: RefundFormValues }
  | {
      intent: "preview" | "refund" | "cancel";
      message?: string;
      errors?: FieldErrors;
      values: RefundFormValues;
    };

/** GET /admin/orders/:id/refund: the order, and a fresh key for the money-moving forms. */
export async function refundScreen(args: ScreenArgs) {
  const id = requireId(args);
  const order = await callRoute(refundableOrderRoute, args.context, { params: { id } });
  return { order, idempotencyKey: randomUUID() };
}

/**
 * The form as the API's body: `qty.{lineId}` boxes (a blank or 0 leaves the line out), the
 * ticks and the reason. An error about the body's `lines.0.quantity` is shown beside the box
 * that line came from; the other fields keep their names.
 */
function refundBody(form: FormData): FormBody {
  const lines: Array<{ lineId: number; quantity: number }> = [];
  for (const [name, value] of form) {
    const lineId = /^qty\.(\d{1,10})$/.exec(name)?.[1];
    if (!lineId || typeof value !== "string" || value.trim() === "" || value.trim() === "0") {
      continue;
    }
    const quantity = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    lines.push({ lineId: Number(lineId), quantity });
  }
  const boxOf = (path: string) => {
    const line = /^lines\.(\d+)\./.exec(path)?.[1];
    return line === undefined ? path : `qty.${lines[Number(line)]?.lineId ?? ""}`;
  };
  return {
    body: {
      lines,
      delivery: form.get("delivery") === "true",
      restock: form.get("restock") === "true",
      reason: String(form.get("reason") ?? ""),
    },
    errorsAt: (errors) => {
      const shown: FieldErrors = {};
      for (const [path, messages] of Object.entries(errors)) {
        shown[boxOf(path)] = [...(shown[boxOf(path)] ?? []), ...messages];
      }
      return shown;
    },
  };
}

const textValues = (form: FormData) =>
  Object.fromEntries(
    [...form].flatMap(([name, value]) =>
      typeof value === "string" && name !== "idempotencyKey" ? [[name, value]] : [],
    ),
  );

/**
 * The refund screen's action (architecture.md §7.1: the page runs the API's own routes in process,
 * with their access, validation and idempotency, through `runFormRoute`): `preview` works the
 * amount out and asks to confirm, `refund` gives it back, `cancel` cancels the order. Done, it
 * goes back to the screen with a message; refused, the message and each field's error are shown
 * beside the form.
 */
export async function refundAction(args: ScreenArgs) {
  const id = requireId(args);
  const { request, context } = args;
  // Read here for the intent; `runFormRoute` reads the form again for the route.
  const form = await readForm(request.clone());
  const intent = form.get("intent");
  const values = textValues(form);
  const staff = { area: "staff", params: { id } } as const;

  if (intent === "confirm-cancel") {
    // Cancelling cannot be undone and may move money: the first press asks, the second does it.
    if (!mayCall(cancelOrderRoute, context)) {
      return failed(
        "cancel",
        { status: 403, message: "Your account is not allowed to do this." },
        values,
      );
    }
    const parsed = cancelOrderRoute.body?.safeParse({ reason: values.reason ?? "" });
    if (parsed && !parsed.success) {
      return failed("cancel", { status: 422, errors: fieldErrors(parsed.error) }, values);
    }
    return data({ intent: "confirm-cancel" as const, reason: values.reason ?? "", values });
  }
  if (intent === "cancel") {
    const result = await runFormRoute(cancelOrderRoute, request, context, {
      ...staff,
      body: () => ({ reason: values.reason ?? "" }),
    });
    if (!result.ok) return failed("cancel", result, values);
    const done = result.value;
    return redirectWithFlash(
      context,
      args.url.pathname,
      done.refund?.state === "pending"
        ? `${formatPrice(done.refund.amount)} to refund on order ${done.order.number}. ${WAITING_FOR_PROVIDER}: the order is cancelled once it has given the money back.`
        : done.refund
          ? `Order ${done.order.number} cancelled: ${formatPrice(done.refund.amount)} refunded to the customer's card.`
          : `Order ${done.order.number} cancelled.`,
    );
  }

  const boxes = { params: { id }, body: refundBody };
  if (intent !== "refund") {
    const result = await runFormBody(previewRefundRoute, request, context, boxes);
    if (!result.ok) return failed("preview", result, values);
    return { intent: "preview", preview: result.value, values } as const;
  }
  const result = await runFormBody(refundRoute, request, context, boxes);
  if (!result.ok) return failed("refund", result, values);
  const done = result.value;
  const amount = formatPrice(done.refund?.amount ?? 0);
  return redirectWithFlash(
    context,
    args.url.pathname,
    done.refund?.state === "pending"
      ? `${amount} to refund on order ${done.order.number}. ${WAITING_FOR_PROVIDER}.`
      : `${amount} refunded on order ${done.order.number}.`,
  );
}

/**
 * A form that did not go through: its message (with errors, one saying nothing moved), the
 * errors beside the boxes, and what was typed (`values`, never the idempotency key).
 */
function failed(
  intent: "preview" | "refund" | "cancel",
  { status, message, errors }: { status: number; message?: string; errors?: FieldErrors },
  values: RefundFormValues,
) {
  const said =
    message ??
    (Object.keys(errors ?? {}).length > 0
      ? "Check the fields marked below: nothing was refunded."
      : undefined);
  return data({ intent, errors, message: said, values }, { status });
}
