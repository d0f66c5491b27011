import type { ReactNode } from "react";
import { AppLink } from "../ui/app-link";
import { buttonClasses } from "../ui/button";

/**
 * A page made to be printed (packing slip, VAT invoice): a sheet of paper on screen, with a way
 * back and a print button that only the screen shows. The back office's header and navigation
 * are hidden in print (`print:hidden` in the admin layout), so only the sheet is printed.
 */
export function PrintableSheet({
  back,
  children,
}: {
  back: { to: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <AppLink to={back.to} className="text-sm font-semibold text-muted hover:text-ink">
          <span aria-hidden="true">←</span> {back.label}
        </AppLink>
        <PrintButton />
      </div>
      <article className="mx-auto max-w-3xl rounded-xl bg-white p-8 text-ink shadow-sm ring-1 ring-line print:max-w-none print:rounded-none print:p-0 print:shadow-none print:ring-0">
        {children}
      </article>
    </div>
  );
}

/** Opens the browser's print dialogue (a script-only control; the page prints without it too). */
function PrintButton() {
  return (
    <button type="button" className={buttonClasses("primary", "sm")} onClick={() => window.print()}>
      Print
    </button>
  );
}
