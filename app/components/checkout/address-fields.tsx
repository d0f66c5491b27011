import { SelectField, TextField } from "../ui/form";

type Country = { code: string; name: string };
type Field = (name: string) => { name: string; defaultValue: string; errors?: string[] };

/**
 * One address of the checkout (delivery or billing), its fields named as the charge's body nests
 * them, e.g. `shippingAddress.postcode`, with the browser's autofill sections.
 */
export function AddressFields({
  prefix,
  field,
  countries,
}: {
  prefix: "shippingAddress" | "billingAddress";
  field: Field;
  countries: readonly Country[];
}) {
  // Autofill keeps a delivery and a billing address apart by these section names.
  const section = prefix === "shippingAddress" ? "shipping" : "billing";
  const at = (name: string) => field(`${prefix}.${name}`);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        {...at("fullName")}
        label="Full name"
        autoComplete={`${section} name`}
        className="sm:col-span-2"
      />
      <TextField
        {...at("line1")}
        label="Address line 1"
        autoComplete={`${section} address-line1`}
        className="sm:col-span-2"
      />
      <TextField
        {...at("line2")}
        label="Address line 2 (optional)"
        autoComplete={`${section} address-line2`}
        className="sm:col-span-2"
      />
      <TextField {...at("city")} label="Town or city" autoComplete={`${section} address-level2`} />
      <TextField
        {...at("county")}
        label="County (optional)"
        autoComplete={`${section} address-level1`}
      />
      <TextField {...at("postcode")} label="Postcode" autoComplete={`${section} postal-code`} />
      <SelectField
        {...at("country")}
        label="Country"
        autoComplete={`${section} country`}
        options={countries.map((country) => ({ id: country.code, title: country.name }))}
      />
      {prefix === "shippingAddress" && (
        <TextField
          {...at("phone")}
          label="Phone (optional)"
          type="tel"
          autoComplete={`${section} tel`}
          hint="Only for the courier, if they need it."
          className="sm:col-span-2"
        />
      )}
    </div>
  );
}
