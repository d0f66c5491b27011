import { type ReactNode, useId } from "react";
import { AppLink } from "../ui/app-link";

/** A back-office screen's heading: where it sits (a link back up), its title, and its actions. */
export function ScreenHeader({
  title,
  intro,
  back,
  actions,
}: {
  title: ReactNode;
  intro?: ReactNode;
  /** The screen above this one, e.g. the list from a record's form. */
  back?: { to: string; label: string };
  /** Buttons on the heading's right, e.g. "Add band". */
  actions?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {back && (
          <AppLink
            to={back.to}
            className="mb-2 inline-flex min-h-6 items-center gap-1 text-sm font-semibold text-muted hover:text-ink"
          >
            <span aria-hidden="true">←</span> {back.label}
          </AppLink>
        )}
        <h1 className="font-display text-3xl tracking-tight break-words">{title}</h1>
        {intro && <p className="mt-1 max-w-2xl text-muted">{intro}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-3">{actions}</div>}
    </header>
  );
}

/** A link from a record's screen to its page on the shop, opened beside the back office. */
export function ShopLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className="font-semibold text-ink underline">
      View on the shop<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** A white card that groups part of a screen, with an optional heading. */
export function Card({
  title,
  description,
  children,
  className,
}: {
  title?: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={`rounded-xl bg-white p-5 shadow-sm ring-1 ring-line sm:p-6 ${className ?? ""}`.trim()}
    >
      {title && (
        <h2 id={id} className="text-base font-bold">
          {title}
        </h2>
      )}
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className={title || description ? "mt-4 space-y-5" : "space-y-5"}>{children}</div>
    </section>
  );
}
