import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import type { VariantRow } from "../../../common/catalog-admin";
import { formatPrice } from "../../../common/money";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { FormMessage } from "../ui/form";
import { Swatch } from "./product-cells";
import {
  type AttributeTypeChoice,
  errorsUnder,
  GENERATE_FORM,
  generateValueField,
  VARIANT_DELETE_FORM,
  type VariantField,
  variantField,
  variantOptionField,
} from "./product-types";
import { useFormFields } from "./resource-form";

const CELL_INPUT =
  "block h-8 w-full min-w-0 rounded-md border border-zinc-400 bg-white px-2 tabular-nums aria-[invalid=true]:border-error aria-[invalid=true]:bg-red-50";

/** One input of the grid: named by its row for screen readers, its errors under it. */
function GridInput({
  name,
  label,
  money = false,
  numeric = false,
  mono = false,
  placeholder,
  className,
}: {
  name: string;
  label: string;
  money?: boolean;
  numeric?: boolean;
  /** A code (a SKU): in a monospaced face, a little smaller, so more of it shows. */
  mono?: boolean;
  placeholder?: string;
  className?: string;
}) {
  const { values, errors } = useFormFields();
  const id = useId();
  const own = errors[name];
  const input = (
    <input
      id={id}
      name={name}
      defaultValue={values[name] ?? ""}
      aria-label={label}
      aria-invalid={own ? true : undefined}
      aria-describedby={own ? `${id}-error` : undefined}
      inputMode={money ? "decimal" : numeric ? "numeric" : undefined}
      autoComplete="off"
      spellCheck={false}
      placeholder={placeholder}
      className={`${CELL_INPUT} ${money ? "pl-5" : ""} ${mono ? "font-mono text-xs" : "text-sm"}`}
    />
  );
  return (
    <div className={className}>
      {money ? (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2 -translate-y-1/2 text-sm text-muted"
          >
            £
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      {own && (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-error">
          {own.join(" ")}
        </p>
      )}
    </div>
  );
}

type GridProps = {
  variants: VariantRow[];
  attributeTypes: AttributeTypeChoice[];
  /** Admins: each row's delete, asking first. */
  canDelete: boolean;
  /** The variant the server asked about deleting (no JavaScript): its dialog is drawn open. */
  confirming?: string;
};

const count = new Intl.NumberFormat("en-GB");

/**
 * The product form's variants, edited in place (issue 14): each row's SKU, price and compare-at
 * price (in pounds; the server takes pence) and stock, with rows for new variants under them.
 * The form sends only the rows that changed, inside the product's own save, so the product's
 * stale-save check covers its variants too.
 */
export function VariantGrid({ variants, attributeTypes, canDelete, confirming }: GridProps) {
  const { values, errors } = useFormFields();
  const location = useLocation();
  const navigation = useNavigation();
  // The new rows, after the variants' own: those a refused save brings back, and one empty row
  // to add a variant.
  const typedRows = Math.max(
    -1,
    ...Object.entries(values).map(([name, value]) =>
      value.trim() ? Number(/^variants\[(\d+)\]/.exec(name)?.[1] ?? -1) - variants.length : -1,
    ),
  );
  const [added, setAdded] = useState(0);
  const [asking, setAsking] = useState<string | undefined>(undefined);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  // Once a delete asked in the browser has been answered (done, or refused with a message above
  // the form), its question closes.
  const sent = useRef(false);
  useEffect(() => {
    if (
      navigation.state === "submitting" &&
      navigation.formData?.get("intent") === "delete-variant"
    )
      sent.current = true;
    else if (navigation.state === "idle" && sent.current) {
      sent.current = false;
      setAsking(undefined);
    }
  }, [navigation.state, navigation.formData]);
  // A new answer from the server (a refused save) brings its own rows: start counting again.
  const [seen, setSeen] = useState(values);
  if (seen !== values) {
    setSeen(values);
    setAdded(0);
  }
  const newRows = typedRows + 2 + added;

  // The option types the product's variants use: a new row chooses one value of each.
  const used = new Set(variants.flatMap((variant) => variant.attributeIds));
  const types = attributeTypes.filter((type) => type.values.some((value) => used.has(value.id)));
  const swatchOf = (variant: VariantRow) =>
    attributeTypes
      .flatMap((type) => type.values)
      .find((value) => value.swatch && variant.attributeIds.includes(value.id))?.swatch ?? null;
  const stock = variants.reduce((total, variant) => total + variant.stockOnHand, 0);
  const prices = variants.map((variant) => variant.price);
  const deleting = confirming ?? asking;
  const toDelete = variants.find((variant) => String(variant.id) === deleting);
  const nameOf = (variant: VariantRow) => variant.title || variant.sku;

  return (
    <div className="space-y-3">
      {variants.length > 0 && (
        <p className="text-sm text-muted">
          {variants.length} {variants.length === 1 ? "variant" : "variants"} · {count.format(stock)}{" "}
          in stock
          {prices.length > 0 &&
            ` · ${
              Math.min(...prices) === Math.max(...prices)
                ? formatPrice(Math.min(...prices))
                : `${formatPrice(Math.min(...prices))} – ${formatPrice(Math.max(...prices))}`
            }`}
        </p>
      )}
      {errors.variants && (
        <p className="text-sm font-medium text-error">{errors.variants.join(" ")}</p>
      )}
      <div className="overflow-x-auto rounded-lg ring-1 ring-line">
        <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
          <caption className="sr-only">Variants: prices in pounds, including VAT</caption>
          <thead className="border-b border-line bg-paper text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Variant
              </th>
              <th scope="col" className="w-44 px-1.5 py-2">
                SKU
              </th>
              <th scope="col" className="w-24 px-1.5 py-2">
                Price
              </th>
              <th scope="col" className="w-24 px-1.5 py-2">
                Compare at
              </th>
              <th scope="col" className="w-16 px-1.5 py-2">
                Stock
              </th>
              {canDelete && (
                <th scope="col" className="w-11 px-1.5 py-2">
                  <span className="sr-only">Delete</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {variants.map((variant, row) => {
              const name = nameOf(variant);
              const field = (part: VariantField) => variantField(row, part);
              const rowHasErrors = errorsUnder(errors, `variants[${row}]`).length > 0;
              // What the row's fields held when drawn (read by common/catalog-forms.ts's
              // `savedVariantField`): only what staff change is sent.
              const saved = new URLSearchParams({
                price: String(variant.price),
                compareAtPrice:
                  variant.compareAtPrice === null ? "" : String(variant.compareAtPrice),
                sku: variant.sku,
                stockOnHand: String(variant.stockOnHand),
              }).toString();
              return (
                <tr key={variant.id} className={rowHasErrors ? "bg-red-50/60" : undefined}>
                  <th scope="row" className="px-3 py-2 align-top text-[13px] font-semibold">
                    <input type="hidden" name={field("id")} value={variant.id} />
                    <input type="hidden" name={field("was")} value={saved} />
                    <span className="flex items-center gap-2 pt-1.5">
                      <Swatch colour={swatchOf(variant)} size={14} />
                      <span>{variant.title || "Default"}</span>
                      {variant.stockOnHand === 0 && (
                        <span className="rounded-full bg-red-50 px-1.5 text-[11px] font-semibold text-red-900 ring-1 ring-red-300">
                          Sold out
                        </span>
                      )}
                    </span>
                    <RowErrors
                      messages={[field("id"), `variants[${row}]`].flatMap(
                        (key) => errors[key] ?? [],
                      )}
                    />
                  </th>
                  <td className="px-1.5 py-2 align-top">
                    <GridInput name={field("sku")} label={`SKU of ${name}`} mono />
                  </td>
                  <td className="px-1.5 py-2 align-top">
                    <GridInput name={field("price")} label={`Price of ${name}, in pounds`} money />
                  </td>
                  <td className="px-1.5 py-2 align-top">
                    <GridInput
                      name={field("compareAtPrice")}
                      label={`Compare-at price of ${name}, in pounds`}
                      money
                    />
                  </td>
                  <td className="px-1.5 py-2 align-top">
                    <GridInput name={field("stockOnHand")} label={`Stock of ${name}`} numeric />
                  </td>
                  {canDelete && (
                    <td className="px-1.5 py-2 align-top">
                      {variant.ordered ? (
                        <span
                          className="block pt-1.5 text-center text-xs text-muted"
                          title="In an order: set its stock to 0 instead"
                        >
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">
                            {name} is in an order and cannot be deleted: set its stock to 0 instead.
                          </span>
                        </span>
                      ) : (
                        <button
                          type="submit"
                          form={VARIANT_DELETE_FORM}
                          name="deleteVariant"
                          value={variant.id}
                          aria-label={`Delete ${name}`}
                          className="grid h-8 w-8 place-items-center rounded-md text-muted ring-1 ring-line hover:bg-red-50 hover:text-error"
                          onClick={(event) => {
                            event.preventDefault();
                            setAsking(String(variant.id));
                          }}
                        >
                          <span aria-hidden="true">✕</span>
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              );
            })}
            {Array.from({ length: newRows }, (_, added) => {
              const row = variants.length + added;
              const name = `new variant ${added + 1}`;
              const field = (part: VariantField) => variantField(row, part);
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: new rows are only their place.
                <tr key={`new-${added}`} className="bg-zinc-50/70">
                  <th scope="row" className="px-3 py-2 align-top font-normal">
                    {types.length > 0 ? (
                      <div className="flex flex-wrap gap-1.5">
                        {types.map((type, index) => (
                          <OptionSelect
                            key={type.id}
                            type={type}
                            name={variantOptionField(row, index)}
                            rowName={name}
                          />
                        ))}
                        <RowErrors messages={errorsUnder(errors, field("attributeIds"))} />
                      </div>
                    ) : (
                      <span className="block pt-1.5 text-muted">
                        {row === 0 ? "First variant" : "New variant"}
                      </span>
                    )}
                  </th>
                  <td className="px-1.5 py-2 align-top">
                    <GridInput
                      name={field("sku")}
                      label={`SKU of ${name}`}
                      placeholder="Made for you"
                      mono
                    />
                  </td>
                  <td className="px-1.5 py-2 align-top">
                    <GridInput name={field("price")} label={`Price of ${name}, in pounds`} money />
                  </td>
                  <td className="px-1.5 py-2 align-top">
                    <GridInput
                      name={field("compareAtPrice")}
                      label={`Compare-at price of ${name}, in pounds`}
                      money
                    />
                  </td>
                  <td className="px-1.5 py-2 align-top">
                    <GridInput
                      name={field("stockOnHand")}
                      label={`Stock of ${name}`}
                      numeric
                      placeholder="0"
                    />
                  </td>
                  {canDelete && <td />}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
        {live && (
          <Button variant="secondary" size="sm" onClick={() => setAdded(added + 1)}>
            Add another row
          </Button>
        )}
        <p>
          Fill in a new row to add a variant: its price is needed; a SKU is made for it when left
          empty. Prices include VAT.
        </p>
      </div>
      {toDelete && deleting && (
        <>
          <input type="hidden" form={VARIANT_DELETE_FORM} name="deleteVariant" value={deleting} />
          <ConfirmDialog
            open
            onOpenChange={(open) => {
              if (!open) setAsking(undefined);
            }}
            title={`Delete ${nameOf(toDelete)}?`}
            description={`The variant ${toDelete.sku} leaves the shop at once. This cannot be undone; the audit log keeps a record of it. Changes you have not saved on this page are kept only if you save them first.`}
            confirmLabel="Delete variant"
            cancelTo={confirming ? `${location.pathname}${location.search}` : undefined}
            pending={
              navigation.state === "submitting" &&
              navigation.formData?.get("intent") === "delete-variant"
            }
            submit={{ form: VARIANT_DELETE_FORM, name: "intent", value: "delete-variant" }}
          />
        </>
      )}
    </div>
  );
}

/** Messages a row shows together: of its variant, or of its options. */
function RowErrors({ messages }: { messages: string[] }) {
  return messages.length ? (
    <p className="basis-full text-xs font-medium text-error">{messages.join(" ")}</p>
  ) : null;
}

/** A new row's value of one option type (its size, its colour). */
function OptionSelect({
  type,
  name,
  rowName,
}: {
  type: AttributeTypeChoice;
  name: string;
  rowName: string;
}) {
  const { values } = useFormFields();
  return (
    <select
      name={name}
      defaultValue={values[name] ?? ""}
      aria-label={`${type.title} of ${rowName}`}
      className="rounded-md border border-zinc-400 bg-white px-1.5 py-1.5 text-sm"
    >
      <option value="">{type.title}…</option>
      {type.values.map((value) => (
        <option key={value.id} value={value.id}>
          {value.title}
        </option>
      ))}
    </select>
  );
}

type PanelProps = {
  attributeTypes: AttributeTypeChoice[];
  /** The panel's refused attempt, if any: its message, errors and what was ticked and typed. */
  result?: {
    message?: string;
    errors?: Record<string, string[]>;
    values?: Record<string, string>;
  };
  /** Whether it starts open: for a product with no variants yet, or after a refusal. */
  open: boolean;
  /** The option types the product's variants have, if any: only values of those can be added. */
  usedTypes: number[];
};

/**
 * "Generate variants": the values of each option to combine (5 sizes and 2 colours make 10
 * variants), a price for them all, their stock, and a SKU pattern. Its fields belong to a form of
 * their own (`GENERATE_FORM`, outside the product's), so it posts without the product's changes.
 */
export function GeneratePanel({ attributeTypes, result, open, usedTypes }: PanelProps) {
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "generate";
  const tickedIn = (typed: Record<string, string>) =>
    Object.keys(typed).filter((name) => name.startsWith("attributeIds["));
  // Each value's tick box, by its place among all the values offered.
  const boxOf = new Map(
    attributeTypes.flatMap((type) => type.values).map((value, index) => [value.id, index]),
  );
  const boxName = (id: number) => generateValueField(boxOf.get(id) ?? 0);
  const [chosen, setChosen] = useState(() => tickedIn(values));
  // A refused attempt brings back what was ticked.
  const [seen, setSeen] = useState(result);
  if (seen !== result) {
    setSeen(result);
    setChosen(tickedIn(values));
  }
  const counts = attributeTypes
    .map((type) => type.values.filter((value) => chosen.includes(boxName(value.id))).length)
    .filter((n) => n > 0);
  const total = counts.length ? counts.reduce((a, b) => a * b, 1) : 0;
  const shown = usedTypes.length
    ? attributeTypes.filter((type) => usedTypes.includes(type.id))
    : attributeTypes;
  const typeSlugs = shown.map((type) => `{${type.slug}}`).join(", ");

  return (
    <details
      open={open}
      className="group rounded-lg bg-zinc-50 ring-1 ring-line open:bg-white"
      // Ticking values here is not a change to the product's own form.
      onChange={(event) => {
        event.stopPropagation();
        const box = event.target;
        if (box instanceof HTMLInputElement && box.type === "checkbox")
          setChosen((now) =>
            box.checked ? [...now, box.name] : now.filter((name) => name !== box.name),
          );
      }}
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-lg px-4 py-3 font-semibold hover:bg-zinc-100">
        <span>
          Generate variants from options
          <span className="block text-sm font-normal text-muted">
            Every combination of the values you tick, e.g. 5 sizes × 2 colours = 10 variants.
          </span>
        </span>
        <span aria-hidden="true" className="text-muted transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="space-y-5 border-t border-line px-4 py-4">
        {result?.message && <FormMessage type="error">{result.message}</FormMessage>}
        {errorsUnder(errors, "attributeIds").length > 0 && (
          <p className="text-sm font-medium text-error">
            {errorsUnder(errors, "attributeIds").join(" ")}
          </p>
        )}
        {usedTypes.length > 0 && (
          <p className="text-sm text-muted">
            This product's variants have{" "}
            {shown.map((type) => type.title.toLowerCase()).join(" and ")}: new ones take values of
            the same options. Combinations it has already are kept as they are.
          </p>
        )}
        {shown.map((type) => (
          <fieldset key={type.id}>
            <legend className="text-sm font-semibold">{type.title}</legend>
            <div className="mt-2 flex flex-wrap gap-2">
              {type.values.map((value) => {
                const name = boxName(value.id);
                return (
                  <label
                    key={value.id}
                    className="inline-flex cursor-pointer items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm ring-1 ring-zinc-300 has-[:checked]:bg-ink has-[:checked]:text-white has-[:checked]:ring-ink has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ink"
                  >
                    <input
                      type="checkbox"
                      form={GENERATE_FORM}
                      name={name}
                      value={value.id}
                      defaultChecked={values[name] === String(value.id)}
                      className="sr-only"
                    />
                    <Swatch colour={value.swatch} size={14} />
                    {value.title}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <PanelField
            name="price"
            label="Price"
            money
            values={values}
            errors={errors}
            hint="For each new variant, VAT included."
          />
          <PanelField
            name="compareAtPrice"
            label="Compare-at price"
            money
            values={values}
            errors={errors}
            hint="Optional: the old price, shown struck through."
          />
          <PanelField
            name="stockOnHand"
            label="Stock each"
            values={values}
            errors={errors}
            hint="0 unless you say."
            numeric
          />
          <PanelField
            name="skuPattern"
            label="SKU pattern"
            values={values}
            errors={errors}
            hint={`Optional. {product}${typeSlugs ? `, ${typeSlugs}` : ""} become those parts.`}
            placeholder={`{product}-${shown
              .slice(0, 2)
              .map((type) => `{${type.slug}}`)
              .join("-")}`}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="submit"
            form={GENERATE_FORM}
            name="intent"
            value="generate"
            size="sm"
            pending={pending}
            pendingLabel="Generating…"
          >
            Generate variants
          </Button>
          <p className="text-sm text-muted" aria-live="polite">
            {total > 0
              ? `${total} ${total === 1 ? "combination" : "combinations"} ticked.`
              : "Tick the values to combine."}
          </p>
        </div>
      </div>
    </details>
  );
}

function PanelField({
  name,
  label,
  hint,
  values,
  errors,
  money = false,
  numeric = false,
  placeholder,
}: {
  name: string;
  label: string;
  hint: ReactNode;
  values: Record<string, string>;
  errors: Record<string, string[]>;
  money?: boolean;
  numeric?: boolean;
  placeholder?: string;
}) {
  const id = useId();
  const own = errors[name];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {money && <span className="sr-only"> in pounds</span>}
      </label>
      <div className="relative mt-1">
        {money && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-muted"
          >
            £
          </span>
        )}
        <input
          id={id}
          form={GENERATE_FORM}
          name={name}
          defaultValue={values[name] ?? ""}
          inputMode={money ? "decimal" : numeric ? "numeric" : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          aria-invalid={own ? true : undefined}
          aria-describedby={`${id}-hint${own ? ` ${id}-error` : ""}`}
          className={`block w-full rounded-lg border border-zinc-400 bg-white py-2 pr-3 text-base aria-[invalid=true]:border-error ${money ? "pl-7" : "pl-3"}`}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {hint}
      </p>
      {own && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error">
          {own.join(" ")}
        </p>
      )}
    </div>
  );
}
