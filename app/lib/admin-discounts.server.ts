import { data } from "react-router";
import {
  BatchForm,
  BatchWithRulesForm,
  DiscountForm,
  NEW_DISCOUNT,
} from "../../common/discount-forms";
import type { DiscountEdit } from "../../common/discounts-admin";
import { decodeForm, formValuesOf } from "../../common/form-codecs";
import {
  discountBatchRoute,
  discountRoutes,
  endDiscountRoute,
  generateDiscountsRoute,
} from "../../server/discounts/staff-api.ts";
import { segmentOptions } from "../../server/segments/options.ts";
import {
  callRoute,
  failedAction,
  mayCall,
  notAllowed,
  redirectWithFlash,
  resourceScreens,
  type ScreenArgs,
  type ScreenContext,
} from "./admin-resource.server";
import { appContext } from "./app-context.server";
import { readForm, runFormRoute } from "./form-route.server";
import { requireId } from "./route-params";

/** A discount's rules as its form's fields hold them; a new code's are a percentage, for everyone. */
export function discountValues(record?: DiscountEdit): Record<string, string> {
  return formValuesOf(DiscountForm, record ?? NEW_DISCOUNT);
}

/** The generate form's fields: 500 codes, sharing a new code's rules. */
export const blankBatch = () =>
  formValuesOf(BatchWithRulesForm, { count: 500, copyFrom: null, rules: NEW_DISCOUNT });

/** The discount codes' screens (issue 15): the staff API's `discounts` resource, as /admin/discounts. */
export const discountScreens = resourceScreens({
  routes: discountRoutes,
  path: "/admin/discounts",
  noun: "discount",
  plural: "discounts",
  label: (discount) => discount.code,
  form: DiscountForm,
});

/** The segments a code can be limited to, for the form's select. */
export async function segmentChoices(context: ScreenContext) {
  const segments = await segmentOptions(context.get(appContext).db);
  return segments.map((segment) => ({ id: String(segment.id), title: segment.title }));
}

/** The question before ending a code, as a page without JavaScript is answered it. */
export type EndActionData = { intent: "confirm-end" };

/**
 * The edit page's "End now": ends the code, back to its page with a message. Ending cannot be
 * undone, so it asks first (issue 30): without JavaScript the first post (`intent=confirm-end`)
 * answers the page with the question open, and only `intent=end` ends it.
 */
export async function endNow(args: ScreenArgs) {
  const id = requireId(args);
  const intent = (await readForm(args.request.clone())).get("intent");
  if (intent !== "end") {
    if (!mayCall(endDiscountRoute, args.context))
      return notAllowed("bulk", "You may not end codes.");
    return data<EndActionData>({ intent: "confirm-end" });
  }
  const result = await runFormRoute(endDiscountRoute, args.request, args.context, {
    area: "staff",
    body: () => ({ id }),
  });
  if (!result.ok) return failedAction(result, "bulk");
  return redirectWithFlash(
    args.context,
    `/admin/discounts/${id}`,
    `Ended ${result.value.code}: nobody can use it from now on.`,
  );
}

/** Whether this staff member may end codes and generate batches (all staff may). */
export const mayGenerate = (context: ScreenContext) => mayCall(generateDiscountsRoute, context);

/** The generate form's action: the batch, then its page with the CSV download. */
export async function generate({ request, context }: Pick<ScreenArgs, "request" | "context">) {
  if (!mayGenerate(context)) return notAllowed("save", "You may not generate codes.");
  // A batch that copies another code's rules has no rules of its own to read.
  const copies = decodeForm(BatchForm, await readForm(request.clone())).body.copyFrom;
  const result = await runFormRoute(generateDiscountsRoute, request, context, {
    area: "staff",
    codec: copies ? BatchForm : BatchWithRulesForm,
    body: (_form, { copyFrom, ...batch }) => (copyFrom ? { ...batch, copyFrom } : batch),
  });
  if (!result.ok) return failedAction(result, "save");
  return redirectWithFlash(
    context,
    `/admin/discounts/batches/${result.value.id}`,
    `Made ${result.value.count.toLocaleString("en-GB")} codes for “${result.value.title}”.`,
  );
}

/** A batch's page: its rules, usage and a few codes. */
export function batchScreen(args: Pick<ScreenArgs, "url" | "context" | "params">) {
  const id = requireId(args);
  return callRoute(discountBatchRoute, args.context, { params: { id } });
}
