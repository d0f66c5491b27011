import { pushAlert } from "./alerts";
import { reportClientError } from "./report-error";

/** spec §9: after a failed chunk load, at most one full reload per 10 s for the same path. */
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = "encore:chunk-reloads";

type Clock = () => number;
type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

/**
 * Records a reload of `path` at `now` and says whether it may happen: false when the same path
 * was reloaded for a failed chunk less than 10 s ago (the reload did not help).
 */
export function claimChunkReload(
  path: string,
  storage: KeyValueStorage,
  now: Clock = Date.now,
): boolean {
  let reloads: Record<string, number> = {};
  try {
    reloads = JSON.parse(storage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
  } catch {
    reloads = {};
  }
  const last = reloads[path];
  const time = now();
  if (typeof last === "number" && time - last < RELOAD_GUARD_MS) return false;
  reloads[path] = time;
  storage.setItem(STORAGE_KEY, JSON.stringify(reloads));
  return true;
}

/** True for the errors browsers raise when a script chunk cannot be fetched or evaluated. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|module script|Unable to preload CSS/i.test(
    message,
  );
}

/** Reloads the page for a failed chunk unless the guard says no; then tells the shopper. */
export function reloadAfterChunkFailure(error: unknown): void {
  reportClientError("chunk-load", error);
  if (claimChunkReload(window.location.pathname, window.sessionStorage)) {
    window.location.reload();
    return;
  }
  pushAlert(
    "ERROR",
    "Part of this page could not load. Please check your connection and try again.",
    0,
  );
}

/** Loads a lazy chunk; a failure goes through the reload guard instead of breaking the page. */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T | undefined> {
  try {
    return await load();
  } catch (error) {
    reloadAfterChunkFailure(error);
    return undefined;
  }
}

/** Vite reports failed preloads of lazy chunks with this event. */
export function installChunkReloadGuard(): () => void {
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    reloadAfterChunkFailure((event as Event & { payload?: unknown }).payload);
  };
  window.addEventListener("vite:preloadError", onPreloadError);
  return () => window.removeEventListener("vite:preloadError", onPreloadError);
}
