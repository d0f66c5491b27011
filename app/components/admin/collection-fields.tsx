import { PRODUCT_TYPES } from "../../../common/product-types";
import { SelectField, TextAreaField, TextField } from "../ui/form";
import { SlugField } from "./counted-field";
import { MediaImageField } from "./media-picker";
import { OrderedList, type RowView } from "./ordered-list";
import { ProductPicker } from "./product-picker";
import type { GalleryFile } from "./product-types";
import { useField, useFieldValue, useFormFields } from "./resource-form";
import { Card } from "./screen-header";

const RULES = [
  { id: "new-in", title: "New in: added in the last few days" },
  { id: "band", title: "One band's products" },
  { id: "product-type", title: "One product type" },
  { id: "tag", title: "Products with a tag" },
  { id: "price", title: "A price range" },
  { id: "on-sale", title: "On sale (with a compare-at price)" },
  { id: "low-stock", title: "Nearly sold out" },
] as const;

type Props = {
  isNew: boolean;
  products: Record<string, RowView>;
  bands: Array<{ id: number; title: string }>;
};

/**
 * A collection's fields: its title and description, and what it holds: products the team picks
 * in order, or a rule the shop follows. Without JavaScript both parts show; the rule's own field
 * shows for the rule chosen, by CSS alone.
 */
export function CollectionFields({ isNew, products, bands }: Props) {
  const kind = useFieldValue("rule.kind") || "curated";
  const { errors } = useFormFields();
  return (
    <>
      <Card>
        <TextField {...useField("title")} label="Title" required maxLength={120} />
        <SlugField
          isNew={isNew}
          noun="collection"
          address="/products?collection=slug"
          from="title"
        />
        <TextAreaField
          {...useField("description")}
          label="Description"
          hint="Shown above the collection's products. HTML is allowed (paragraphs, links, lists); it is made safe when saved."
          rows={5}
          className="[&_textarea]:font-mono [&_textarea]:text-sm"
        />
      </Card>
      <Card title="Products" className="group/kind">
        <fieldset>
          <legend className="font-semibold">How products are chosen</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <KindChoice
              value="curated"
              checked={kind === "curated"}
              title="Hand-picked"
              description="The products you add, in your order."
            />
            <KindChoice
              value="rule"
              checked={kind === "rule"}
              title="By a rule"
              description="Every published product that meets it, now and later."
            />
          </div>
        </fieldset>
        <div className="group-has-[input[value=rule]:checked]/kind:hidden">
          <OrderedList
            list="productIds"
            // Each row is a product's id, named by its place in the API's list: `productIds[2]`.
            idField=""
            rowName={(list, row) => `${list}[${row}]`}
            label="Products, in order"
            noun="product"
            describe={(id) => products[id]}
            add={{
              label: "Add a product by number",
              hint: "Its number, shown under its title in Products. Added at the end.",
            }}
            empty="No products yet."
            picker={(add, chosen) => <ProductPicker onPick={add} chosen={chosen} />}
          />
        </div>
        <div className="hidden space-y-5 group-has-[input[value=rule]:checked]/kind:block">
          {errors.productIds && (
            <p className="text-sm font-medium text-error">{errors.productIds.join(" ")}</p>
          )}
          <div className="group/rule space-y-5">
            <SelectField {...useField("rule.type")} label="Rule" options={RULES} />
            <div className="grid gap-5 sm:grid-cols-2">
              <RuleField rule="new-in">
                <TextField
                  {...useField("rule.days")}
                  label="Added in the last (days)"
                  inputMode="numeric"
                  placeholder="60"
                />
              </RuleField>
              <RuleField rule="band">
                <SelectField
                  {...useField("rule.brandId")}
                  label="Band"
                  placeholder="Choose a band"
                  options={bands.map((band) => ({ id: String(band.id), title: band.title }))}
                />
              </RuleField>
              <RuleField rule="product-type">
                <SelectField
                  {...useField("rule.productType")}
                  label="Product type"
                  placeholder="Choose a type"
                  options={PRODUCT_TYPES.map((type) => ({ id: type.slug, title: type.title }))}
                />
              </RuleField>
              <RuleField rule="tag">
                <TextField
                  {...useField("rule.tag")}
                  label="Tag"
                  hint="E.g. last-chance: products tagged so."
                  autoCapitalize="none"
                  spellCheck={false}
                />
              </RuleField>
              <RuleField rule="price">
                <MoneyInput name="rule.min" label="Lowest price" />
              </RuleField>
              <RuleField rule="price">
                <MoneyInput name="rule.max" label="Highest price" />
              </RuleField>
              <RuleField rule="low-stock">
                <TextField
                  {...useField("rule.below")}
                  label="Fewer than this many left"
                  inputMode="numeric"
                  placeholder="5"
                />
              </RuleField>
            </div>
          </div>
        </div>
      </Card>
    </>
  );
}

/** A rule's own field: shown while its rule is chosen (and always without CSS). */
function RuleField({ rule, children }: { rule: string; children: React.ReactNode }) {
  // Tailwind sees each rule's class in full, so each is written out.
  const shown: Record<string, string> = {
    "new-in": "group-has-[option[value=new-in]:checked]/rule:block",
    band: "group-has-[option[value=band]:checked]/rule:block",
    "product-type": "group-has-[option[value=product-type]:checked]/rule:block",
    tag: "group-has-[option[value=tag]:checked]/rule:block",
    price: "group-has-[option[value=price]:checked]/rule:block",
    "low-stock": "group-has-[option[value=low-stock]:checked]/rule:block",
  };
  return <div className={`hidden ${shown[rule] ?? ""}`}>{children}</div>;
}

function MoneyInput({ name, label }: { name: string; label: string }) {
  const field = useField(name);
  return (
    <TextField
      {...field}
      label={`${label} (£)`}
      inputMode="decimal"
      placeholder="25.00"
      autoComplete="off"
    />
  );
}

function KindChoice({
  value,
  checked,
  title,
  description,
}: {
  value: string;
  checked: boolean;
  title: string;
  description: string;
}) {
  return (
    <label className="flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ring-line has-[:checked]:bg-zinc-50 has-[:checked]:ring-2 has-[:checked]:ring-ink">
      <input
        type="radio"
        name="rule.kind"
        value={value}
        defaultChecked={checked}
        className="mt-0.5 h-5 w-5 shrink-0 accent-ink"
      />
      <span>
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-muted">{description}</span>
      </span>
    </label>
  );
}

/** The collection's side panel: its place among collections and its hero image. */
export function CollectionAside({ hero }: { hero: GalleryFile | null }) {
  return (
    <>
      <Card
        title="Hero image"
        description="A picture from the media library, by its number. Empty for none."
      >
        <MediaImageField
          name="heroFileId"
          label="Hero image (media file number)"
          purpose="the hero image"
          current={hero?.imageUrl ? { src: hero.imageUrl, title: hero.title } : null}
        />
      </Card>
      <Card title="Order">
        <TextField
          {...useField("position")}
          label="Position"
          inputMode="numeric"
          hint="Where it comes among the shop's collections; lower comes first. Empty: at the end."
        />
      </Card>
    </>
  );
}
