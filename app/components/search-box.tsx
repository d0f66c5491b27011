import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import type { ProductCard } from "../../common/catalog";
import type { Page } from "../../common/pagination";
import { apiGet } from "../lib/api-client";
import { fileUrl } from "../lib/images";
import { formatPrice } from "../lib/money";

const DEBOUNCE_MS = 150;

/**
 * The header search: a plain GET form to /products (works without JavaScript), enhanced into an
 * ARIA combobox that suggests products as you type; arrow keys move, Enter opens, Esc closes.
 */
export function SearchBox() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [text, setText] = useState(params.get("q") ?? "");
  const [suggestions, setSuggestions] = useState<ProductCard[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const request = useRef(0);

  useEffect(() => {
    const term = text.trim();
    if (term.length < 2) {
      setSuggestions([]);
      return;
    }
    const id = ++request.current;
    const timer = setTimeout(async () => {
      try {
        const page = await apiGet<Page<ProductCard>>("default", "/products", {
          q: term,
          perPage: 6,
        });
        // Only the answer to the latest keystroke counts.
        if (id === request.current) {
          setSuggestions(page.data);
          setActive(-1);
        }
      } catch {
        if (id === request.current) setSuggestions([]);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const expanded = open && suggestions.length > 0;
  const choose = (product: ProductCard) => {
    setOpen(false);
    navigate(`/products/${product.slug}`);
  };

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
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
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
            const product = suggestions[active];
            if (product) {
              event.preventDefault();
              choose(product);
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
        {suggestions.map((product, index) => (
          <div
            key={product.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(product);
            }}
            className="flex cursor-pointer items-center gap-3 px-3 py-2 aria-selected:bg-zinc-100 hover:bg-zinc-100"
          >
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
                {product.brand.title} · {formatPrice(product.priceFrom)}
              </span>
            </span>
          </div>
        ))}
      </div>
    </Form>
  );
}
