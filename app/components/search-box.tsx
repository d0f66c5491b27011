import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import type { SearchSuggestions } from "../../common/catalog";
import { formatPrice } from "../../common/money";
import { apiGet } from "../lib/api-client";
import { fileUrl } from "../lib/images";
import { matchCount } from "../lib/listing-filters";

const DEBOUNCE_MS = 150;

/** One thing the suggestions offer, in the order the arrow keys move through them. */
type Suggestion =
  | { kind: "band"; key: string; to: string; band: SearchSuggestions["bands"][number] }
  | { kind: "product"; key: string; to: string; product: SearchSuggestions["products"][number] }
  | { kind: "all"; key: string; to: string; found: SearchSuggestions };

/** The bands, the products and "see all results", as one list for the keyboard. */
function suggestionsOf(found: SearchSuggestions | undefined, typed: string): Suggestion[] {
  if (!found || (found.total === 0 && found.bands.length === 0)) return [];
  return [
    ...found.bands.map((band) => ({
      kind: "band" as const,
      key: `band-${band.id}`,
      to: `/bands/${band.slug}`,
      band,
    })),
    ...found.products.map((product) => ({
      kind: "product" as const,
      key: `product-${product.id}`,
      to: `/products/${product.slug}`,
      product,
    })),
    ...(found.total > 0
      ? [
          {
            kind: "all" as const,
            key: "all",
            to: `/products?${new URLSearchParams({ q: typed })}`,
            found,
          },
        ]
      : []),
  ];
}

/**
 * The header search: a plain GET form to /products (works without JavaScript), enhanced into an
 * ARIA combobox that suggests bands and products as you type, and every result; arrow keys move,
 * Enter opens, Esc closes.
 */
