import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { AppLink } from "../ui/app-link";
import { Button, buttonClasses } from "../ui/button";
import { FormMessage } from "../ui/form";
import { DeleteControl } from "./delete-control";
import type { AdminActionData } from "./screen-types";
import { UnsavedChangesGuard } from "./unsaved-changes";

type Fields = { values: Record<string, string>; errors: Record<string, string[]> };

const FieldsContext = createContext<Fields>({ values: {}, errors: {} });
const MarkDirtyContext = createContext<() => void>(() => {});
const FieldPrefixContext = createContext("");

/**
 * Fields that sit under one name of the body (issue 30: a field's name is its body path): a
 * batch's rules are a code's rule fields, named `rules.value`, `rules.scope`…
 */
export function FieldGroup({ name, children }: { name: string; children: ReactNode }) {
  const outer = useContext(FieldPrefixContext);
  return (
    <FieldPrefixContext.Provider value={outer ? `${outer}.${name}` : name}>
      {children}
    </FieldPrefixContext.Provider>
  );
}

/** A field's full name: its body path, under the `FieldGroup` it sits in. */
export function useFieldName(name: string): string {
  const prefix = useContext(FieldPrefixContext);
  return prefix ? `${prefix}.${name}` : name;
}

/**
 * The props that tie a field of the UI kit to its resource form: its name, what it holds (the
 * record's value, or what was typed when a save failed) and the errors beside it. Spread it:
 * `<TextField {...useField("title")} label="Title" />`.
 */
export function useField(field: string) {
  const name = useFieldName(field);
  const { values, errors } = useContext(FieldsContext);
  return { name, defaultValue: values[name] ?? "", errors: errors[name] };
}

/** `useField` for a tick box: ticked when the record (or the failed save) says so. */
export function useCheckboxField(field: string) {
  const name = useFieldName(field);
  const { values, errors } = useContext(FieldsContext);
  return { name, defaultChecked: values[name] === "true", errors: errors[name] };
}

/** What a field holds when the form is drawn, for parts that show it (a counter, a preview). */
export function useFieldValue(field: string): string {
  const name = useFieldName(field);
  return useContext(FieldsContext).values[name] ?? "";
}

/**
 * Every field's value and errors, for parts of a form that hold rows of fields (a grid of
 * variants, a list in order) and find theirs by a prefix (`media.0.fileId`, `media.1.fileId`).
 */
export function useFormFields(): Readonly<Fields> {
  return useContext(FieldsContext);
}

/**
 * Marks the form as changed for a change that fires no `change` event (rows moved in the
 * browser), so "Unsaved changes" shows and leaving asks first.
 */
export function useMarkDirty(): () => void {
  return useContext(MarkDirtyContext);
}

type Props = {
  /** The form's accessible name, e.g. "Band details". */
  label: string;
  /** The record's fields as text (the loader's `values`). */
  values: Record<string, string>;
  /** The action's answer, when a save or a delete did not go through. */
  result: AdminActionData | undefined;
  /** The list this record belongs to: Cancel goes there. */
  listPath: string;
  /** The edit form only: when the record was opened, sent back so a colleague's save is a 409. */
  updatedAt?: string;
  submitLabel: string;
  /** The edit form, for admins: deleting the record, asking first. */
  destroy?: { label: string; title: string; description: ReactNode; confirmLabel: string };
  /** The form's fields, in cards; `aside` goes beside them on wide screens. */
  children: ReactNode;
  aside?: ReactNode;
};

/**
 * A staff resource's new or edit form (decision 0014). It posts to its own page, whose action
 * runs the resource's store or update route: a refused save comes back with the message above
 * the form, each field's errors beside it and what was typed kept, with or without JavaScript.
 * The edit form carries the `updatedAt` it was opened with (a stale save is a 409 and shows its
 * message), warns before its unsaved changes are lost, and offers admins a delete that asks first.
 */
