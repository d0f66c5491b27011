import { useEffect, useRef } from "react";
import { Form, useSubmit } from "react-router";
import type { ProductFilters as Facets } from "../../common/catalog";
import {
  DEFAULT_PRODUCT_SORT,
  meaningfulListingParams,
  type ProductListQuery,
} from "../../common/product-list-query";
import { PRICE_RANGES, priceValue } from "../lib/listing-filters";
import { AppLink } from "./ui/app-link";
import { Button } from "./ui/button";

export const SORT_OPTIONS = [
  { value: "featured", label: "Featured" },
  { value: "newest", label: "Newest" },
  { value: "price-asc", label: "Price: low to high" },
  { value: "price-desc", label: "Price: high to low" },
  { value: "title", label: "Name: A to Z" },
];

type Props = {
  action: string;
  facets: Facets;
  query: ProductListQuery;
  /** Band pages fix the band, so no band filter is offered there. */
  brandFixed: boolean;
  /** The listing with every filter taken away. */
  clearTo: string;
  /** Apply and Clear all: the sidebar has them; the phone's sheet has its own. */
  withButtons: boolean;
};

function isChosen(query: ProductListQuery, name: string, value: string): boolean {
  switch (name) {
    case "brand":
      return query.brand?.includes(value) ?? false;
    case "type":
      return query.type?.includes(value) ?? false;
    case "attributes":
      return query.attributes?.includes(Number(value)) ?? false;
    case "price":
      return priceValue(query) === value;
    case "inStock":
      return query.inStock === true;
    default:
      return false;
  }
}

/**
 * One option with how many products it would match. An option that would match none cannot be
 * chosen, but one already chosen always can be unticked, whatever its count.
 */
function Check({
  name,
  value,
  checked,
  count,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 py-1 text-sm has-disabled:cursor-not-allowed has-disabled:text-muted">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        disabled={count === 0 && !checked}
        className="h-4 w-4 accent-ink"
      />
      {children}
      <span className="text-muted">{count}</span>
    </label>
  );
}

/** How many bands the filter lists before "Show all N bands". */
const BANDS_SHOWN_FIRST = 8;

/**
 * Issue 29: the bands, the first few in view and the rest behind "Show all N bands" (a
 * <details>, so it opens without JavaScript), instead of a box that scrolls with no hint of how
 * many there are. It starts open when a band in the rest is chosen, so every choice shows.
 */
function BandChecks({
  brands,
  chosen,
}: {
  brands: Facets["brands"];
  chosen: ReadonlyArray<string | number>;
}) {
  const check = (brand: Facets["brands"][number]) => (
    <Check
      key={brand.id}
      name="brand"
      value={brand.slug}
      checked={chosen.includes(brand.slug)}
      count={brand.count}
    >
      <span className="flex-1">{brand.title}</span>
    </Check>
  );
  const first = brands.slice(0, BANDS_SHOWN_FIRST);
  const rest = brands.slice(BANDS_SHOWN_FIRST);
  return (
    <div className="mt-2">
      {first.map(check)}
      {rest.length > 0 && (
        <details open={rest.some((brand) => chosen.includes(brand.slug))} className="group">
          <summary className="cursor-pointer py-1 text-sm font-semibold underline">
            <span className="group-open:hidden">{`Show all ${brands.length} bands`}</span>
            <span className="hidden group-open:inline">Show fewer bands</span>
          </summary>
          {rest.map(check)}
        </details>
      )}
    </div>
  );
}

/**
 * Facet filters as one GET form: it works without JavaScript (Apply), and with it every change
 * applies at once. Everything lives in the URL.
 */
