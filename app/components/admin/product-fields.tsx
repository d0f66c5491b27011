import { type ReactNode, useState } from "react";
import type { VariantRow } from "../../../common/catalog-admin";
import { PRODUCT_DESCRIPTION_MAX } from "../../../common/product-limits";
import { PRODUCT_TYPES } from "../../../common/product-types";
import { SelectField, TextAreaField, TextField } from "../ui/form";
import { SearchEngineCard, SlugField } from "./counted-field";
import { OrderedList } from "./ordered-list";
import { PRODUCT_STATUS_OPTIONS } from "./product-cells";
import {
  type AttributeTypeChoice,
  collectionField,
  errorsUnder,
  type GalleryFile,
  listHolds,
  type ProductFormOptions,
  rowPath,
} from "./product-types";
import { useField, useFormFields } from "./resource-form";
import { Card } from "./screen-header";
import { VariantGrid } from "./variant-grid";

type Props = {
  isNew: boolean;
  options: ProductFormOptions;
  /** The gallery's files the page knows of, by id. */
  files: Record<string, GalleryFile>;
  variants: VariantRow[];
  canDeleteVariants: boolean;
  /** The variant the server asked about deleting (no JavaScript). */
  confirmingVariant?: string;
  /** "Generate variants", on a saved product. */
  generate?: ReactNode;
};

/** The option types whose values a gallery file may be shown for: the colours (swatches). */
const galleryOptions = (types: AttributeTypeChoice[]) =>
  types.filter((type) => type.display === "swatches");

/**
 * A product's main fields (issue 14), as Shopify's admin lays them out: its title and
 * description, its gallery, its variants (with "Generate variants") and how search engines show
 * it. Its status, band, type, tags, collections and VAT go beside them (`ProductAside`).
 */
