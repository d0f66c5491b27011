import { DiscountRuleFields } from "../../../components/admin/discount-fields";
import { FieldGroup, ResourceForm, useField } from "../../../components/admin/resource-form";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import { TextField } from "../../../components/ui/form";
import { blankBatch, generate, segmentChoices } from "../../../lib/admin-discounts.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/generate";

export const meta = screenMeta("Generate codes", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = async ({ context }: Route.LoaderArgs) => ({
  values: blankBatch(),
  segments: await segmentChoices(context),
});

export const action = (args: Route.ActionArgs) => generate(args);

function BatchFields() {
  return (
    <Card
      title="Batch"
      description="Each code is used once, by one customer: for a band's mailing list or a competition."
    >
      <TextField
        {...useField("title")}
        label="Title"
        hint="For staff, e.g. “Static Gulls mailing list”."
        maxLength={120}
        required
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...useField("prefix")}
          label="Prefix"
          hint="Letters and digits: GULLS makes GULLS-7K3M-9QXT."
          maxLength={20}
          autoCapitalize="characters"
          spellCheck={false}
          required
          className="[&_input]:font-mono [&_input]:uppercase"
        />
        <TextField
          {...useField("count")}
          label="How many codes"
          hint="From 1 to 10,000."
          inputMode="numeric"
          required
        />
      </div>
      <TextField
        {...useField("copyFrom")}
        label="Copy the rules of discount number (optional)"
        hint="A discount's number from its address (/admin/discounts/12). When given, the rules below are not used."
        inputMode="numeric"
      />
    </Card>
  );
}

export default function GenerateCodes({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader title="Generate codes" back={{ to: "/admin/discounts", label: "Discounts" }} />
      <ResourceForm
        label="Batch of codes"
        values={loaderData.values}
        result={actionData}
        listPath="/admin/discounts"
        submitLabel="Generate codes"
      >
        <BatchFields />
        <FieldGroup name="rules">
          <DiscountRuleFields segments={loaderData.segments} limits={false} />
        </FieldGroup>
      </ResourceForm>
    </>
  );
}
