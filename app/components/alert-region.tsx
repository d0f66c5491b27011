import { createPortal } from "react-dom";
import { type AlertType, alertHostStore, alertsStore, dismissAlert } from "../client/alerts";
import { useStore } from "../client/store";

const styles: Record<AlertType, string> = {
  SUCCESS: "border-success bg-white text-success",
  ERROR: "border-error bg-white text-error",
  WARNING: "border-warning bg-white text-warning",
};
const labels: Record<AlertType, string> = {
  SUCCESS: "Success",
  ERROR: "Error",
  WARNING: "Warning",
};

function AlertList() {
  const alerts = useStore(alertsStore);
  return alerts.map((alert) => (
    <div
      key={alert.key}
      role={alert.type === "ERROR" ? "alert" : "status"}
      data-alert-type={alert.type}
      className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border-l-4 px-4 py-3 shadow-lg ${styles[alert.type]}`}
    >
      <p className="flex-1 text-sm font-medium text-ink">
        <span className="sr-only">{labels[alert.type]}: </span>
        {alert.body}
      </p>
      <button
        type="button"
        onClick={() => dismissAlert(alert.key)}
        className="rounded px-1 text-lg leading-none text-muted hover:text-ink"
        aria-label="Dismiss notification"
      >
        ×
      </button>
    </div>
  ));
}

/**
 * The live region where alerts appear; screen readers hear each one as it arrives. Toasts stand
 * at the foot of the screen, above any bar there (`--bottom-bar-height`), clear of the header's
 * navigation and search; while a modal dialog is open they show in its own area instead.
 */
export function AlertRegion() {
  const host = useStore(alertHostStore);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--bottom-bar-height,0px)+0.75rem)] z-(--z-toast) flex flex-col items-center gap-2 px-4 sm:items-end sm:px-6"
    >
      {host ? createPortal(<AlertList />, host) : <AlertList />}
    </section>
  );
}

/**
 * A modal dialog's own notifications area: while the dialog is open, alerts show here, where
 * they can be read and dismissed (the page behind a modal is inert).
 */
export function DialogAlerts({ ref }: { ref: React.Ref<HTMLElement> }) {
  return (
    <section
      ref={ref}
      aria-label="Notifications"
      aria-live="polite"
      className="flex flex-col gap-2 px-5 pt-3 empty:pt-0"
    />
  );
}