export function ProductFilters({ action, facets, query, brandFixed, clearTo, withButtons }: Props) {
  const submit = useSubmit();
  // The URL carries only what was chosen: no `price=` for any price, no `sort=featured`.
  const apply = (formElement: HTMLFormElement) =>
    submit(
      meaningfulListingParams(
        new URLSearchParams(
          [...new FormData(formElement)].map(([key, value]) => [key, String(value)]),
        ),
      ),
      { method: "get", action, preventScrollReset: true, replace: true },
    );
  const form = useRef<HTMLFormElement>(null);
  const selectedAttributes = new Set(query.attributes ?? []);
  // The inputs are uncontrolled (so the form works before hydration); when the URL changes some
  // other way (Clear all, back button), bring them in line without remounting and losing focus.
  useEffect(() => {
    const elements = form.current?.elements;
    if (!elements) return;
    for (const element of Array.from(elements)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) continue;
      if (element instanceof HTMLSelectElement) element.value = query.sort ?? DEFAULT_PRODUCT_SORT;
      else if (element.type === "checkbox" || element.type === "radio")
        element.checked = isChosen(query, element.name, element.value);
    }
  }, [query]);
  return (
    <Form
      ref={form}
      method="get"
      action={action}
      onChange={(event) => apply(event.currentTarget)}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
      className="space-y-6"
      aria-label="Filter products"
    >
      {query.q && <input type="hidden" name="q" value={query.q} />}
      {query.collection !== undefined && (
        <input type="hidden" name="collection" value={query.collection} />
      )}
      <div>
        <label htmlFor="sort" className="block text-sm font-bold">
          Sort by
        </label>
        <select
          id="sort"
          name="sort"
          defaultValue={query.sort ?? DEFAULT_PRODUCT_SORT}
          className="mt-1 w-full rounded-lg border border-zinc-400 bg-white px-3 py-2 text-sm"
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {!brandFixed && facets.brands.length > 0 && (
        <fieldset>
          <legend className="text-sm font-bold">
            Band <span className="font-normal text-muted">{`(${facets.brands.length})`}</span>
          </legend>
          <BandChecks brands={facets.brands} chosen={query.brand ?? []} />
        </fieldset>
      )}
      {facets.types.length > 0 && (
        <fieldset>
          <legend className="text-sm font-bold">Product type</legend>
          <div className="mt-2">
            {facets.types.map((type) => (
              <Check
                key={type.slug}
                name="type"
                value={type.slug}
                checked={query.type?.includes(type.slug) ?? false}
                count={type.count}
              >
                <span className="flex-1">{type.title}</span>
              </Check>
            ))}
          </div>
        </fieldset>
      )}
      {facets.attributeTypes.map((type) => (
        <fieldset key={type.id}>
          <legend className="text-sm font-bold">{type.title}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {type.attributes.map((attribute) => (
              <label key={attribute.id} className="cursor-pointer has-disabled:cursor-not-allowed">
                <input
                  type="checkbox"
                  name="attributes"
                  value={attribute.id}
                  defaultChecked={selectedAttributes.has(attribute.id)}
                  disabled={attribute.count === 0 && !selectedAttributes.has(attribute.id)}
                  className="peer sr-only"
                />
                {type.display === "swatches" && attribute.swatch ? (
                  <span className="flex items-center gap-2 rounded-full border border-line bg-white py-1 pl-1 pr-3 text-sm peer-checked:border-ink peer-checked:ring-2 peer-checked:ring-ink peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-accent peer-disabled:border-dashed peer-disabled:text-muted peer-disabled:line-through">
                    <span
                      aria-hidden="true"
                      className="h-5 w-5 rounded-full border border-zinc-300"
                      style={{ backgroundColor: attribute.swatch }}
                    />
                    <span>{attribute.title}</span>
                    <span className="font-normal">{attribute.count}</span>
                  </span>
                ) : (
                  <span className="inline-flex min-w-11 justify-center rounded-lg border border-line bg-white px-3 py-1.5 text-sm font-semibold peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-accent peer-disabled:border-dashed peer-disabled:text-muted peer-disabled:line-through">
                    <span>{attribute.title}</span>
                    <span className="ml-1.5 font-normal">{attribute.count}</span>
                  </span>
                )}
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <fieldset>
        <legend className="text-sm font-bold">Price</legend>
        <div className="mt-2">
          {PRICE_RANGES.map((range) => (
            <label
              key={range.value}
              className="flex cursor-pointer items-center gap-3 py-1 text-sm"
            >
              <input
                type="radio"
                name="price"
                value={range.value}
                defaultChecked={priceValue(query) === range.value}
                className="h-4 w-4 accent-ink"
              />
              {range.label}
            </label>
          ))}
        </div>
      </fieldset>
      <Check name="inStock" value="true" checked={query.inStock === true} count={facets.inStock}>
        <span className="flex-1">In stock only</span>
      </Check>
      {withButtons && (
        <div className="flex items-center gap-4">
          <Button type="submit" size="sm">
            Apply filters
          </Button>
          <AppLink to={clearTo} className="text-sm font-semibold underline">
            Clear all
          </AppLink>
        </div>
      )}
    </Form>
  );
}
