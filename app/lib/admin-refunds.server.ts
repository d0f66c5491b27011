import { randomUUID } from "node:crypto";
import { data, type RouterContextProvider, redirect } from "react-router";
import { formatPrice } from "../../common/money";
import { WAITING_FOR_PROVIDER } from "../../common/order-statuses";
import type { RefundAmounts, RefundableOrder, RefundResult } from "../../common/refunds";
import { type FieldErrors, isRefusal } from "../../common/refusal";
import { fieldErrors } from "../../server/http/errors";
import { refusalAsFormErrors } from "../../server/http/refusals";
import { type AnyRoute, runCall } from "../../server/http/route-table";
import { refundsRoutes } from "../../server/orders/refunds/refunds-api";
import { callRoute } from "./admin-resource.server";
import { appContext } from "./app-context.server";
import { flashCookie } from "./flash.server";
import { callContextOf, readForm } from "./form-route.server";
import { requireId } from "./route-params";

type Context = Readonly<RouterContextProvider>;
type Args = {
  request: Request;
  url: URL;
  context: Context;
  params: Record<string, string | undefined>;
};

const route = (method: "get" | "post", path: string): AnyRoute => {
  const found = refundsRoutes
    .flatMap((group) => group.routes)
    .find((each) => each.method === method && each.path === path);
  if (!found) throw new Error(`No route ${method} ${path}`);
  return found;
};
const SHOW = route("get", "/orders/refund/{id}");
const PREVIEW = route("post", "/orders/refund/preview/{id}");
const REFUND = route("post", "/orders/refund/{id}");
const CANCEL = route("post", "/orders/cancel/{id}");

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
export async function refundScreen(args: Args) {
  const id = requireId(args);
  const order = await callRoute<RefundableOrder>(SHOW, args.context, { params: { id } });
  return { order, idempotencyKey: randomUUID() };
}

/**
 * The form as the API's body: `qty.{lineId}` boxes (a blank or 0 leaves the line out), the
 * ticks and the reason. `lineOf` says which box each line of the body came from, so an error
 * about `lines.0.quantity` shows beside its box.
 */
function refundBody(form: FormData) {
  const lines: Array<{ lineId: number; quantity: number }> = [];
  for (const [name, value] of form) {
    const lineId = /^qty\.(\d{1,10})$/.exec(name)?.[1];
    if (!lineId || typeof value !== "string" || value.trim() === "" || value.trim() === "0") {
      continue;
    }
    const quantity = /^\d{1,6}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
    lines.push({ lineId: Number(lineId), quantity });
  }
  return {
    body: {
      lines,
      delivery: form.get("delivery") === "true",
      restock: form.get("restock") === "true",
      reason: String(form.get("reason") ?? ""),
    },
    boxOf: (index: number) => `qty.${lines[index]?.lineId ?? ""}`,
  };
}

/** `lines.0.quantity` → `qty.{lineId}`; the other fields keep their names. */
function onFormFields(errors: FieldErrors, boxOf: (index: number) => string): FieldErrors {
  const shown: FieldErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    const line = /^lines\.(\d+)\./.exec(path)?.[1];
    const name = line === undefined ? path : boxOf(Number(line));
    shown[name] = [...(shown[name] ?? []), ...messages];
  }
  return shown;
}

const textValues = (form: FormData) =>
  Object.fromEntries(
    [...form].flatMap(([name, value]) =>
      typeof value === "string" && name !== "idempotencyKey" ? [[name, value]] : [],
    ),
  );

/**
 * The refund screen's action (architecture.md §7.1: the page runs the API's own routes in process,
 * with their validation and idempotency): `preview` works the amount out and asks to confirm,
 * `refund` gives it back, `cancel` cancels the order. Done, it goes back to the screen with a
 * message; refused, the message and each field's error are shown beside the form.
 */
export async function refundAction(args: Args) {
  const id = requireId(args);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const values = textValues(form);
  const call = {
    ...callContextOf(args.context),
    idempotencyKey: (form.get("idempotencyKey") as string | null) ?? undefined,
  };
  const run = async (which: AnyRoute, body: unknown) =>
    runCall(which, call, { params: { id }, query: {}, body });

  if (intent === "confirm-cancel" || intent === "cancel") {
    const parsed = CANCEL.body?.safeParse({ reason: values.reason ?? "" });
    if (parsed && !parsed.success) {
      return failed("cancel", 422, { errors: fieldErrors(parsed.error), values });
    }
    // Cancelling cannot be undone and may move money: the first press asks, the second does it.
    if (intent === "confirm-cancel") {
      return data({ intent: "confirm-cancel" as const, reason: values.reason ?? "", values });
    }
    const result = await run(CANCEL, parsed?.data);
    if (isRefusal(result)) return failed("cancel", ...formRefusal(result), values);
    const done = result as RefundResult;
    return finished(
      args,
      done.refund?.state === "pending"
        ? `${formatPrice(done.refund.amount)} to refund on order ${done.order.number}. ${WAITING_FOR_PROVIDER}: the order is cancelled once it has given the money back.`
        : done.refund
          ? `Order ${done.order.number} cancelled: ${formatPrice(done.refund.amount)} refunded to the customer's card.`
          : `Order ${done.order.number} cancelled.`,
    );
  }

  const which = intent === "refund" ? REFUND : PREVIEW;
  const step = intent === "refund" ? "refund" : "preview";
  const { body, boxOf } = refundBody(form);
  const parsed = which.body?.safeParse(body);
  if (parsed && !parsed.success) {
    return failed(step, 422, {
      errors: onFormFields(fieldErrors(parsed.error), boxOf),
      values,
    });
  }
  const result = await run(which, parsed?.data);
  if (isRefusal(result)) {
    const [status, shown] = formRefusal(result);
    return failed(step, status, {
      ...shown,
      ...(shown.errors ? { errors: onFormFields(shown.errors, boxOf) } : {}),
      values,
    });
  }
  if (step === "preview") {
    return { intent: "preview", preview: result as RefundAmounts, values } as const;
  }
  const done = result as RefundResult;
  const amount = formatPrice(done.refund?.amount ?? 0);
  return finished(
    args,
    done.refund?.state === "pending"
      ? `${amount} to refund on order ${done.order.number}. ${WAITING_FOR_PROVIDER}.`
      : `${amount} refunded on order ${done.order.number}.`,
  );
}

function formRefusal(refusal: Parameters<typeof refusalAsFormErrors>[0]) {
  const { status, message, errors } = refusalAsFormErrors(refusal);
  return [status, { message, errors }] as const;
}

function failed(
  intent: "preview" | "refund" | "cancel",
  status: number,
  shown: { message?: string; errors?: FieldErrors; values?: RefundFormValues },
  values?: RefundFormValues,
) {
  const errorCount = Object.keys(shown.errors ?? {}).length;
  const message =
    shown.message ??
    (errorCount > 0 ? "Check the fields marked below: nothing was refunded." : undefined);
  return data({ intent, ...shown, message, values: shown.values ?? values ?? {} }, { status });
}

/** Back to the screen, with what was done said once (303, so a reload does not post again). */
function finished(args: Args, body: string) {
  const secure = args.context.get(appContext).config.secure;
  return redirect(args.url.pathname, {
    status: 303,
    headers: { "Set-Cookie": flashCookie([{ type: "SUCCESS", body }], secure) },
  });
}