export function SearchBox() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [text, setText] = useState(params.get("q") ?? "");
  const [found, setFound] = useState<SearchSuggestions>();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const request = useRef(0);
  // Leaving the box closes the list a moment later (so a click on an option lands first); coming
  // back or typing before then cancels it, or the list would close under the fan's typing.
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const keepOpen = () => {
    clearTimeout(closing.current);
    setOpen(true);
  };
  useEffect(() => () => clearTimeout(closing.current), []);

  useEffect(() => {
    const term = text.trim();
    if (term.length < 2) {
      setFound(undefined);
      return;
    }
    const id = ++request.current;
    const timer = setTimeout(async () => {
      try {
        const answer = await apiGet<{ data: SearchSuggestions }>("default", "/search/suggestions", {
          q: term,
        });
        // Only the answer to the latest keystroke counts.
        if (id === request.current) {
          setFound(answer.data);
          setActive(-1);
        }
      } catch {
        if (id === request.current) setFound(undefined);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const suggestions = suggestionsOf(found, text.trim());
  const expanded = open && suggestions.length > 0;
  const choose = (suggestion: Suggestion) => {
    setOpen(false);
    navigate(suggestion.to);
  };
  const optionProps = (suggestion: Suggestion) => {
    const index = suggestions.indexOf(suggestion);
    return {
      id: `${listId}-${index}`,
      role: "option",
      tabIndex: -1,
      "aria-selected": index === active,
      onMouseDown: (event: React.MouseEvent) => {
        event.preventDefault();
        choose(suggestion);
      },
      className:
        "flex cursor-pointer items-center gap-3 px-3 py-2 aria-selected:bg-zinc-100 hover:bg-zinc-100",
    } as const;
  };
  const bands = suggestions.filter((suggestion) => suggestion.kind === "band");
  const products = suggestions.filter((suggestion) => suggestion.kind === "product");
  const all = suggestions.find((suggestion) => suggestion.kind === "all");
  return (
    <Form
      method="get"
      action="/products"
      role="search"
      className="relative w-full sm:w-72"
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor="site-search" className="sr-only">
        Search products and bands
      </label>
      <input
        id="site-search"
        name="q"
        type="search"
        value={text}
        placeholder="Search bands and merch"
        autoComplete="off"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          keepOpen();
        }}
        onFocus={keepOpen}
        onBlur={() => {
          closing.current = setTimeout(() => setOpen(false), 150);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && suggestions.length) {
            event.preventDefault();
            setOpen(true);
            setActive((index) => (index + 1) % suggestions.length);
          } else if (event.key === "ArrowUp" && suggestions.length) {
            event.preventDefault();
            setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
          } else if (event.key === "Escape" && expanded) {
            // First Escape closes the suggestions; only a second one clears the box (the browser's own).
            event.preventDefault();
            setOpen(false);
          } else if (event.key === "Enter" && expanded && active >= 0) {
            const suggestion = suggestions[active];
            if (suggestion) {
              event.preventDefault();
              choose(suggestion);
            }
          }
        }}
        className="w-full rounded-full border border-zinc-600 bg-zinc-900 px-4 py-2 text-sm text-white placeholder:text-zinc-400 focus:border-white"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute left-0 right-0 top-full z-(--z-header) mt-2 overflow-hidden rounded-xl bg-white text-ink shadow-xl ring-1 ring-line"
      >
        {found?.correctedFrom && (
          <p role="presentation" className="px-3 pt-2 text-xs text-muted">
            Showing results for “{found.searchedFor}”
          </p>
        )}
        {bands.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's options are grouped by role=group (WAI-ARIA listbox pattern); a fieldset is a form's group.
          <div role="group" aria-label="Bands">
            <p role="presentation" className="px-3 pt-2 text-xs font-bold uppercase text-muted">
              Bands
            </p>
            {bands.map((suggestion) => (
              <div key={suggestion.key} {...optionProps(suggestion)}>
                {suggestion.band.logo ? (
                  <img
                    src={fileUrl(suggestion.band.logo.slug, 160)}
                    alt=""
                    width={40}
                    height={40}
                    className="h-10 w-10 rounded-full object-cover"
                  />
                ) : (
                  <span aria-hidden="true" className="h-10 w-10 rounded-full bg-zinc-200" />
                )}
                <span className="flex-1">
                  <span className="block text-sm font-semibold">{suggestion.band.title}</span>
                  <span className="block text-xs text-muted">
                    Band · {suggestion.band.productCount}{" "}
                    {suggestion.band.productCount === 1 ? "product" : "products"}
                  </span>
                </span>
              </div>
            ))}
          </div>
        )}
        {products.length > 0 && (
          // biome-ignore lint/a11y/useSemanticElements: as the bands' group above.
          <div role="group" aria-label="Products">
            {bands.length > 0 && (
              <p role="presentation" className="px-3 pt-2 text-xs font-bold uppercase text-muted">
                Products
              </p>
            )}
            {products.map((suggestion) => {
              const { product } = suggestion;
              return (
                <div key={suggestion.key} {...optionProps(suggestion)}>
                  {product.image ? (
                    <img
                      src={fileUrl(product.image.slug, 160)}
                      alt=""
                      width={40}
                      height={50}
                      className="h-12 w-10 rounded object-cover"
                    />
                  ) : (
                    <span aria-hidden="true" className="h-12 w-10 rounded bg-zinc-200" />
                  )}
                  <span className="flex-1">
                    <span className="block text-sm font-semibold">{product.title}</span>
                    <span className="block text-xs text-muted">
                      {product.brand.title} ·{" "}
                      {product.compareAtPrice !== null ? (
                        <>
                          <span className="font-semibold text-accent">Sale </span>
                          {formatPrice(product.priceFrom)}{" "}
                          <s>
                            <span className="sr-only">was </span>
                            {formatPrice(product.compareAtPrice)}
                          </s>
                        </>
                      ) : (
                        formatPrice(product.priceFrom)
                      )}
                    </span>
                  </span>
                </div>
              );
            })}
          </div>
        )}
        {all?.kind === "all" && (
          <div
            key={all.key}
            {...optionProps(all)}
            className={`${optionProps(all).className} border-t border-line text-sm font-semibold`}
          >
            See all {matchCount(all.found)} results for “{all.found.searchedFor}”
          </div>
        )}
      </div>
    </Form>
  );
}
