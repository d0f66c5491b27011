import { useState } from "react";
import { TextAreaField, TextField } from "../ui/form";
import { useField } from "./resource-form";

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
