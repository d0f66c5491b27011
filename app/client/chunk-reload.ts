import { type ClientInstrumentation, type DataRouteObject, matchRoutes } from "react-router";
import { alertsStore, pushAlert } from "./alerts";
import { reportClientError } from "./report-error";

/**
 * behaviour.md §9: after a failed chunk load, at most one full reload per 10 s for the same path.
 */
export const RELOAD_GUARD_MS = 10_000;
const STORAGE_KEY = "encore:chunk-reloads";
const CHUNK_FAILED_NOTICE =
  "Part of this page could not load. Please check your connection and try again.";

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

/**
 * Loads the page again for a failed chunk unless the guard says no; then tells the shopper. The
 * page is the current one, or `opening`, the one a navigation was about to show.
 */
export function reloadAfterChunkFailure(error: unknown, opening?: URL): void {
  reportClientError("chunk-load", error);
  if (claimChunkReload((opening ?? window.location).pathname, window.sessionStorage)) {
    if (opening) window.location.assign(opening.href);
    else window.location.reload();
    return;
  }
  // One failure can arrive twice (Vite's preload event, then the import itself): one notice.
  if (alertsStore.get().some((alert) => alert.body === CHUNK_FAILED_NOTICE)) return;
  pushAlert("ERROR", CHUNK_FAILED_NOTICE, 0);
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

/** What React Router's hydrated router leaves on `window` (framework mode). */
type RouterGlobals = {
  __reactRouterDataRouter?: { routes: DataRouteObject[] };
  __reactRouterManifest?: { routes: Record<string, { module: string } | undefined> };
  __reactRouterRouteModules?: Record<string, unknown>;
};

/**
 * Loads the modules of the routes `url` leads to that this page has not loaded yet (as far as
 * React Router knows the routes); rejects when one cannot be loaded. React Router then finds
 * them loaded, instead of failing to load them itself and reloading the page being left.
 */
export async function loadRouteModules(url: URL): Promise<void> {
  const globals = window as unknown as RouterGlobals;
  const routes = globals.__reactRouterDataRouter?.routes;
  const manifest = globals.__reactRouterManifest?.routes;
  if (!routes || !manifest) return;
  const loaded = globals.__reactRouterRouteModules ?? {};
  const modules = (matchRoutes(routes, url.pathname) ?? []).flatMap(({ route }) => {
    const module = manifest[route.id]?.module;
    return module && !(route.id in loaded) ? [module] : [];
  });
  await Promise.all(modules.map((module) => import(/* @vite-ignore */ module)));
}

/**
 * behaviour.md §4 for client-side navigations. React Router loads a route's module once a
 * navigation has begun and, when that fails, reloads the page being left, unguarded (decision
 * 0003). So each navigation first loads the modules of the page it opens: when one fails, the guard
 * loads that page in full (at most once per 10 s for its path) or says it could not load, and the
 * navigation never starts. Back and forward need nothing: the address is already the page being
 * opened.
 */
export const chunkReloadInstrumentation: ClientInstrumentation = {
  router({ instrument }) {
    instrument({
      async navigate(navigate, { to }) {
        if (typeof to === "string") {
          const opening = new URL(to, window.location.href);
          try {
            await loadRouteModules(opening);
          } catch (error) {
            reloadAfterChunkFailure(error, opening);
            // Never settles, so React Router never starts the navigation (and its reload).
            await new Promise<never>(() => {});
          }
        }
        await navigate();
      },
    });
  },
};
