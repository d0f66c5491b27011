import type {
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { useId } from "react";
import { Button } from "./button";

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

/** The ids that tie a control to its hint and errors, and the ARIA that says so. */
function useFieldIds(hint: string | undefined, errors: string[] | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return {
    id,
    hintId,
    errorId,
    aria: {
      "aria-invalid": errorId ? (true as const) : undefined,
      "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
    },
  };
}

function Hint({ id, children }: { id: string | undefined; children: ReactNode }) {
  return id ? (
    <p id={id} className="mt-1 text-sm text-muted">
      {children}
    </p>
  ) : null;
}

function Errors({ id, errors }: { id: string | undefined; errors: string[] | undefined }) {
  return id ? (
    <p id={id} className="mt-1 text-sm font-medium text-error">
      {errors?.join(" ")}
    </p>
  ) : null;
}

/** A label, hint and errors around one control, tied to it for screen readers. */
function Field({
  name,
  label,
  hint,
  errors,
  className,
  children,
}: Omit<FieldProps, "label"> & {
  label: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const { id, hintId, errorId, aria } = useFieldIds(hint, errors);
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-semibold">
        {label}
      </label>
      <Hint id={hintId}>{hint}</Hint>
      {children({ id, name, ...aria, className: CONTROL })}
      <Errors id={errorId} errors={errors} />
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

/**
 * An amount of money typed in pounds ("12.50") after a "£" sign; the server turns it into
 * pence, so a typed value is never rounded in the browser.
 */
export function MoneyField({
  name,
  label,
  hint,
  errors,
  className,
  ...input
}: FieldProps & Own<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field
      {...{ name, hint, errors, className }}
      label={
        <>
          {label}
          <span className="sr-only"> in pounds</span>
        </>
      }
    >
      {(control) => (
        <div className="relative">
          <span aria-hidden="true" className="absolute top-1/2 left-3 mt-0.5 -translate-y-1/2">
            £
          </span>
          <input
            {...control}
            className={`${control.className} pl-7`}
            inputMode="decimal"
            autoComplete="off"
            {...input}
          />
        </div>
      )}
    </Field>
  );
}

/** A labelled tick box, its label beside it (a yes/no setting such as "Published"). */
export function CheckboxField({
  name,
  label,
  hint,
  errors,
  className,
  ...checkbox
}: FieldProps & Own<Omit<InputHTMLAttributes<HTMLInputElement>, "type">>) {
  const { id, hintId, errorId, aria } = useFieldIds(hint, errors);
  return (
    <div className={`flex gap-3 ${className ?? ""}`.trim()}>
      <input
        id={id}
        name={name}
        type="checkbox"
        value="true"
        {...aria}
        className="mt-0.5 h-6 w-6 shrink-0 accent-ink"
        {...checkbox}
      />
      <div>
        <label htmlFor={id} className="font-semibold">
          {label}
        </label>
        <Hint id={hintId}>{hint}</Hint>
        <Errors id={errorId} errors={errors} />
      </div>
    </div>
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
    <Button
      type="submit"
      pending={busy}
      pendingLabel={busyLabel ?? "Please wait…"}
      className="w-full"
    >
      {children}
    </Button>
  );
}
