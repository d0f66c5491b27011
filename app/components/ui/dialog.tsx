import * as RadixDialog from "@radix-ui/react-dialog";
import {
  type ReactElement,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { AppLink } from "./app-link";
import { Button, buttonClasses } from "./button";
import { FormMessage } from "./form";

type DialogState = {
  /** Controlled: whether it is open (say, from the URL), with `onOpenChange` to follow. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The element that opens it (a `Button`); focus returns to it on closing. */
  trigger?: ReactElement;
};

type PanelProps = {
  title: ReactNode;
  description?: ReactNode;
  role?: "dialog" | "alertdialog";
  /** Where focus goes on opening, when not the first control (a refusal to read first). */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
};

/**
 * Radix's modal: focus moves in and is trapped, Escape closes, focus returns to the trigger, and
 * the rest of the page is hidden from screen readers. It renders in place rather than in a
 * portal, so the server can render it already open and a confirm button inside a `<form>`
 * submits that form.
 */
function Panel({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  role = "dialog",
  initialFocus,
  children,
}: DialogState & PanelProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Overlay className="fixed inset-0 z-(--z-dialog) bg-ink/60" />
      <RadixDialog.Content
        role={role}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        // An alert dialog wants an answer: a stray click beside it does not count as Cancel.
        onPointerDownOutside={
          role === "alertdialog" ? (event) => event.preventDefault() : undefined
        }
        onOpenAutoFocus={(event) => {
          if (!initialFocus?.current) return;
          event.preventDefault();
          initialFocus.current.focus();
        }}
        className="fixed top-1/2 left-1/2 z-(--z-dialog) max-h-[90dvh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 text-ink shadow-2xl"
      >
        <h2 id={titleId} className="font-display text-xl">
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className="mt-2 text-muted">
            {description}
          </div>
        )}
        {children}
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
}

/** A modal dialog with a title, an optional description, its content and a Close button. */
export function Dialog({ children, ...props }: DialogState & Omit<PanelProps, "role">) {
  return (
    <Panel {...props}>
      <div className="mt-4">{children}</div>
      <div className="mt-6 flex justify-end">
        <RadixDialog.Close asChild>
          <Button variant="secondary" size="sm">
            Close
          </Button>
        </RadixDialog.Close>
      </div>
    </Panel>
  );
}

type ConfirmDialogProps = DialogState & {
  title: string;
  description: ReactNode;
  /** Says what happens, e.g. "Delete product" rather than "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  /**
   * Makes Cancel a link to this address rather than a button: for a dialog the server rendered
   * open (a confirmation step without JavaScript), where Cancel must work before scripts run.
   */
  cancelTo?: string;
  variant?: "danger" | "primary";
  /** While the confirmed action is under way (e.g. the form is being sent). */
  pending?: boolean;
  /**
   * Why the action was refused when it was tried (a 409: the band still has products), shown
   * in the dialog as an alert with focus moved to it, so it is read where the question was
   * answered rather than hidden behind the dialog (WCAG 2.2 3.3.1, 2.4.3).
   */
  refusal?: string;
} & (
    | {
        /** Runs on confirm; the dialog then closes. */
        onConfirm: () => void;
        submit?: never;
      }
    | {
        /** The confirm button submits this form (by id) with `name=value`: the server acts. */
        submit: { form: string; name?: string; value?: string };
        onConfirm?: never;
      }
  );

/**
 * Asks before an action that cannot be undone: an alert dialog. Cancel comes first, so focus
 * starts there (Radix focuses the first control) and a stray Enter does nothing harmful.
 */
export function ConfirmDialog({
  open: openProp,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  cancelTo,
  variant = "danger",
  pending = false,
  refusal,
  onConfirm,
  submit,
}: ConfirmDialogProps) {
  const [openState, setOpenState] = useState(false);
  const open = openProp ?? openState;
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  const refusalRef = useRef<HTMLParagraphElement>(null);
  // A refusal that arrives while the dialog is open (the confirm button was pressed) takes focus;
  // one the dialog opens with takes it through `initialFocus`.
  useEffect(() => {
    if (open && refusal) refusalRef.current?.focus();
  }, [open, refusal]);
  return (
    <Panel
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      description={description}
      role="alertdialog"
      initialFocus={refusal ? refusalRef : undefined}
    >
      {refusal && (
        <div className="mt-4">
          <FormMessage type="error" ref={refusalRef}>
            {refusal}
          </FormMessage>
        </div>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <RadixDialog.Close asChild>
          {cancelTo ? (
            <AppLink
              to={cancelTo}
              replace
              preventScrollReset
              className={buttonClasses("secondary")}
            >
              {cancelLabel}
            </AppLink>
          ) : (
            <Button variant="secondary">{cancelLabel}</Button>
          )}
        </RadixDialog.Close>
        <Button
          variant={variant}
          pending={pending}
          {...(submit
            ? { type: "submit", form: submit.form, name: submit.name, value: submit.value }
            : {
                onClick: () => {
                  onConfirm?.();
                  setOpen(false);
                },
              })}
        >
          {confirmLabel}
        </Button>
      </div>
    </Panel>
  );
}
