import { data, type RouterContextProvider } from "react-router";
import type { DiscountEdit, DiscountTarget } from "../../common/discounts-admin";
import { londonInstant, londonLocal } from "../../common/london-time";
import { penceAsPounds, poundsToPence } from "../../common/money";
import type { FieldErrors } from "../../common/refusal";
import {
  discountBatchRoute,
  discountRoutes,
  endDiscountRoute,
  generateDiscountsRoute,
} from "../../server/discounts/staff-api.ts";
import { segmentOptions } from "../../server/segments/options.ts";
import type { AdminActionData } from "../components/admin/screen-types";
import {
  callRoute,
  type FormBody,
  failedAction,
  mayCall,
  redirectWithFlash,
  resourceScreens,
} from "./admin-resource.server";
import { appContext } from "./app-context.server";
import { BODY_READS_FIELDS } from "./form-fields.server";
import { readForm, runFormRoute } from "./form-route.server";
import { requireId } from "./route-params";

type Context = Readonly<RouterContextProvider>;

const MONEY = "Enter an amount in pounds, such as 5.00.";
const TIME = "Enter a date and time, such as 24/11/2026 09:00.";

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/** Pounds as pence; empty is `empty`; unreadable text goes as it is, for the schema to refuse. */
function money(typed: string | undefined, empty: null | undefined) {
  const pence = poundsToPence(typed);
  if (pence === undefined) return empty;
  return pence === null ? typed : pence;
}

