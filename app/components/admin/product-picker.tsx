import { type KeyboardEvent, useEffect, useId, useState } from "react";
import type { StaffProductItem } from "../../../common/catalog-admin";
import type { Page } from "../../../common/pagination";
import { apiGet } from "../../lib/api-client";
import type { RowView } from "./ordered-list";

const RESULTS = 10;

/** How a list row shows a product found here, as the page's own rows show it. */
const viewOf = (product: StaffProductItem): RowView => ({
  title: product.title,
  imageUrl: product.imageUrl,
  note: `No. ${product.id} · ${product.brand.title} · ${product.status}`,
  href: `/admin/products/${product.id}`,
});

/**
 * "Find a product": a search box over the staff products list (title, slug or SKU) whose results
 * are a listbox (the ARIA combobox pattern): the arrow keys move through them, Enter adds the
 * active one at the end of the list, Escape closes them. It reads the API from the browser, so
 * it shows once scripts run; the number box beside it stays the way in without JavaScript.
 */
export function ProductPicker({
  onPick,
  chosen,
}: {
  onPick: (id: string, view: RowView) => void;
  /** The products in the list already: shown as such, and not added twice. */
  chosen: Set<string>;
}) {
  const id = useId();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<StaffProductItem[] | null>(null);
  const [active, setActive] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setResults(null);
      return;
    }
    let current = true;
    const timer = setTimeout(() => {
      apiGet<Page<StaffProductItem>>("staff", "/products", { q, perPage: RESULTS })
        .then((answer) => {
          if (!current) return;
          setFailed(false);
          setResults(answer.data);
          setActive(0);
        })
        .catch(() => current && setFailed(true));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);

  const found = results ?? [];
  const open = found.length > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  const pick = (product: StaffProductItem | undefined) => {
    if (!product || chosen.has(String(product.id))) return;
    onPick(String(product.id), viewOf(product));
    setQuery("");
    setResults(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // The picker sits inside the collection's form: Enter here must not save it.
    if (event.key === "Enter") {
      event.preventDefault();
      if (open) pick(found[active]);
    } else if (event.key === "ArrowDown" && open) {
      event.preventDefault();
      setActive((active + 1) % found.length);
    } else if (event.key === "ArrowUp" && open) {
      event.preventDefault();
      setActive((active - 1 + found.length) % found.length);
    } else if (event.key === "Escape" && results !== null) {
      event.preventDefault();
      setResults(null);
    }
  };
  const status = failed
    ? "The products could not be searched."
    : results === null
      ? ""
      : results.length === 0
        ? "No product matches."
        : `${results.length} product${results.length === 1 ? "" : "s"} found: arrow keys to choose, Enter to add.`;

  return (
    <div className="relative basis-full">
      <label htmlFor={`${id}-q`} className="block text-sm font-semibold">
        Find a product
      </label>
      <input
        id={`${id}-q`}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}-results`}
        aria-activedescendant={open ? optionId(active) : undefined}
        aria-describedby={`${id}-hint`}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        className="mt-1 block w-full max-w-md rounded-lg border border-zinc-400 bg-white px-3 py-2 text-base"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        By title or SKU; the product is added at the end.
      </p>
      <div
        id={`${id}-results`}
        role="listbox"
        aria-label="Products found"
        hidden={!open}
        className="absolute z-10 mt-1 max-h-80 w-full max-w-md overflow-auto rounded-lg bg-white py-1 shadow-lg ring-1 ring-line"
      >
        {found.map((product, index) => {
          const inList = chosen.has(String(product.id));
          return (
            <div
              key={product.id}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              aria-disabled={inList || undefined}
              // Chosen on the press, so focus stays in the search box, as the pattern wants.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(product);
              }}
              onMouseEnter={() => setActive(index)}
              className={`flex cursor-pointer items-center gap-3 px-3 py-2 text-sm aria-selected:bg-zinc-100 ${
                inList ? "cursor-default" : ""
              }`}
            >
              {product.imageUrl ? (
                <img
                  src={product.imageUrl}
                  alt=""
                  width={32}
                  height={32}
                  className="h-8 w-8 shrink-0 rounded bg-zinc-100 object-cover"
                />
              ) : (
                <span aria-hidden="true" className="h-8 w-8 shrink-0 rounded bg-zinc-100" />
              )}
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{product.title}</span>
                <span className="block text-xs text-muted">
                  No. {product.id} · {product.brand.title} · {product.status}
                  {inList ? " · in the list already" : ""}
                </span>
              </span>
            </div>
          );
        })}
      </div>
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}
