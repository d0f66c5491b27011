import { data, type RouterContextProvider } from "react-router";
import { penceAsPounds, poundsToPence } from "../../common/money";
import type { FieldErrors } from "../../common/refusal";
import type { SegmentRule } from "../../common/segments";
import type { SegmentEdit, SegmentPreview } from "../../common/segments-admin";
import { brandRoutes } from "../../server/catalog/staff-api.ts";
import { previewSegmentRoute, segmentRoutes } from "../../server/segments/api.ts";
import { type FormBody, listAll, resourceScreens } from "./admin-resource.server";
import { BODY_READS_FIELDS } from "./form-fields.server";
import { readForm, runFormRoute } from "./form-route.server";
import { MEMBER_COUNT_INTENT } from "./segment-intents";

type Context = Readonly<RouterContextProvider>;
type Args = {
  request: Request;
  url: URL;
  context: Context;
  params: Record<string, string | undefined>;
};

/** The rule a new rule row starts as. */
const NEW_RULE = "marketing-consent";

/** The form's rows, in order: the `ruleIndex` of each (rows keep their index when one goes). */
const rowIndexes = (form: FormData) =>
  form.getAll("ruleIndex").filter((index): index is string => /^\d{1,3}$/.test(String(index)));

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** One rule row of the form as the API's rule; wrong input is left for the API to name. */
function ruleOf(form: FormData, index: string): Record<string, unknown> {
  const field = (name: string) => text(form, `rules.${index}.${name}`);
  const type = field("type");
  const whole = (typed: string) => (/^\s*\d{1,10}\s*$/.test(typed) ? Number(typed) : typed);
  switch (type) {
    case "bought-from-band":
      return { type, brandId: whole(field("brandId")) };
    case "spent-over":
      return { type, amount: poundsToPence(field("amount")) ?? field("amount") };
    case "ordered-within":
      return { type, days: whole(field("days")) };
    case "signed-up-after":
      return { type, date: field("date") };
    case "marketing-consent":
      return { type, consent: field("consent") === "true" };
    default:
      return { type };
  }
}

/**
 * The body of the segment form: its name, description and rules. The API names a rule's errors
 * by its place in the list (`rules.1.amount`); the form's rows keep their own index, so each
 * error goes back beside its row's field.
 */
export function segmentBody(form: FormData): FormBody {
  const rows = rowIndexes(form);
  return {
    body: {
      title: text(form, "title"),
      description: text(form, "description"),
      rules: rows.map((index) => ruleOf(form, index)),
    },
    errorsAt: (errors: FieldErrors) =>
      Object.fromEntries(
        Object.entries(errors).map(([path, messages]) => {
          const match = /^rules\.(\d+)(\..*)?$/.exec(path);
          const row = match ? rows[Number(match[1])] : undefined;
          return [row === undefined ? path : `rules.${row}${match?.[2] ?? ""}`, messages];
        }),
      ),
  };
}

/** A segment as its form's fields hold it. */
export function segmentValues(segment?: Pick<SegmentEdit, "title" | "description" | "rules">) {
  const rules = segment?.rules ?? [{ type: NEW_RULE, consent: true } as SegmentRule];
  const values: Record<string, string> = {
    title: segment?.title ?? "",
    description: segment?.description ?? "",
    ruleIndexes: rules.map((_, index) => index).join(","),
  };
  rules.forEach((rule, index) => {
    const at = (name: string, value: string) => {
      values[`rules.${index}.${name}`] = value;
    };
    at("type", rule.type);
    if (rule.type === "bought-from-band") at("brandId", String(rule.brandId));
    if (rule.type === "spent-over") at("amount", penceAsPounds(rule.amount));
    if (rule.type === "ordered-within") at("days", String(rule.days));
    if (rule.type === "signed-up-after") at("date", rule.date);
    if (rule.type === "marketing-consent") at("consent", String(rule.consent));
  });
  return values;
}

export const segmentScreens = resourceScreens({
  routes: segmentRoutes,
  path: "/admin/segments",
  noun: "segment",
  plural: "segments",
  label: (segment) => segment.title,
  form: BODY_READS_FIELDS,
  body: (form) => segmentBody(form),
});

/** The bands a "bought from a band" rule can name. */
export async function bandOptions(context: Context) {
  const bands = await listAll(brandRoutes.list, context, { sort: "title" });
  return bands.map((band) => ({ id: String(band.id), title: band.title }));
}

/** What the rule builder's own buttons answer: the form as typed, and the members it holds. */
export type RuleBuilderData = {
  intent: "save";
  values: Record<string, string>;
  count?: number;
  sample?: SegmentPreview["sample"];
  errors?: FieldErrors;
  message?: string;
};

/**
 * The rule builder's buttons, before a save: "Count members" (the live count's question, asked
 * by the page as rules change, and the button without JavaScript), "Add rule" and "Remove"
 * (without JavaScript; with it, rows are added and removed in the page). Undefined for a save or
 * a delete, which the resource's own actions take.
 */
export async function ruleBuilderAction({ request, context }: Args) {
  const form = await readForm(request.clone());
  const intent = text(form, "intent");
  if (
    intent !== MEMBER_COUNT_INTENT &&
    intent !== "add-rule" &&
    !intent.startsWith("remove-rule:")
  ) {
    return undefined;
  }
  const values: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && name !== "intent" && name !== "ruleIndex")
      values[name] = value;
  }
  let rows = rowIndexes(form);
  if (intent === "add-rule") {
    const next = String(Math.max(-1, ...rows.map(Number)) + 1);
    rows = [...rows, next];
    values[`rules.${next}.type`] = text(form, "newRuleType") || NEW_RULE;
  }
  if (intent.startsWith("remove-rule:")) {
    const gone = intent.slice("remove-rule:".length);
    rows = rows.filter((index) => index !== gone);
  }
  values.ruleIndexes = rows.join(",");
  if (intent !== MEMBER_COUNT_INTENT) return data<RuleBuilderData>({ intent: "save", values });
  const made = segmentBody(form);
  const result = await runFormRoute(previewSegmentRoute, request, context, {
    area: "staff",
    body: () => ({ rules: made.body.rules }),
  });
  if (!result.ok) {
    return data<RuleBuilderData>(
      {
        intent: "save",
        values,
        errors: made.errorsAt?.(result.errors ?? {}) ?? result.errors,
        message: result.message,
      },
      { status: result.status },
    );
  }
  return data<RuleBuilderData>({
    intent: "save",
    values,
    count: result.value.count,
    sample: result.value.sample,
  });
}
