import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { addDays } from "../../../../common/london-days";
import { AppLink } from "../../ui/app-link";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/form";

type Range = { from: string; to: string };

/** Ranges staff look at most, ending today. */
function presets(today: string) {
  return [
    { label: "7 days", range: { from: addDays(today, -6), to: today } },
    { label: "30 days", range: { from: addDays(today, -29), to: today } },
    { label: "90 days", range: { from: addDays(today, -89), to: today } },
    { label: "This month", range: { from: `${today.slice(0, 8)}01`, to: today } },
  ];
}

/**
 * The overview's range, held in its address (`?from=…&to=…`, London days) so it can be
 * reloaded and shared: a few presets as links, and two dates in a GET form, which works
 * without JavaScript.
 */
export function RangeControl({
  range,
  today,
  asked,
  errors,
}: {
  range: Range;
  today: string;
  asked: Partial<Range>;
  errors: Record<string, string[]>;
}) {
  const form = useRef<HTMLFormElement>(null);
  // The fields follow the address when it changes another way (a preset, back).
  useEffect(() => {
    for (const name of ["from", "to"] as const) {
      const field = form.current?.elements.namedItem(name);
      if (field instanceof HTMLInputElement) field.value = asked[name] ?? range[name];
    }
  }, [asked, range]);
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <nav aria-label="Preset ranges">
        <ul className="flex flex-wrap gap-1 rounded-2xl bg-white p-1 ring-1 ring-line">
          {presets(today).map(({ label, range: preset }) => {
            const current = preset.from === range.from && preset.to === range.to;
            return (
              <li key={label}>
                <AppLink
                  to={`?from=${preset.from}&to=${preset.to}`}
                  aria-current={current ? "true" : undefined}
                  className={`inline-flex min-h-9 items-center rounded-xl px-3 text-sm font-semibold ${
                    current ? "bg-ink text-white" : "text-ink hover:bg-zinc-100"
                  }`}
                >
                  {label}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form
        ref={form}
        method="get"
        aria-label="Date range"
        className="flex flex-wrap items-end gap-3"
      >
        <TextField
          type="date"
          name="from"
          label="From"
          defaultValue={asked.from ?? range.from}
          errors={errors.from}
          className="w-44"
        />
        <TextField
          type="date"
          name="to"
          label="To"
          defaultValue={asked.to ?? range.to}
          errors={errors.to}
          className="w-44"
        />
        <Button type="submit" variant="secondary" size="sm" className="mb-1.5">
          Show
        </Button>
      </Form>
    </div>
  );
}