/** A whole number, or null when empty; anything else as typed, for the schema to refuse. */
function count(typed: string | undefined) {
  const trimmed = (typed ?? "").trim();
  if (trimmed === "") return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** A London time as its instant; empty is `empty`; unreadable text as typed. */
function instant(typed: string | undefined, empty: null | undefined) {
  const trimmed = (typed ?? "").trim();
  if (trimmed === "") return empty;
  return londonInstant(trimmed) ?? trimmed;
}

/** The targets a form holds: the picker keeps them as JSON in one field, so a failed save keeps them. */
export function targetsOfForm(json: string | undefined): DiscountTarget[] {
  try {
    const parsed: unknown = JSON.parse(json || "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (target): target is DiscountTarget =>
        typeof target === "object" &&
        target !== null &&
        ["brand", "product", "collection"].includes(target.kind) &&
        Number.isInteger(target.id) &&
        typeof target.title === "string",
    );
  } catch {
    return [];
  }
}

/** The rules a discount form stands for, in the API's terms: pence, instants, ids. */
function rulesBody(form: FormData, isNew: boolean) {
  const unitType = text(form, "unitType") ?? "";
  const value = text(form, "value");
  const targets = targetsOfForm(text(form, "targets"));
  const ids = (kind: DiscountTarget["kind"]) =>
    targets.filter((target) => target.kind === kind).map((target) => target.id);
  const segment = (text(form, "segmentId") ?? "").trim();
  const startsAt = instant(text(form, "startsAt"), undefined);
  return {
    description: text(form, "description") ?? "",
    unitType,
    value: unitType === "fixed" ? money(value, undefined) : count(value),
    minSubtotal: money(text(form, "minSubtotal"), null),
    ...(startsAt === undefined && isNew ? {} : { startsAt }),
    endsAt: instant(text(form, "endsAt"), null),
    eligibleGroup: text(form, "eligibleGroup") ?? "everyone",
    segmentId: segment === "" ? null : /^\d{1,9}$/.test(segment) ? Number(segment) : segment,
    scope: text(form, "scope") ?? "basket",
    targets: {
      brandIds: ids("brand"),
      productIds: ids("product"),
      collectionIds: ids("collection"),
    },
  };
}

/** The API's errors in the form's terms: money in pounds, times on London's clock. */
function formErrors(form: FormData) {
  return (errors: FieldErrors): FieldErrors => {
    const placed: FieldErrors = {};
    for (const [path, messages] of Object.entries(errors)) {
      const field = path.replace(/^rules\./, "").split(".")[0] ?? path;
      const fixed = text(form, "unitType") === "fixed";
      const own =
        (field === "minSubtotal" || (field === "value" && fixed)) &&
        messages.some((message) => /pence|number/i.test(message))
          ? [MONEY]
          : (field === "startsAt" || field === "endsAt") &&
              messages.some((message) => message.startsWith("Enter a date"))
            ? [TIME]
            : messages;
      placed[field] = [...(placed[field] ?? []), ...own];
    }
    return placed;
  };
}

const discountBody = (form: FormData, isNew: boolean): FormBody => ({
  body: {
    code: text(form, "code") ?? "",
    ...rulesBody(form, isNew),
    usageLimit: count(text(form, "usageLimit")),
    perCustomerLimit: count(text(form, "perCustomerLimit")),
  },
  errorsAt: formErrors(form),
});

/** A discount's rules as its form's fields hold them: pounds, London times, targets as JSON. */
export function discountValues(record?: DiscountEdit): Record<string, string> {
  if (!record) {
    return {
      code: "",
      description: "",
      unitType: "percentage",
      value: "",
      minSubtotal: "",
      startsAt: "",
      endsAt: "",
      usageLimit: "",
      perCustomerLimit: "",
      eligibleGroup: "everyone",
      segmentId: "",
      scope: "basket",
      targets: "[]",
    };
  }
  return {
    code: record.code,
    description: record.description,
    unitType: record.unitType,
    value: record.unitType === "fixed" ? penceAsPounds(record.value) : String(record.value),
    minSubtotal: penceAsPounds(record.minSubtotal),
    startsAt: londonLocal(record.startsAt),
    endsAt: londonLocal(record.endsAt),
    usageLimit: record.usageLimit === null ? "" : String(record.usageLimit),
    perCustomerLimit: record.perCustomerLimit === null ? "" : String(record.perCustomerLimit),
    eligibleGroup: record.eligibleGroup,
    segmentId: record.segmentId === null ? "" : String(record.segmentId),
    scope: record.scope,
    targets: JSON.stringify(record.targets),
  };
}

/** The discount codes' screens (issue 15): the staff API's `discounts` resource, as /admin/discounts. */
export const discountScreens = resourceScreens({
  routes: discountRoutes,
  path: "/admin/discounts",
  noun: "discount",
  plural: "discounts",
  label: (discount) => discount.code,
  form: BODY_READS_FIELDS,
  body: (form, _decoded, isNew) => discountBody(form, isNew),
});

/** The segments a code can be limited to, for the form's select. */
export async function segmentChoices(context: Context) {
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
export async function endNow(args: {
  request: Request;
  url: URL;
  context: Context;
  params: Record<string, string | undefined>;
}) {
  const id = requireId(args);
  const intent = (await readForm(args.request.clone())).get("intent");
  if (intent !== "end") {
    if (!mayCall(endDiscountRoute, args.context)) {
      return data<AdminActionData>(
        { intent: "bulk", message: "You may not end codes." },
        { status: 403 },
      );
    }
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
export const mayGenerate = (context: Context) => mayCall(generateDiscountsRoute, context);

/** The generate form's action: the batch, then its page with the CSV download. */
export async function generate({ request, context }: { request: Request; context: Context }) {
  if (!mayGenerate(context)) {
    return data<AdminActionData>(
      { intent: "save", message: "You may not generate codes." },
      { status: 403 },
    );
  }
  let form: FormData | undefined;
  const result = await runFormRoute(generateDiscountsRoute, request, context, {
    area: "staff",
    body: (sent) => {
      form = sent;
      const copyFrom = (text(sent, "copyFrom") ?? "").trim();
      const howMany = (text(sent, "count") ?? "").trim();
      return {
        title: text(sent, "title") ?? "",
        prefix: text(sent, "prefix") ?? "",
        count: /^\d{1,6}$/.test(howMany.replaceAll(",", ""))
          ? Number(howMany.replaceAll(",", ""))
          : howMany,
        ...(copyFrom
          ? { copyFrom: /^\d{1,9}$/.test(copyFrom) ? Number(copyFrom) : copyFrom }
          : { rules: rulesBody(sent, true) }),
      };
    },
  });
  if (!result.ok) {
    return failedAction(
      form && result.errors ? { ...result, errors: formErrors(form)(result.errors) } : result,
      "save",
    );
  }
  return redirectWithFlash(
    context,
    `/admin/discounts/batches/${result.value.id}`,
    `Made ${result.value.count.toLocaleString("en-GB")} codes for “${result.value.title}”.`,
  );
}

/** A batch's page: its rules, usage and a few codes. */
export function batchScreen(args: {
  url: URL;
  context: Context;
  params: Record<string, string | undefined>;
}) {
  const id = requireId(args);
  return callRoute(discountBatchRoute, args.context, { params: { id } });
}
