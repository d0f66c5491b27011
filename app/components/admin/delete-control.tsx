import { type ReactNode, useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";

type Props = {
  /** The id of the form that carries what to delete (`id`, or the ticked `ids`). */
  form: string;
  /** The button that asks, e.g. "Delete band" or "Delete selected". */
  label: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The server asked to confirm (the no-JavaScript step): the dialog is rendered open. */
  confirming: boolean;
  /** Where Cancel goes when the server rendered the question: the page without it. */
  cancelTo: string;
  /** While the delete is being sent. */
  pending?: boolean;
  disabled?: boolean;
  /**
   * What the confirm button posts as `intent` (`delete` unless said); the button that asks posts
   * `confirm-{intent}`. For other actions that ask first, e.g. deactivating an account.
   */
  intent?: string;
  /** The buttons' look: `danger` for what cannot be undone, `primary` for what can. */
  variant?: "danger" | "primary";
  /**
   * The server's refusal of the confirmed action (a 409: "… has 3 products: move them …"),
   * shown in the dialog. A page that renders it open when refused passes `confirming` too, so
   * the refusal is read without JavaScript as well.
   */
  refusal?: string;
};

/**
 * A delete (or another `intent`) that asks first. With JavaScript the button opens the confirm
 * dialog, whose confirm button posts `intent=delete` with `form`. Without it the button posts
 * `intent=confirm-delete`, the server answers the page with the dialog open, and the same confirm
 * button deletes; Cancel is then a link back to the page.
 */
export function DeleteControl({
  form,
  label,
  title,
  description,
  confirmLabel,
  confirming,
  cancelTo,
  pending = false,
  disabled = false,
  intent = "delete",
  variant = "danger",
  refusal,
}: Props) {
  const [open, setOpen] = useState(false);
  // A refusal already read when the dialog is opened again is an answer to an earlier try.
  const [read, setRead] = useState<string>();
  useEffect(() => {
    if (pending) setRead(undefined);
  }, [pending]);
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open || confirming}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next && confirming)
          void navigate(cancelTo, { replace: true, preventScrollReset: true });
      }}
      trigger={
        <Button
          type="submit"
          form={form}
          name="intent"
          value={`confirm-${intent}`}
          variant={variant === "danger" ? "danger" : "secondary"}
          size="sm"
          disabled={disabled}
          onClick={(event) => {
            event.preventDefault();
            setRead(refusal);
            setOpen(true);
          }}
        >
          {label}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelTo={confirming ? cancelTo : undefined}
      pending={pending}
      refusal={refusal === read ? undefined : refusal}
      variant={variant}
      submit={{ form, name: "intent", value: intent }}
    />
  );
}
