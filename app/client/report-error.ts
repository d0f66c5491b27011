type Kind = "startup" | "chunk-load" | "render";

/** Logs a browser-side failure to the console and to the server log; never throws. */
export function reportClientError(kind: Kind, error: unknown): void {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 500) || kind;
  console.warn(`[encore] ${kind}: ${message}`);
  const body = JSON.stringify({ kind, message, path: window.location.pathname });
  fetch("/api/client-errors", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => {});
}
