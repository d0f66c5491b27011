import { data, type RouterContextProvider } from "react-router";
import { formValuesOf } from "../../common/form-codecs";
import type { FieldErrors } from "../../common/refusal";
import { SegmentForm, SegmentRulesForm } from "../../common/segment-forms";
import type { SegmentPreview } from "../../common/segments-admin";
import { brandRoutes } from "../../server/catalog/staff-api.ts";
import { previewSegmentRoute, segmentRoutes } from "../../server/segments/api.ts";
import { listAll, resourceScreens } from "./admin-resource.server";
import { readForm, runFormRoute } from "./form-route.server";
import { movedRow, rowsChanged } from "./form-rows.server";
import { MEMBER_COUNT_INTENT } from "./segment-intents";

/** The rule a new rule row starts as. */
const NEW_RULE = "marketing-consent";

/** The intent of a rule row's "Remove" button: `remove-rule:2` removes the third. */
const REMOVE_RULE = "remove-rule:";

/** A new segment's form: one rule to start from. */
export const newSegmentValues = () =>
  formValuesOf(SegmentForm, { rules: [{ type: NEW_RULE, consent: true }] });

export const segmentScreens = resourceScreens({
  routes: segmentRoutes,
  path: "/admin/segments",
  noun: "segment",
  plural: "segments",
  label: (segment) => segment.title,
  form: SegmentForm,
});

/** The bands a "bought from a band" rule can name. */
export async function bandOptions(context: Readonly<RouterContextProvider>) {
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
export async function ruleBuilderAction({
  request,
  context,
}: Parameters<typeof segmentScreens.edit>[0]) {
  const form = await readForm(request.clone());
  const intent = String(form.get("intent") ?? "");
  const adding = intent === "add-rule";
  const removing = intent.startsWith(REMOVE_RULE);
  if (!adding && !removing && intent !== MEMBER_COUNT_INTENT) return undefined;
  const type = String(form.get("newRuleType") || NEW_RULE);
  const values = rowsChanged(form, "rules", (rules) => {
    if (adding) return [...rules, { type }];
    return removing ? movedRow(rules, Number(intent.slice(REMOVE_RULE.length)), "remove") : rules;
  });
  if (adding || removing) return data<RuleBuilderData>({ intent: "save", values });
  const result = await runFormRoute(previewSegmentRoute, request, context, {
    area: "staff",
    codec: SegmentRulesForm,
  });
  if (!result.ok) {
    const { errors, message, status } = result;
    return data<RuleBuilderData>({ intent: "save", values, errors, message }, { status });
  }
  const { count, sample } = result.value;
  return data<RuleBuilderData>({ intent: "save", values, count, sample });
}
