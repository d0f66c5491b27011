import type { ReactNode } from "react";

/**
 * Something wider than a phone (a table) that scrolls sideways inside itself, so the page never
 * does (WCAG 1.4.10). The region takes keyboard focus, so arrow keys scroll it (WCAG 2.1.1), and
 * is named by the heading or caption `labelledBy` points at.
 */
export function ScrollRegion({
  labelledBy,
  className = "",
  children,
}: {
  labelledBy: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
      tabIndex={0}
      className={`overflow-x-auto ${className}`}
    >
      {children}
    </section>
  );
}
