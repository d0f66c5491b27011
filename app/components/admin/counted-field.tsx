import { useState } from "react";
import { TextAreaField, TextField } from "../ui/form";
import { useField } from "./resource-form";
import { Card } from "./screen-header";

type Props = {
  name: string;
  label: string;
  hint: string;
  /** What search engines (or the shop) show; past it the count turns amber. */
  advised: number;
  /** The most the field takes (the server refuses more). */
  max: number;
  multiline?: boolean;
};

/**
 * A text field of a resource form with a character count under it, for texts that are cut
 * short elsewhere (search results' titles and descriptions). The count is plain text, not read
 * out at each key press; the hint says the limit.
 */
export function CountedField({ name, label, hint, advised, max, multiline = false }: Props) {
  const field = useField(name);
  const [length, setLength] = useState(field.defaultValue.length);
  const over = length > advised;
  const common = {
    ...field,
    label,
    hint,
    maxLength: max,
    onInput: (event: { currentTarget: { value: string } }) =>
      setLength(event.currentTarget.value.length),
  };
  return (
    <div>
      {multiline ? <TextAreaField {...common} rows={3} /> : <TextField {...common} />}
      <p className={`mt-1 text-right text-xs tabular-nums ${over ? "text-warning" : "text-muted"}`}>
        {length} of {advised} characters
      </p>
    </div>
  );
}

/**
 * The "Search engines" card of a page staff edit: its title and description as search results
 * show them, each with its count. `description` says whose page it is and what fills an empty one.
 */
export function SearchEngineCard({ description }: { description: string }) {
  return (
    <Card title="Search engines" description={description}>
      <CountedField
        name="seoTitle"
        label="Page title"
        hint="Search engines show about 60 characters."
        advised={60}
        max={70}
      />
      <CountedField
        name="seoDescription"
        label="Description"
        hint="Search engines show about 155 characters."
        advised={155}
        max={160}
        multiline
      />
    </Card>
  );
}

/**
 * The slug of a record with its own page. `address` shows where it lives (`/bands/slug`); an
 * explicit `hint` replaces the address wording for records without a page (attributes).
 */
export function SlugField({
  isNew,
  address,
  noun,
  from = "title",
  hint,
}: {
  isNew: boolean;
  address?: string;
  noun?: string;
  /** The field an empty slug is made from. */
  from?: string;
  hint?: string;
}) {
  const where = `The ${noun}'s address: ${address}.`;
  return (
    <TextField
      {...useField("slug")}
      label="Slug"
      hint={
        hint ??
        (isNew
          ? `${where} Leave it empty to make one from the ${from}.`
          : `${where} Changing it breaks links to the old address; leave it empty to keep it.`)
      }
      maxLength={80}
      autoCapitalize="none"
      spellCheck={false}
    />
  );
}
