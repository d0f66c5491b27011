import { billingModelTypeChoices, billingPeriodChoices } from "../../../common/billing";
import { SelectField, TextField } from "../ui/form";
import { useField } from "./resource-form";
import { Card } from "./screen-header";

/** A billing model's fields: its name, how products on it are sold, and a membership's period. */
export function BillingModelFields() {
  return (
    <Card title="Billing model">
      <TextField
        {...useField("title")}
        label="Name"
        hint="What staff choose on a product's form, e.g. Pre-order, Fan club (yearly)."
        required
        maxLength={80}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          {...useField("type")}
          label="Type"
          options={billingModelTypeChoices()}
          hint="A pre-order is charged now and sent from the product's release date; a membership renews."
        />
        <SelectField
          {...useField("period")}
          label="Renews"
          placeholder="Does not renew"
          options={billingPeriodChoices()}
          hint="A membership only: how often the payment provider renews it."
        />
      </div>
    </Card>
  );
}
