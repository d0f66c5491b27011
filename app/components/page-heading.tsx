import type { ReactNode } from "react";

/** A screen's heading, its one-line introduction, and any words of the team's below them. */
export function PageHeading({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <header className="mb-8 border-b border-line pb-6">
      <h1 className="font-display text-4xl tracking-tight sm:text-5xl">{title}</h1>
      {intro && <p className="mt-3 max-w-2xl text-lg text-muted">{intro}</p>}
      {children}
    </header>
  );
}
