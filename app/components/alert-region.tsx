import { type AlertType, alertsStore, dismissAlert } from "../client/alerts";
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

/** The one live region where alerts appear; screen readers hear each one as it arrives. */
export function AlertRegion() {
  const alerts = useStore(alertsStore);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-50 flex flex-col items-center gap-2 px-4"
    >
      {alerts.map((alert) => (
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
      ))}
    </section>
  );
}
