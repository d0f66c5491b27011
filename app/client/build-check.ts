import { markNewBuild, newBuildAvailable } from "./build-status";

export const CHECK_INTERVAL_MS = 5 * 60 * 1000;

async function checkLatest(currentId: string): Promise<void> {
  try {
    // behaviour.md §7: the poll carries a timestamp query so no cache answers it.
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: "no-store" });
    if (!response.ok) return;
    const latest = (await response.json()) as { id?: unknown };
    if (typeof latest.id === "string" && latest.id !== currentId) markNewBuild();
  } catch {
    // Offline or restarting: the next check will tell.
  }
}

/**
 * Polls /builds/latest.json now, then on an interval and whenever the tab becomes visible.
 * This module is loaded lazily 1 s after the page (behaviour.md §9), so the first poll is that
 * late.
 */
export function startBuildCheck(currentId: string, intervalMs = CHECK_INTERVAL_MS): () => void {
  const check = () => {
    if (!newBuildAvailable()) void checkLatest(currentId);
  };
  const onVisible = () => {
    if (document.visibilityState === "visible") check();
  };
  check();
  const interval = setInterval(check, intervalMs);
  document.addEventListener("visibilitychange", onVisible);
  return () => {
    clearInterval(interval);
    document.removeEventListener("visibilitychange", onVisible);
  };
}
