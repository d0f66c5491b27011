import type { BillingModelType } from "../../../common/billing";
import type { AdminActionData } from "./screen-types";

// The names of the product form's fields that are not flat (issue 14): the variant grid's rows,
// the gallery's ordered rows, the collections' tick boxes and the "Generate variants" panel. The
// screen (app/lib/admin-products.server.ts) reads the same names back into the API's body.

/** A field of an existing variant's row, by the variant's id: `variant.12.price`. */
export const variantField = (id: number | string, field: VariantField) => `variant.${id}.${field}`;

/** A field of a new variant's row, by its place among the new rows: `newVariant.0.price`. */
export const newVariantField = (row: number, field: VariantField | `option.${number}`) =>
  `newVariant.${row}.${field}`;

export type VariantField =
  | "sku"
  | "price"
  | "compareAtPrice"
  | "stockOnHand"
  | "attributeIds"
  /** An existing row's saved values, so only what changed is sent. */
  | "was";

/** A row of an ordered list (the gallery, a collection's products): `media.0.fileId`. */
export const rowField = (list: string, row: number, field: string) => `${list}.${row}.${field}`;

/** A hand-picked collection's tick box on the product form: `collection.4`. */
export const collectionField = (id: number) => `collection.${id}`;

/** The "Generate variants" panel's fields: `generate.value.17`, `generate.price` … */
export const generateField = (field: "price" | "compareAtPrice" | "stockOnHand" | "skuPattern") =>
  `generate.${field}`;
export const generateValueField = (id: number) => `generate.value.${id}`;

/** The form that the panel's fields and the rows' delete buttons belong to (outside the main one). */
export const GENERATE_FORM = "generate-variants";
export const VARIANT_DELETE_FORM = "variant-delete";

/** An option type and its values, as the product form offers them. */
export type OptionType = {
  id: number;
  slug: string;
  title: string;
  display: "buttons" | "swatches";
  values: Array<{ id: number; title: string; swatch: string | null }>;
};

/** A media file as the gallery shows it: its title and, for an image, a small picture. */
export type GalleryFile = { title: string; imageUrl: string | null; kind: string };

/** What the product form offers to choose from. */
export type ProductFormOptions = {
  bands: Array<{ id: number; title: string }>;
  /** Hand-picked collections only: rule collections choose their products themselves. */
  collections: Array<{ id: number; title: string }>;
  optionTypes: OptionType[];
  /** How the product can be sold (none is one-off); a pre-order needs a release date. */
  billingModels: Array<{ id: number; title: string; type: BillingModelType }>;
};

/**
 * What the product form's page answers when it does not redirect: the form's own answers
 * (`AdminActionData`), a refused "Generate variants" (its errors beside its fields), the question
 * before deleting a variant (no JavaScript), or a variant's delete that was refused.
 */
export type ProductActionData =
  | AdminActionData
  | {
      intent: "generate";
      message?: string;
      errors?: Record<string, string[]>;
      values?: Record<string, string>;
    }
  | { intent: "confirm-delete-variant"; ids: string[] }
  | { intent: "variant"; message: string };

/** The form's own answers, apart from the panel's and the variants' (for `ResourceForm`). */
export function formResult(result: ProductActionData | undefined): AdminActionData | undefined {
  return result?.intent === "save" ||
    result?.intent === "confirm-delete" ||
    result?.intent === "delete"
    ? result
    : undefined;
}
