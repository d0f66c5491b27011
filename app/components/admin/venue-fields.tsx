import { formatCount } from "../../../common/numbers";
import { MAX_VENUE_CAPACITY } from "../../../common/venues";
import { TextField } from "../ui/form";
import { useField } from "./resource-form";
import { Card } from "./screen-header";

/** A venue's fields: its name and town, and its postcode and capacity when known. */
export function VenueFields() {
  return (
    <Card title="Venue">
      <TextField
        {...useField("name")}
        label="Name"
        hint="As fans know it, e.g. The Harbour Rooms."
        required
        maxLength={120}
        autoComplete="off"
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          {...useField("city")}
          label="Town or city"
          required
          maxLength={80}
          autoComplete="off"
        />
        <TextField
          {...useField("postcode")}
          label="Postcode"
          hint="A UK postcode, like LS6 1NH. Optional."
          maxLength={16}
          autoComplete="off"
          autoCapitalize="characters"
          className="sm:max-w-48"
        />
      </div>
      <TextField
        {...useField("capacity")}
        label="Capacity"
        hint={`How many people it holds, up to ${formatCount(MAX_VENUE_CAPACITY)}. Optional.`}
        inputMode="numeric"
        autoComplete="off"
        className="sm:max-w-48"
      />
    </Card>
  );
}