export function ResourceForm({
  label,
  values,
  result,
  listPath,
  updatedAt,
  submitLabel,
  destroy,
  children,
  aside,
}: Props) {
  const navigation = useNavigation();
  const location = useLocation();
  const submitting =
    navigation.state === "submitting" && navigation.formAction?.startsWith(location.pathname);
  const intent = navigation.formData?.get("intent");
  // The save posts no intent; a delete, or another control's intent on the page, is not a save.
  const saving = submitting && (!intent || intent === "save");
  const saveFailed = result?.intent === "save";
  const fields: Fields = {
    values: saveFailed && result.values ? result.values : values,
    errors: saveFailed ? (result.errors ?? {}) : {},
  };
  const [dirty, setDirty] = useState(false);
  const markDirty = useCallback(() => setDirty(true), []);
  // What a refused save kept is still not saved.
  useEffect(() => {
    if (result?.intent === "save") setDirty(true);
  }, [result]);

  const errorCount = Object.keys(fields.errors).length;
  // A refused delete is told in its dialog, rendered open (with or without JavaScript), where
  // the question was answered; a delete refused to someone without the control, above the form.
  const refusal = destroy && result?.intent === "delete" ? result.message : undefined;
  const message =
    (refusal ? undefined : result?.message) ??
    (errorCount > 0
      ? `Check the ${errorCount === 1 ? "field" : `${errorCount} fields`} marked below: nothing was saved.`
      : undefined);
  // After each refused save the message takes focus, so staff scrolled down to the button (on a
  // phone, the sticky bar) see it and a screen reader reads it (WCAG 2.2: 3.3.1, 2.4.3).
  const messageRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (result?.intent === "save") messageRef.current?.focus();
  }, [result]);
  const deleteFormId = `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-delete`;
  // A failed save sends back the `updatedAt` it was opened with, so saving again is still checked.
  const openedAt = (saveFailed && result.values?.updatedAt) || updatedAt;

  return (
    <>
      {message && (
        <div className="mb-6">
          <FormMessage type="error" ref={messageRef}>
            {message}
          </FormMessage>
        </div>
      )}
      <Form
        method="post"
        aria-label={label}
        noValidate
        onChange={() => setDirty(true)}
        onSubmit={() => setDirty(false)}
      >
        {openedAt && <input type="hidden" name="updatedAt" value={openedAt} />}
        <FieldsContext.Provider value={fields}>
          <MarkDirtyContext.Provider value={markDirty}>
            <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <div className="space-y-6">{children}</div>
              {aside && <div className="space-y-6">{aside}</div>}
            </div>
          </MarkDirtyContext.Provider>
        </FieldsContext.Provider>
        <div className="sticky bottom-0 z-10 mt-8 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-line bg-zinc-100/95 px-4 py-3 backdrop-blur sm:-mx-8 sm:px-8">
          {dirty && (
            <p className="mr-auto text-sm font-semibold text-warning" role="status">
              Unsaved changes
            </p>
          )}
          <AppLink to={listPath} className={buttonClasses("secondary", "sm")}>
            Cancel
          </AppLink>
          <Button type="submit" size="sm" pending={saving} pendingLabel="Saving…">
            {submitLabel}
          </Button>
        </div>
      </Form>
      {destroy && (
        <Form method="post" id={deleteFormId} className="mt-8">
          <div className="rounded-xl bg-white p-5 ring-1 ring-line">
            <h2 className="font-bold">Delete</h2>
            <p className="mt-1 text-sm text-muted">
              Deleting cannot be undone. The audit log keeps a record of it.
            </p>
            <div className="mt-4">
              <DeleteControl
                form={deleteFormId}
                label={destroy.label}
                title={destroy.title}
                description={destroy.description}
                confirmLabel={destroy.confirmLabel}
                confirming={result?.intent === "confirm-delete" || Boolean(refusal)}
                refusal={refusal}
                cancelTo={`${location.pathname}${location.search}`}
                pending={submitting && intent === "delete"}
              />
            </div>
          </div>
        </Form>
      )}
      <UnsavedChangesGuard dirty={dirty} />
    </>
  );
}
