/** The performance mark set when hydration begins, so a trace (or a test) can place it. */
export const HYDRATION_MARK = "encore:hydration";

type PaintingWindow = Pick<Window, "requestAnimationFrame" | "setTimeout"> & {
  document: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
};

/**
 * Runs `task` once, after the browser has painted the page it has (issue 16): fetching and
 * running the page's scripts before the first frame holds that frame back, so a phone shows
 * nothing until they have run. The task goes in a task of its own after the next frame.
 * A hidden tab (background, prerendering) paints no frames and runs no frame callbacks, so there
 * it runs at once, as it does when the tab is hidden before that frame.
 * The page's inline loader is written from this function's source text
 * (app/lib/deferred-scripts.server.ts): it may name nothing outside itself.
 */
export function afterFirstPaint(task: () => void, view: PaintingWindow = window): void {
  let done = false;
  const runOnce = () => {
    if (done) return;
    done = true;
    view.document.removeEventListener("visibilitychange", runWhenHidden);
    task();
  };
  const runWhenHidden = () => {
    if (view.document.visibilityState === "hidden") runOnce();
  };
  if (view.document.visibilityState === "hidden") {
    runOnce();
    return;
  }
  view.document.addEventListener("visibilitychange", runWhenHidden);
  // A frame callback runs just before that frame paints; a timer set in it runs after the paint.
  view.requestAnimationFrame(() => view.setTimeout(runOnce, 0));
}
