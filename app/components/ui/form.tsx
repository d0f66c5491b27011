import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from "react";
import { useEffect, useId, useRef } from "react";
import type { FieldErrors } from "../../../common/refusal";
import { Button } from "./button";

type FieldProps = {
  name: string;
  /**
   * The control's id, when something links to it (an error summary's `#anchor`); otherwise one
   * is made up.
   */
  id?: string;
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
function useFieldIds(
  hint: string | undefined,
  errors: string[] | undefined,
  given: string | undefined,
) {
  const made = useId();
  const id = given ?? made;
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
  id: given,
  label,
  hint,
  errors,
  className,
  children,
}: Omit<FieldProps, "label"> & {
  label: ReactNode;
  children: (control: ControlProps) => ReactNode;
}) {
  const { id, hintId, errorId, aria } = useFieldIds(hint, errors, given);
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
  id,
  label,
  hint,
  errors,
  className,
  ...input
}: FieldProps & Own<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field {...{ name, id, label, hint, errors, className }}>
      {(control) => <input {...control} {...input} />}
    </Field>
  );
}

/** A labelled multi-line text box. */
export function TextAreaField({
  name,
  id,
  label,
  hint,
  errors,
  className,
  ...textarea
}: FieldProps & Own<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field {...{ name, id, label, hint, errors, className }}>
      {(control) => <textarea {...control} {...textarea} />}
    </Field>
  );
}

/** A labelled drop-down of `options`. */
export function SelectField({
  name,
  id,
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
    <Field {...{ name, id, label, hint, errors, className }}>
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
  id,
  label,
  hint,
  errors,
  className,
  ...input
}: FieldProps & Own<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field
      {...{ name, id, hint, errors, className }}
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
  id: given,
  label,
  hint,
  errors,
  className,
  ...checkbox
}: FieldProps & Own<Omit<InputHTMLAttributes<HTMLInputElement>, "type">>) {
  const { id, hintId, errorId, aria } = useFieldIds(hint, errors, given);
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

/** The id an error summary links to for the field `name` (`shippingAddress.postcode`). */
export const fieldAnchor = (name: string) => `field-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;

/**
 * What went wrong with a submitted form, where the eye is (GOV.UK's error summary): a heading,
 * the form's message, and each field's problem as a link to that field. It takes focus (which
 * scrolls it into view) each time `shown` changes, i.e. after every failed submit, so a phone
 * scrolled down to the button sees it and a screen reader reads it.
 */
export function ErrorSummary({
  message,
  errors,
  labels,
  shown,
}: {
  message?: string;
  errors: FieldErrors;
  /** The fields' labels, and where a problem without a field of its own is best seen. */
  labels: Readonly<Record<string, { label: string; anchor?: string }>>;
  /** Changes with each failed submit (its answer): the summary takes focus again. */
  shown: unknown;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  const problems = Object.entries(errors).filter(([, messages]) => messages.length > 0);
  const headingId = useId();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={headingId}
      className="scroll-mt-4 rounded-lg border-l-4 border-error bg-white px-4 py-3 focus:outline-3 focus:outline-offset-2 focus:outline-ink"
    >
      <h2 id={headingId} className="font-bold text-error">
        There is a problem
      </h2>
      {message && <p className="mt-1 font-medium">{message}</p>}
      {problems.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {problems.map(([name, messages]) => {
            const field = labels[name];
            return (
              <li key={name}>
                <a
                  href={`#${field?.anchor ?? fieldAnchor(name)}`}
                  className="font-medium text-error underline"
                  onClick={(event) => {
                    // A fragment link scrolls but need not move focus: the field takes it.
                    const target = document.getElementById(field?.anchor ?? fieldAnchor(name));
                    if (!target) return;
                    event.preventDefault();
                    target.focus();
                    target.scrollIntoView({ block: "center" });
                  }}
                >
                  {field ? `${field.label}: ` : ""}
                  {messages.join(" ")}
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** A form's own message (e.g. 'Please check your details and try again.'), announced at once. */
export function FormMessage({
  type,
  id,
  ref,
  children,
}: {
  type: "error" | "success";
  /** For the controls it speaks of (`aria-describedby`). */
  id?: string;
  /** For moving focus to the message (a refusal inside a dialog); it can then take focus. */
  ref?: Ref<HTMLParagraphElement>;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      ref={ref}
      tabIndex={ref ? -1 : undefined}
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
