/** The performance mark set when hydration begins, so a trace (or a test) can place it. */
export const HYDRATION_MARK = "encore:hydration";

type PaintingWindow = Pick<Window, "requestAnimationFrame" | "setTimeout"> & {
  document: Pick<Document, "visibilityState" | "addEventListener" | "removeEventListener">;
  PerformanceObserver?: Pick<typeof PerformanceObserver, "supportedEntryTypes"> &
    (new (
      callback: PerformanceObserverCallback,
    ) => Pick<PerformanceObserver, "observe" | "disconnect">);
};

/**
 * Runs `task` once, after the browser has painted the page it has (issue 16): fetching and
 * running the page's scripts before the first frame holds that frame back, so a phone shows
 * nothing until they have run. The task goes in a task of its own once the browser reports the
 * first contentful paint (or, without paint timing, after the next frame).
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
  // The first contentful paint's entry comes once that frame is on screen, which on a busy
  // phone can be some frames after the frame callbacks that led to it.
  const Observer = view.PerformanceObserver;
  if (Observer?.supportedEntryTypes?.includes("paint")) {
    const observer = new Observer((entries) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      view.setTimeout(runOnce, 0);
    });
    observer.observe({ type: "paint", buffered: true });
    return;
  }
  // A frame callback runs just before that frame paints; a timer set in it runs after the paint.
  view.requestAnimationFrame(() => view.setTimeout(runOnce, 0));
}