export function ProductFields({
  isNew,
  options,
  files,
  variants,
  canDeleteVariants,
  confirmingVariant,
  generate,
}: Props) {
  const colours = galleryOptions(options.attributeTypes);
  return (
    <>
      <Card>
        <TextField {...useField("title")} label="Title" required maxLength={200} />
        <SlugField isNew={isNew} noun="product" address="/products/slug" from="title" />
        <TextAreaField
          {...useField("description")}
          label="Description"
          hint="Shown on the product's page, up to 50,000 characters. HTML is allowed: paragraphs, headings (h2–h4), lists, links, bold, italics, quotes and tables. It is made safe when saved: scripts, styles and any other tags are removed."
          maxLength={PRODUCT_DESCRIPTION_MAX}
          rows={8}
          className="[&_textarea]:font-mono [&_textarea]:text-sm"
        />
      </Card>
      <Card
        title="Media"
        description="The product's pictures and videos from the media library, in the order the shop shows them; the first is the main picture. A picture can be tied to a colour, so the gallery follows the shopper's choice."
      >
        <OrderedList
          list="media"
          idField="fileId"
          rowName={rowPath}
          label="Gallery, in order"
          noun="file"
          describe={(id) => {
            const file = files[id];
            return file
              ? { title: file.title, imageUrl: file.imageUrl, note: `No. ${id} · ${file.kind}` }
              : { title: `File ${id}`, imageUrl: null };
          }}
          extra={
            colours.length
              ? ({ name, values, title }) => (
                  <select
                    name={name("attributeId")}
                    defaultValue={values.attributeId ?? ""}
                    aria-label={`Colour shown in ${title}`}
                    className="rounded-md border border-zinc-400 bg-white px-2 py-1.5 text-sm"
                  >
                    <option value="">Any colour</option>
                    {colours.map((type) => (
                      <optgroup key={type.id} label={type.title}>
                        {type.values.map((value) => (
                          <option key={value.id} value={value.id}>
                            {value.title}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                )
              : undefined
          }
          add={{
            label: "Add a file",
            hint: "Its number in the media library (Media, then the file), or choose it from the library. Added at the end.",
          }}
          mediaPicker={{ purpose: "the gallery" }}
          empty="No pictures yet: the shop shows a plain placeholder."
        />
      </Card>
      <Card
        title="Variants"
        description="What shoppers choose between: each size, colour or format, with its own SKU, price and stock."
      >
        <VariantGrid
          variants={variants}
          attributeTypes={options.attributeTypes}
          canDelete={canDeleteVariants}
          confirming={confirmingVariant}
        />
        {generate ??
          (isNew && (
            <p className="rounded-lg bg-zinc-50 px-4 py-3 text-sm text-muted ring-1 ring-line">
              Once the product is added, you can generate its variants from options: every
              combination of the sizes and colours you tick.
            </p>
          ))}
      </Card>
      <SearchEngineCard description="The title and description search engines show for the product's page. Leave empty to use the product's title and description." />
    </>
  );
}

/**
 * How the product is sold, and its release date: required (and marked so) while the chosen
 * model is a pre-order, since a pre-order ships from that date (decision 0016).
 */
function BillingModelChoice({ models }: { models: ProductFormOptions["billingModels"] }) {
  const field = useField("billingModelId");
  const [chosen, setChosen] = useState(field.defaultValue);
  const preOrder = models.some(
    (model) => String(model.id) === chosen && model.type === "pre_order",
  );
  return (
    <>
      <SelectField
        {...field}
        label="Billing model"
        placeholder="One-off (sold as usual)"
        options={models.map((model) => ({ id: String(model.id), title: model.title }))}
        onChange={(event) => setChosen(event.currentTarget.value)}
        hint="A pre-order is charged now and sent from its release date; a membership renews."
      />
      <TextField
        {...useField("releaseDate")}
        label={preOrder ? "Release date (required for a pre-order)" : "Release date"}
        type="date"
        required={preOrder}
        hint={
          preOrder
            ? "The shop says “Pre-order: ships from” this date, and sends it then."
            : "Optional: when it comes out."
        }
      />
    </>
  );
}

/** The product's side panel: its status, where it belongs, and its VAT. */
export function ProductAside({ options }: { options: ProductFormOptions }) {
  const { values, errors } = useFormFields();
  const collectionErrors = errorsUnder(errors, "collectionIds");
  return (
    <>
      <Card title="Status">
        <SelectField
          {...useField("status")}
          label="Status"
          options={PRODUCT_STATUS_OPTIONS}
          hint="Draft: hidden from the shop. Published: on sale. Archived: off sale, kept for its orders. A product needs a variant before it is published."
        />
        <BillingModelChoice models={options.billingModels} />
      </Card>
      <Card title="Organisation">
        <SelectField
          {...useField("brandId")}
          label="Band"
          placeholder="Choose a band"
          options={options.bands.map((band) => ({ id: String(band.id), title: band.title }))}
        />
        <SelectField
          {...useField("type")}
          label="Product type"
          placeholder="Choose a type"
          options={PRODUCT_TYPES.map((type) => ({ id: type.slug, title: type.title }))}
        />
        <TextField
          {...useField("tags")}
          label="Tags"
          hint="Separated by commas, e.g. tour-2026, organic. Rule collections and search use them."
          autoCapitalize="none"
          spellCheck={false}
        />
        {options.collections.length > 0 && (
          <fieldset>
            <legend className="font-semibold">Collections</legend>
            <p className="mt-1 text-sm text-muted">
              Hand-picked collections; rule collections choose their products themselves.
            </p>
            {collectionErrors.length > 0 && (
              <p className="mt-1 text-sm font-medium text-error">{collectionErrors.join(" ")}</p>
            )}
            <div className="mt-2 max-h-56 space-y-1 overflow-y-auto rounded-lg p-1 ring-1 ring-line">
              {options.collections.map((collection, index) => (
                <label
                  key={collection.id}
                  className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-zinc-50"
                >
                  <input
                    type="checkbox"
                    name={collectionField(index)}
                    value={collection.id}
                    defaultChecked={listHolds(values, "collectionIds", collection.id)}
                    className="h-5 w-5 accent-ink"
                  />
                  {collection.title}
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </Card>
      <Card title="Tax">
        <TextField
          {...useField("vatRate")}
          label="VAT rate (%)"
          inputMode="numeric"
          hint="Prices include VAT. Most goods are 20%. Children's clothes and printed books are zero-rated in the UK (0%). Leave empty on a new product for the usual rate of its type."
        />
      </Card>
    </>
  );
}
