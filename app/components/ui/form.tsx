import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { useId } from "react";

type FieldProps = {
  name: string;
  label: string;
  hint?: string;
  /** The server's (or the browser's) messages for this field. */
  errors?: string[];
  className?: string;
};

type ControlProps = {
  id: string;
  name: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
  className: string;
};

const CONTROL =
  "mt-1 block w-full rounded-lg border border-zinc-400 bg-white px-3 py-2.5 text-base aria-[invalid=true]:border-error";

/** A label, hint and errors around one control, tied to it for screen readers. */
function Field({
  name,
  label,
  hint,
  errors,
  className,
  children,
}: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {children({
        id,
        name,
        "aria-invalid": errorId ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
        className: CONTROL,
      })}
      {errorId && (
        <p id={errorId} className="mt-1 text-sm font-medium text-error">
          {errors?.join(" ")}
        </p>
      )}
    </div>
  );
}

type Own<T> = Omit<T, "id" | "name" | "className">;

/** A labelled input. */
export function TextField({
  name,
  label,
  hint,
  errors,
  className,
  ...input
}: FieldProps & Own<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field {...{ name, label, hint, errors, className }}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField({
  name,
  label,
  hint,
  errors,
  className,
  ...textarea
}: FieldProps & Own<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field {...{ name, label, hint, errors, className }}>
      {(control) => <textarea {...control} {...textarea} />}
    </Field>
  );
}

/** A labelled drop-down of `options`. */
export function SelectField({
  name,
  label,
  hint,
  errors,
  className,
  options,
  placeholder,
  ...select
}: FieldProps &
  Own<SelectHTMLAttributes<HTMLSelectElement>> & {
    options: ReadonlyArray<{ id: string; title: string }>;
    placeholder?: string;
  }) {
  return (
    <Field {...{ name, label, hint, errors, className }}>
      {(control) => (
        <select {...control} {...select}>
          {placeholder && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A form's own message (e.g. 'Please check your details and try again.'), announced at once. */
export function FormMessage({
  type,
  children,
}: {
  type: "error" | "success";
  children: ReactNode;
}) {
  return (
    <p
      role={type === "error" ? "alert" : "status"}
      className={`rounded-lg border-l-4 bg-white px-4 py-3 font-medium ${
        type === "error" ? "border-error text-error" : "border-success text-success"
      }`}
    >
      {children}
    </p>
  );
}

/** The form's main button; says what is happening while the form is being sent. */
export function SubmitButton({
  children,
  busy,
  busyLabel,
}: {
  children: ReactNode;
  busy?: boolean;
  busyLabel?: string;
}) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="w-full rounded-full bg-ink px-6 py-3 font-bold text-white hover:bg-accent disabled:opacity-70"
    >
      {busy ? (busyLabel ?? "Please wait…") : children}
    </button>
  );
}
