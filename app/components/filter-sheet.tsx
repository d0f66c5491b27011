import * as RadixDialog from "@radix-ui/react-dialog";
import { type ReactNode, useState } from "react";
import { type CountedTotal, matchCount, productCount } from "../lib/listing-filters";
import { AppLink } from "./ui/app-link";
import { Button, buttonClasses } from "./ui/button";

type Props = {
  /** How many products the chosen filters match now: the sheet's way back says so. */
  count: CountedTotal;
  /** How many filters are chosen, shown on the button that opens the sheet. */
  chosen: number;
  /** The listing with every filter taken away. */
  clearTo: string;
  children: ReactNode;
};

const resultsLabel = (count: CountedTotal) =>
  count.total === 1 && !count.totalIsCapped ? "Show 1 result" : `Show ${matchCount(count)} results`;

/**
 * A phone's filters: a "Filter and sort" button opens them in a modal sheet (Radix: focus moves
 * in and is trapped, Escape closes, focus returns to the button, the page behind is hidden from
 * screen readers). Each change applies at once behind it, so the sheet's last button shows the
 * live count and closes it.
 */
export function FilterSheet({ count, chosen, clearTo, children }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger asChild>
        <Button variant="secondary" className="w-full">
          Filter and sort
          {chosen > 0 && (
            <span className="rounded-full bg-ink px-2 text-sm text-white">
              {chosen}
              <span className="sr-only"> chosen</span>
            </span>
          )}
        </Button>
      </RadixDialog.Trigger>
      <RadixDialog.Overlay className="fixed inset-0 z-(--z-dialog) bg-ink/60" />
      <RadixDialog.Content
        aria-describedby={undefined}
        className="fixed inset-y-0 left-0 z-(--z-dialog) flex w-full max-w-sm flex-col bg-paper text-ink shadow-2xl"
      >
        <header className="flex items-center justify-between border-b border-line px-5 py-3">
          <RadixDialog.Title className="font-display text-xl">Filter and sort</RadixDialog.Title>
          <RadixDialog.Close
            className="rounded-full p-2 text-2xl leading-none hover:bg-zinc-200"
            aria-label="Close filters"
          >
            ×
          </RadixDialog.Close>
        </header>
        <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
        <footer className="flex items-center gap-4 border-t border-line px-5 py-3">
          <AppLink
            to={clearTo}
            replace
            preventScrollReset
            className="text-sm font-semibold underline"
          >
            Clear all
          </AppLink>
          <RadixDialog.Close className={`${buttonClasses()} flex-1`}>
            {resultsLabel(count)}
          </RadixDialog.Close>
          <p role="status" className="sr-only">
            {productCount(count)}
          </p>
        </footer>
      </RadixDialog.Content>
    </RadixDialog.Root>
  );
}
