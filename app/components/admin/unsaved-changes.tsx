import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "../ui/dialog";

/**
 * Asks before leaving a form with changes that are not saved: the browser's own question for a
 * reload, a closed tab or another site (`beforeunload`), and ours for a move inside the back
 * office (React Router's `useBlocker`). The form's own submission stays on its page's path, so
 * it is never held up.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers want a value set to show their question.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // Confirming also closes the dialog, which must not then count as "stay".
  const leaving = useRef(false);
  useEffect(() => {
    if (blocker.state === "blocked") leaving.current = false;
  }, [blocker.state]);
  return (
    <ConfirmDialog
      open={blocker.state === "blocked"}
      onOpenChange={(open) => {
        if (!open && !leaving.current && blocker.state === "blocked") blocker.reset();
      }}
      title="Leave without saving?"
      description="Your changes on this page have not been saved. If you leave now, they are lost."
      cancelLabel="Stay on this page"
      confirmLabel="Leave without saving"
      onConfirm={() => {
        leaving.current = true;
        blocker.proceed?.();
      }}
    />
  );
}
