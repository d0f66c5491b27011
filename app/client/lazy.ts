import { type ComponentType, lazy } from "react";
import { loadChunk } from "./chunk-reload";

/**
 * A component whose code is fetched the first time it renders, not with the page (issue 17:
 * nothing but the first paint rides on the page's own scripts). A chunk that fails to load goes
 * through the reload guard and renders nothing, rather than replacing the page with an error.
 */
export function lazyComponent<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return lazy(async () => ({ default: (await loadChunk(load)) ?? renderNothing }));
}

function renderNothing() {
  return null;
}
