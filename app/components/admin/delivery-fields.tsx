import { CheckboxField, MoneyField, SelectField, TextAreaField, TextField } from "../ui/form";
import { useCheckboxField, useField } from "./resource-form";
import { Card } from "./screen-header";

/** A delivery group's fields: its name, place in checkout, and the countries it serves. */
export function DeliveryGroupFields() {
  return (
    <Card title="Group">
      <TextField {...useField("title")} label="Name" hint="E.g. Europe." maxLength={80} required />
      <TextField
        {...useField("position")}
        label="Position"
        hint="Groups are listed from the lowest number."
        inputMode="numeric"
      />
      <TextAreaField
        {...useField("countries")}
        label="Countries"
        hint="Two-letter ISO codes, separated by commas: GB, GG, IM, JE. A country belongs to one group at most."
        rows={4}
        className="[&_textarea]:font-mono"
      />
      <CheckboxField
        {...useCheckboxField("moveCountries")}
        label="Move countries from other groups here"
        hint="Without this, a country another group serves is refused and named."
      />
    </Card>
  );
}

/** A delivery option's fields: its group, price, free-over threshold and estimate. */
export function DeliveryOptionFields({ groups }: { groups: Array<{ id: string; title: string }> }) {
  return (
    <>
      <Card title="Option">
        <SelectField
          {...useField("groupId")}
          label="Group"
          options={groups}
          placeholder="Choose a group"
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            {...useField("title")}
            label="Name"
            hint="What shoppers read, e.g. UK Standard."
            maxLength={80}
            required
          />
          <TextField
            {...useField("carrier")}
            label="Carrier"
            hint="E.g. Royal Mail Tracked 48."
            maxLength={60}
            required
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <MoneyField {...useField("price")} label="Price" hint="VAT included." required />
          <MoneyField
            {...useField("freeOver")}
            label="Free over"
            hint="Free when the goods come to this much. Leave empty for never."
          />
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            {...useField("estimatedDaysMin")}
            label="Fewest working days"
            inputMode="numeric"
            required
          />
          <TextField
            {...useField("estimatedDaysMax")}
            label="Most working days"
            inputMode="numeric"
            required
          />
        </div>
      </Card>
      <Card title="Availability">
        <CheckboxField
          {...useCheckboxField("active")}
          label="Active"
          hint="Inactive options are not offered at checkout; orders that named them keep them."
        />
        <CheckboxField {...useCheckboxField("servesBfpo")} label="Delivers to BFPO addresses" />
        <TextField
          {...useField("position")}
          label="Position"
          hint="Options are offered from the lowest number."
          inputMode="numeric"
        />
      </Card>
    </>
  );
}
