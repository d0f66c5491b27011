import { useState } from "react";
import { SelectField, TextField } from "../ui/form";
import { SlugField } from "./counted-field";
import { Swatch } from "./product-cells";
import { useField } from "./resource-form";
import { Card } from "./screen-header";

const DISPLAYS = [
  { id: "buttons", title: "Buttons (S, M, L)" },
  { id: "swatches", title: "Colour swatches" },
] as const;

/** An attribute type's fields: its name, address, how the shop shows its values, and its place. */
export function AttributeTypeFields({ isNew }: { isNew: boolean }) {
  return (
    <Card title="Attribute type">
      <TextField
        {...useField("title")}
        label="Name"
        hint="What shoppers choose, e.g. Size, Colour, Format."
        required
        maxLength={60}
      />
      <SlugField
        isNew={isNew}
        hint={
          isNew
            ? "Used in filters' addresses and SKU patterns ({size}). Leave it empty to make one from the name."
            : "Used in filters' addresses and SKU patterns ({size}). Leave it empty to keep it."
        }
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          {...useField("display")}
          label="Shown as"
          options={DISPLAYS}
          hint="How the product page offers its values."
        />
        <TextField
          {...useField("position")}
          label="Position"
          inputMode="numeric"
          hint="Lower comes first (Size before Colour). Empty: at the end."
        />
      </div>
    </Card>
  );
}

/** An attribute's fields: its type (when new), name, address, swatch colour and place. */
export function AttributeFields({
  types,
  typeTitle,
}: {
  /** The types a new value may belong to; an existing value keeps its type. */
  types?: Array<{ id: number; title: string }>;
  typeTitle?: string;
}) {
  const typeField = useField("attributeTypeId");
  return (
    <Card title="Attribute">
      {types ? (
        <SelectField
          {...typeField}
          label="Attribute type"
          placeholder="Choose a type"
          options={types.map((type) => ({ id: String(type.id), title: type.title }))}
          hint="A value belongs to one type for good: M is a size, Black a colour."
        />
      ) : (
        <p className="text-sm">
          <span className="font-semibold">Attribute type:</span> {typeTitle}
        </p>
      )}
      <TextField
        {...useField("title")}
        label="Name"
        hint="What shoppers see, e.g. M, Black, 2LP."
        required
        maxLength={60}
      />
      <SlugField
        isNew={false}
        hint="Used in filters' addresses and SKUs. Leave it empty to make one from the name (or keep it)."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SwatchField />
        <TextField
          {...useField("position")}
          label="Position"
          inputMode="numeric"
          hint="Lower comes first (S before M). Empty: at the end."
        />
      </div>
    </Card>
  );
}

/**
 * The swatch colour as `#rrggbb` text, with a native colour picker beside it kept in step both
 * ways. The text field is the value posted (so the form works without JavaScript); the picker
 * has no `name`, so it only ever edits the text.
 */
function SwatchField() {
  const { defaultValue, ...swatchField } = useField("swatch");
  const [swatch, setSwatch] = useState(defaultValue);
  const valid = /^#[0-9a-fA-F]{6}$/.test(swatch.trim()) ? swatch.trim().toLowerCase() : null;
  return (
    <div className="flex items-end gap-3">
      <TextField
        {...swatchField}
        label="Swatch colour"
        hint="For colour swatches: #rrggbb, e.g. #141414. Empty for none."
        placeholder="#141414"
        autoCapitalize="none"
        spellCheck={false}
        className="flex-1"
        value={swatch}
        onChange={(event) => setSwatch(event.currentTarget.value)}
      />
      <input
        type="color"
        aria-label="Pick the swatch colour"
        // A colour input always holds a colour: black stands in until the text is one.
        value={valid ?? "#000000"}
        onChange={(event) => setSwatch(event.currentTarget.value)}
        className="mb-3 h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-zinc-400 bg-white p-1"
      />
      <span className="mb-3">
        <Swatch colour={valid} size={32} />
      </span>
    </div>
  );
}
