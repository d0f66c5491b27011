import type { ProductView, VariantView } from "../../common/catalog";

type Props = {
  product: ProductView;
  /** The chosen attribute id per attribute type id. */
  chosen: Record<number, number>;
  onChoose: (typeId: number, attributeId: number) => void;
};

/** The variant that has exactly these attribute choices, if one exists. */
export function variantFor(
  product: ProductView,
  chosen: Record<number, number>,
): VariantView | undefined {
  if (product.variants.length === 1 && product.attributeTypes.length === 0)
    return product.variants[0];
  return product.variants.find((variant) =>
    product.attributeTypes.every((type) =>
      variant.attributes.some(
        (attribute) => attribute.typeId === type.id && attribute.id === chosen[type.id],
      ),
    ),
  );
}

/**
 * The choices a link asks for: `?variant=<id>`, or one parameter per option by their slugs
 * (`?size=m&colour=black`, which may name only some). Unknown names and values are ignored. A
 * product with one value of a type, or one variant, has it chosen already: there is nothing to pick.
 */
export function choicesFromSearch(
  product: ProductView,
  search: URLSearchParams,
): Record<number, number> {
  const chosen: Record<number, number> = {};
  const requested = product.variants.find(
    (variant) => String(variant.id) === search.get("variant"),
  );
  const only = product.variants.length === 1 ? product.variants[0] : undefined;
  for (const attribute of (requested ?? only)?.attributes ?? [])
    chosen[attribute.typeId] = attribute.id;
  for (const type of product.attributeTypes) {
    const named = type.attributes.find((attribute) => attribute.slug === search.get(type.slug));
    const single = type.attributes.length === 1 ? type.attributes[0] : undefined;
    const value = chosen[type.id] === undefined ? (named ?? single) : undefined;
    if (value) chosen[type.id] = value.id;
  }
  return chosen;
}

/**
 * `search` with the choices written in, by slug (`size=m&colour=black`), so the address can be
 * shared; the page's other parameters are kept and an old `variant` is dropped.
 */
export function searchWithChoices(
  product: ProductView,
  chosen: Record<number, number>,
  search: URLSearchParams,
): URLSearchParams {
  const next = new URLSearchParams(search);
  // Cleared first, so the options always follow the page's order: one choice, one address.
  for (const name of ["variant", ...product.attributeTypes.map((type) => type.slug)])
    next.delete(name);
  for (const type of product.attributeTypes) {
    const value = type.attributes.find((attribute) => attribute.id === chosen[type.id]);
    // A type with one value is chosen by itself: the address need not say so.
    if (value && type.attributes.length > 1) next.set(type.slug, value.slug);
  }
  return next;
}

/** Whether choosing `attributeId` for `typeId`, with the other choices kept, leads to a buyable variant. */
function available(
  product: ProductView,
  chosen: Record<number, number>,
  typeId: number,
  attributeId: number,
): boolean {
  const wanted = { ...chosen, [typeId]: attributeId };
  return product.variants.some(
    (variant) =>
      variant.inStock &&
      Object.entries(wanted).every(([type, id]) =>
        variant.attributes.some(
          (attribute) => attribute.typeId === Number(type) && attribute.id === id,
        ),
      ),
  );
}

/**
 * One radio group per attribute type: sizes as buttons, colours as swatches. Sold-out choices stay
 * visible but cannot be picked, and say so to screen readers.
 */
export function VariantPicker({ product, chosen, onChoose }: Props) {
  return (
    <div className="space-y-6">
      {product.attributeTypes.map((type) => {
        const selected = type.attributes.find((attribute) => attribute.id === chosen[type.id]);
        return (
          <fieldset key={type.id}>
            <legend className="text-sm font-bold">
              {type.title}
              {selected && <span className="font-normal text-muted">: {selected.title}</span>}
            </legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {type.attributes.map((attribute) => {
                const canBuy = available(product, chosen, type.id, attribute.id);
                const inputId = `option-${type.id}-${attribute.id}`;
                return (
                  <div key={attribute.id}>
                    <input
                      type="radio"
                      id={inputId}
                      name={`option-${type.slug}`}
                      value={attribute.id}
                      checked={chosen[type.id] === attribute.id}
                      disabled={!canBuy}
                      onChange={() => onChoose(type.id, attribute.id)}
                      className="peer sr-only"
                    />
                    {type.display === "swatches" && attribute.swatch ? (
                      <label
                        htmlFor={inputId}
                        title={canBuy ? attribute.title : `${attribute.title} (sold out)`}
                        className="relative flex h-11 w-11 cursor-pointer items-center justify-center rounded-full border-2 border-transparent peer-checked:border-ink peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-accent peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
                      >
                        <span
                          aria-hidden="true"
                          className="h-8 w-8 rounded-full border border-zinc-300"
                          style={{ backgroundColor: attribute.swatch }}
                        />
                        {/* Crossed through, so a sold-out colour never reads as a paler one. */}
                        {!canBuy && (
                          <span
                            aria-hidden="true"
                            data-sold-out
                            className="absolute h-0.5 w-10 -rotate-45 rounded-full bg-ink ring-1 ring-white"
                          />
                        )}
                        <span className="sr-only">
                          {attribute.title}
                          {!canBuy && " (sold out)"}
                        </span>
                      </label>
                    ) : (
                      <label
                        htmlFor={inputId}
                        className="inline-flex h-11 min-w-12 cursor-pointer items-center justify-center rounded-lg border border-zinc-400 bg-white px-3 text-sm font-semibold peer-checked:border-ink peer-checked:bg-ink peer-checked:text-white peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-accent peer-disabled:cursor-not-allowed peer-disabled:border-dashed peer-disabled:border-zinc-400 peer-disabled:text-zinc-500 peer-disabled:line-through peer-checked:peer-disabled:bg-white peer-checked:peer-disabled:text-zinc-500"
                      >
                        {attribute.title}
                        {!canBuy && <span className="sr-only"> (sold out)</span>}
                      </label>
                    )}
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
