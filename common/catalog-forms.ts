import { z } from "zod";
import {
  checkboxField,
  fieldGroup,
  idField,
  idListField,
  optionalPoundsField,
  optionalTextField,
  rowsField,
  textField,
  wholeNumberField,
} from "./form-codecs.ts";

// The catalogue's staff forms (issue 30): each field's name is the API body's path, read by its
// codec. Rules stay in the API's inputs (server/catalog/validators.ts); a form only reads.

/** A place in a list: empty is "at the end", as the API places a record sent without one. */
const position = () => wholeNumberField({ max: 100_000, empty: "omit" });

/** The band form: /admin/bands/new and /admin/bands/{id} (`brands` in the API). */
export const BrandForm = z.object({
  title: textField(),
  slug: optionalTextField(),
  story: textField(),
  genre: textField(),
  origin: textField(),
  links: fieldGroup({
    website: textField(),
    instagram: textField(),
    spotify: textField(),
    bandcamp: textField(),
    youtube: textField(),
  }),
  logoFileId: idField("Choose a logo from the media library."),
  heroFileId: idField("Choose a picture from the media library."),
  featured: checkboxField(),
  seoTitle: textField(),
  seoDescription: textField(),
});

/** The attribute type form (Size, Colour): /admin/attribute-types/… */
export const AttributeTypeForm = z.object({
  title: textField(),
  slug: optionalTextField(),
  display: optionalTextField(),
  position: position(),
});

/** An attribute value's form (S, Black): its type is chosen when it is made, and never changes. */
export const AttributeForm = z.object({
  title: textField(),
  slug: optionalTextField(),
  position: position(),
  swatch: optionalTextField("null"),
});

/** The new attribute value's form: its own fields and its type. */
export const NewAttributeForm = AttributeForm.extend({
  attributeTypeId: idField("Choose the attribute type.", { required: true }),
});

// Products ----------------------------------------------------------------------------------------

/** A choice the record cannot go without (a product's band, its type): empty is asked for. */
const chosenIdField = (message: string) => idField(message).refine((id) => id !== null, message);
const chosenTextField = (message: string) =>
  textField().refine((typed) => typed !== undefined && typed.trim() !== "", message);

/** Tags typed in one field, separated by commas: each as typed, trimmed, empty ones left out. */
const commaListField = () =>
  z.codec(z.string().optional(), z.array(z.string()), {
    decode: (typed) =>
      (typed ?? "")
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    encode: (tags) => tags.join(", "),
  });

/** What an existing variant's row held when drawn: its price, compare-at price, SKU and stock. */
type SavedVariant = {
  price: number;
  compareAtPrice: number | null;
  sku: string;
  stockOnHand: number;
};

/**
 * An existing variant's saved fields, carried by its row (hidden, as `price=2500&sku=…`), so a
 * save sends only what staff changed and the audit log and the variant's `updatedAt` show real
 * changes. Text that is not one is `null`: the row is then not sent.
 */
const savedVariantField = () =>
  z.codec(
    z.string().optional(),
    z
      .object({
        price: z.number(),
        compareAtPrice: z.number().nullable(),
        sku: z.string(),
        stockOnHand: z.number(),
      })
      .nullable(),
    {
      decode: (typed) => {
        const saved = new URLSearchParams(typed ?? "");
        // Pence, or a stock: a whole number.
        const whole = (name: keyof SavedVariant) => {
          const text = saved.get(name) ?? "";
          return text !== "" && Number.isSafeInteger(Number(text)) ? Number(text) : null;
        };
        const price = whole("price");
        const stockOnHand = whole("stockOnHand");
        if (price === null || stockOnHand === null) return null;
        const [compareAtPrice, sku] = [whole("compareAtPrice"), saved.get("sku") ?? ""];
        return { price, compareAtPrice, sku, stockOnHand };
      },
      encode: (saved) => (saved ? savedVariantText(saved) : ""),
    },
  );

/** A variant's saved fields as its row carries them (app/components/admin/variant-grid.tsx writes them the same way). */
const savedVariantText = ({ price, compareAtPrice, sku, stockOnHand }: SavedVariant) =>
  new URLSearchParams({
    price: String(price),
    compareAtPrice: compareAtPrice === null ? "" : String(compareAtPrice),
    sku,
    stockOnHand: String(stockOnHand),
  }).toString();

const PRICE = "Enter the price, like 25.00.";
const STOCK = "Enter the stock as a whole number.";

