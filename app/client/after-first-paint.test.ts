import { describe, expect, it } from "vitest";
import { afterFirstPaint } from "./after-first-paint";

/** A window whose frames and timers run only when the test says so. */
function fakeWindow(visibilityState: DocumentVisibilityState) {
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const listeners = new Set<() => void>();
  const view = {
    requestAnimationFrame: (callback: FrameRequestCallback) => frames.push(() => callback(0)),
    setTimeout: (callback: () => void) => timers.push(callback),
    document: {
      visibilityState,
      addEventListener: (_type: string, listener: () => void) => void listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => void listeners.delete(listener),
    },
  };
  const runAll = (queue: Array<() => void>) => {
    for (const callback of queue.splice(0)) callback();
  };
  return {
    view: view as unknown as Parameters<typeof afterFirstPaint>[1],
    paintFrame: () => runAll(frames),
    runTimers: () => runAll(timers),
    hide() {
      view.document.visibilityState = "hidden";
      for (const listener of [...listeners]) listener();
    },
    listeners,
  };
}

describe("afterFirstPaint", () => {
  it("runs the task in a task of its own after the next frame, not before", () => {
    const browser = fakeWindow("visible");
    let runs = 0;
    afterFirstPaint(() => runs++, browser.view);
    expect(runs).toBe(0);
    browser.runTimers();
    expect(runs).toBe(0);
    // The frame callback itself runs before the paint: the task waits for the timer it sets.
    browser.paintFrame();
    expect(runs).toBe(0);
    browser.runTimers();
    expect(runs).toBe(1);
  });

  it("runs at once in a hidden tab, which paints no frames", () => {
    const browser = fakeWindow("hidden");
    let runs = 0;
    afterFirstPaint(() => runs++, browser.view);
    expect(runs).toBe(1);
  });

  it("runs when the tab is hidden before its first frame, and only once", () => {
    const browser = fakeWindow("visible");
    let runs = 0;
    afterFirstPaint(() => runs++, browser.view);
    browser.hide();
    expect(runs).toBe(1);
    browser.paintFrame();
    browser.runTimers();
    expect(runs).toBe(1);
    expect(browser.listeners.size).toBe(0);
  });

  it("stops listening for the tab being hidden once it has run", () => {
    const browser = fakeWindow("visible");
    let runs = 0;
    afterFirstPaint(() => runs++, browser.view);
    browser.paintFrame();
    browser.runTimers();
    browser.hide();
    expect(runs).toBe(1);
    expect(browser.listeners.size).toBe(0);
  });

  it("waits for the first contentful paint's entry where the browser reports paints", () => {
    const browser = fakeWindow("visible");
    let report: PerformanceObserverCallback = () => {};
    const observing: unknown[] = [];
    let disconnected = false;
    const entries = (...names: string[]) =>
      ({
        getEntriesByName: (name: string) => names.filter((entry) => entry === name),
      }) as unknown as PerformanceObserverEntryList;
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: PerformanceObserverCallback) {
        report = callback;
      }
      observe(options: unknown) {
        observing.push(options);
      }
      disconnect() {
        disconnected = true;
      }
    }
    const view = { ...browser.view, PerformanceObserver: FakeObserver } as unknown as Parameters<
      typeof afterFirstPaint
    >[1];
    let runs = 0;
    afterFirstPaint(() => runs++, view);
    expect(observing).toEqual([{ type: "paint", buffered: true }]);
    // Frames alone do not do: the paint must have been reported.
    browser.paintFrame();
    browser.runTimers();
    report(entries("first-paint"), {} as PerformanceObserver);
    browser.runTimers();
    expect(runs).toBe(0);
    report(entries("first-contentful-paint"), {} as PerformanceObserver);
    expect(disconnected).toBe(true);
    expect(runs).toBe(0);
    browser.runTimers();
    expect(runs).toBe(1);
  });
});
