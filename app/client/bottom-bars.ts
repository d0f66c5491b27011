import { type RefObject, useEffect } from "react";

const heights = new Map<symbol, number>();

function publish(): void {
  const tallest = Math.max(0, ...heights.values());
  document.documentElement.style.setProperty("--bottom-bar-height", `${tallest}px`);
}

/**
 * Declares `ref`'s element a bar fixed or stuck to the foot of the screen (the cookie banner, the
 * phone checkout bar): while it shows, `--bottom-bar-height` holds the tallest such bar, and the
 * toasts stand on top of it instead of covering its buttons.
 */
export function useBottomBar(ref: RefObject<HTMLElement | null>, shown = true): void {
  useEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    const key = Symbol("bottom bar");
    const observer = new ResizeObserver(() => {
      heights.set(key, element.offsetHeight);
      publish();
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      heights.delete(key);
      publish();
    };
  }, [ref, shown]);
}