/** Whether a variant row is a new row left empty: the grid's spare rows, not sent. */
function isBlankVariantRow(row: {
  id: number | null;
  sku?: string;
  price: number | null;
  compareAtPrice: number | null;
  stockOnHand?: number | null;
  attributeIds: number[];
}): boolean {
  return (
    row.id === null &&
    !row.sku?.trim() &&
    row.price === null &&
    row.compareAtPrice === null &&
    (row.stockOnHand === undefined || row.stockOnHand === null) &&
    row.attributeIds.length === 0
  );
}

/**
 * A row of the variant grid (`variants[3].price`): an existing variant's (its `id` and saved
 * fields hidden in the row) or a new one's, with a value of each option chosen. Prices are typed
 * in pounds; a filled-in row needs its price, and an existing one keeps a stock.
 */
const VariantRowForm = z
  .object({
    id: idField("No such variant of this product."),
    was: savedVariantField(),
    sku: textField(),
    price: optionalPoundsField({ message: PRICE }),
    compareAtPrice: optionalPoundsField({ message: PRICE }),
    stockOnHand: wholeNumberField({ max: 1_000_000, empty: "omit", message: STOCK }),
    attributeIds: idListField("Choose a value from the list."),
  })
  .superRefine((row, context) => {
    if (row.price === null && !isBlankVariantRow(row))
      context.addIssue({ code: "custom", path: ["price"], message: PRICE });
    if (row.id !== null && row.stockOnHand === undefined)
      context.addIssue({ code: "custom", path: ["stockOnHand"], message: STOCK });
  });

/** The product form: /admin/products/new and /admin/products/{id} (`products` in the API). */
export const ProductForm = z.object({
  title: textField(),
  slug: optionalTextField(),
  brandId: chosenIdField("Choose the band."),
  type: chosenTextField("Choose the product type."),
  description: textField(),
  status: optionalTextField(),
  tags: commaListField(),
  collectionIds: idListField("Choose a collection from the list."),
  // Empty: the usual rate for the product's type (20%, or 0% for zero-rated goods).
  vatRate: wholeNumberField({
    max: 100,
    empty: "omit",
    message: "Enter the VAT rate as a whole percent, 0 to 100.",
  }),
  releaseDate: optionalTextField("null"),
  billingModelId: idField("Choose a billing model from the list."),
  seoTitle: textField(),
  seoDescription: textField(),
  /** The gallery in order; the box that adds a file is a row too, left out when empty. */
  media: rowsField(
    z.object({
      fileId: idField("Enter the file's number in the media library."),
      attributeId: idField("Choose a colour from the list."),
    }),
  ),
  variants: rowsField(VariantRowForm),
});

/** "Generate variants" on a product's page: the values ticked, and the new variants' fields. */
export const GenerateVariantsForm = z.object({
  attributeIds: idListField("Choose a value from the list."),
  price: optionalPoundsField({ message: PRICE }),
  compareAtPrice: optionalPoundsField({ message: PRICE }),
  stockOnHand: wholeNumberField({ max: 1_000_000, empty: "omit", message: STOCK }),
  skuPattern: optionalTextField(),
  updatedAt: optionalTextField(),
});

type VariantRowFields = z.output<typeof VariantRowForm>;

/** What an existing variant's row changed since the form was drawn (its `was`), or nothing. */
function variantChanges({ id, was, ...typed }: VariantRowFields) {
  if (id === null || !was) return undefined;
  const changes: Record<string, unknown> = {};
  for (const field of ["price", "compareAtPrice", "sku", "stockOnHand"] as const) {
    const same =
      field === "sku"
        ? typed.sku?.toUpperCase() === was.sku.toUpperCase()
        : typed[field] === was[field];
    if (!same) changes[field] = typed[field];
  }
  return Object.keys(changes).length ? { id, ...changes } : undefined;
}

/** A new variant's row as the API takes it: what was filled in (a SKU left empty is made). */
function newVariant({ sku, compareAtPrice, attributeIds, price, stockOnHand }: VariantRowFields) {
  return {
    price,
    ...(stockOnHand === undefined ? {} : { stockOnHand }),
    ...(sku?.trim() ? { sku } : {}),
    ...(compareAtPrice === null ? {} : { compareAtPrice }),
    ...(attributeIds.length ? { attributeIds } : {}),
  };
}

/**
 * The variant grid's rows as the API's `variants`: only those that say something, an existing
 * variant's changes (so the audit log and the variant's `updatedAt` show real ones) and each new
 * row filled in; `sent` is the grid's row each one came from.
 */
export function variantsBody(rows: VariantRowFields[]) {
  const sent: number[] = [];
  const variants = rows.flatMap((row, at) => {
    const variant =
      row.id !== null ? variantChanges(row) : isBlankVariantRow(row) ? undefined : newVariant(row);
    if (variant) sent.push(at);
    return variant ? [variant] : [];
  });
  return { variants, sent };
}
