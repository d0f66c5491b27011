import { useEffect, useId, useRef } from "react";
import { Form } from "react-router";
import { AppLink } from "./app-link";
import { Button, buttonClasses } from "./button";
import { SelectField, TextField } from "./form";
import { listHref } from "./list-query";

export type Filter = {
  /** The query parameter, e.g. "status". */
  name: string;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** The choice that sets no filter, e.g. "All statuses". */
  anyLabel?: string;
};

type Props = {
  /** The list's path and query: the form sends to the path and shows the query's choices. */
  pathname: string;
  search: URLSearchParams;
  /** The search box's label, e.g. "Search products"; its parameter is `q`. */
  searchLabel: string;
  filters?: Filter[];
  /** Day fields (`<input type="date">`), e.g. the first and last day of a date range. */
  dates?: ReadonlyArray<{ name: string; label: string }>;
};

/** Whether a key press went to something that takes text, where "/" is typed, not a shortcut. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

/**
 * A list's search box and filters as one GET form: it changes the URL, so it works without
 * JavaScript and a filtered list can be bookmarked or shared. Other parameters (sort, perPage)
 * go along unchanged; the page goes back to 1. The filters in force are listed, each with a link
 * that removes it, and "Clear filters" removes them all.
 */
export function FilterBar({ pathname, search, searchLabel, filters = [], dates = [] }: Props) {
  const form = useRef<HTMLFormElement>(null);
  const activeId = useId();
  const names = new Set([
    "q",
    "page",
    ...filters.map((filter) => filter.name),
    ...dates.map((date) => date.name),
  ]);
  const kept = [...search].filter(([name]) => !names.has(name));
  const active = [
    ...(search.get("q") ? [{ name: "q", label: `Search: ${search.get("q")}` }] : []),
    ...filters.flatMap((filter) => {
      const value = search.get(filter.name);
      const option = filter.options.find((entry) => entry.value === value);
      return option ? [{ name: filter.name, label: `${filter.label}: ${option.label}` }] : [];
    }),
    ...dates.flatMap((date) => {
      const value = search.get(date.name);
      return value ? [{ name: date.name, label: `${date.label}: ${value}` }] : [];
    }),
  ];
  // Keyboard: "/" anywhere on the page (but in a text field) goes to the table's search box.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingIn(event.target)) return;
      const box = form.current?.querySelector<HTMLInputElement>('input[type="search"]');
      if (!box) return;
      event.preventDefault();
      box.focus();
      box.select();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  // The fields are uncontrolled, so the form works before hydration; when the URL changes some
  // other way (a removed filter, the back button), they follow it without losing focus.
  useEffect(() => {
    for (const element of Array.from(form.current?.elements ?? [])) {
      if (
        element instanceof HTMLInputElement &&
        (element.type === "search" || element.type === "date")
      )
        element.value = search.get(element.name) ?? "";
      else if (element instanceof HTMLSelectElement) element.value = search.get(element.name) ?? "";
    }
  }, [search]);
  return (
    <div className="space-y-3">
      <Form
        ref={form}
        method="get"
        action={pathname}
        role="search"
        aria-label={searchLabel}
        className="flex flex-wrap items-end gap-4"
      >
        {kept.map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <TextField
          name="q"
          label={searchLabel}
          type="search"
          defaultValue={search.get("q") ?? ""}
          className="w-full sm:w-72"
          aria-keyshortcuts="/"
        />
        {filters.map((filter) => (
          <SelectField
            key={filter.name}
            name={filter.name}
            label={filter.label}
            options={filter.options.map((option) => ({ id: option.value, title: option.label }))}
            placeholder={filter.anyLabel ?? "Any"}
            defaultValue={search.get(filter.name) ?? ""}
            className="w-full sm:w-48"
          />
        ))}
        {dates.map((date) => (
          <TextField
            key={date.name}
            name={date.name}
            label={date.label}
            type="date"
            defaultValue={search.get(date.name) ?? ""}
            className="w-full sm:w-44"
          />
        ))}
        <Button type="submit">Apply</Button>
      </Form>
      {active.length > 0 && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p id={activeId} className="font-semibold">
            Active filters:
          </p>
          <ul aria-labelledby={activeId} className="flex flex-wrap gap-2">
            {active.map((filter) => (
              <li key={filter.name}>
                <AppLink
                  to={listHref(pathname, search, { [filter.name]: null })}
                  className="inline-flex min-h-6 items-center gap-1 rounded-full border border-line bg-white px-3 py-1 hover:border-ink"
                >
                  <span className="sr-only">Remove filter </span>
                  {filter.label}
                  <span aria-hidden="true">×</span>
                </AppLink>
              </li>
            ))}
          </ul>
          <AppLink
            to={listHref(
              pathname,
              search,
              Object.fromEntries(active.map((filter) => [filter.name, null])),
            )}
            className={buttonClasses("link", "sm")}
          >
            Clear filters
          </AppLink>
        </div>
      )}
    </div>
  );
}
