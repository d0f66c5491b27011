import type { BillingModelType } from "../../../common/billing";
import type { AdminActionData } from "./screen-types";

// The names of the product form's fields that are not flat (issue 14): the variant grid's rows,
// the gallery's ordered rows, the collections' tick boxes and the "Generate variants" panel. Each
// is the path of the API body's field it stands for (common/catalog-forms.ts reads them), so the
// API's errors land beside them by path.

/** A field of the variant grid's row: `variants[3].price`. Existing variants come first. */
export const variantField = (row: number, field: VariantField) => `variants[${row}].${field}`;

/** A new row's value of the `index`th option type offered: `variants[3].attributeIds[1]`. */
export const variantOptionField = (row: number, index: number) =>
  `variants[${row}].attributeIds[${index}]`;

export type VariantField =
  /** An existing row's variant (hidden), and its saved fields, so only what changed is sent. */
  "id" | "was" | "sku" | "price" | "compareAtPrice" | "stockOnHand" | "attributeIds";

/** A row of an ordered list, read field by field: `products.0.id` (a collection's products). */
export const rowField = (list: string, row: number, field: string) => `${list}.${row}.${field}`;

/** A row of an ordered list, as a form codec names it (the body's path): `media[0].fileId`. */
export const rowPath = (list: string, row: number, field: string) => `${list}[${row}].${field}`;

/** The tick box of the `index`th hand-picked collection offered: `collectionIds[4]`. */
export const collectionField = (index: number) => `collectionIds[${index}]`;

/** The tick box of the `index`th option value "Generate variants" offers: `attributeIds[7]`. */
export const generateValueField = (index: number) => `attributeIds[${index}]`;

/** Whether a form's values tick or choose `id` among the fields under `list` (`collectionIds`). */
export const listHolds = (values: Record<string, string>, list: string, id: number) =>
  Object.entries(values).some(
    ([name, value]) => name.startsWith(`${list}[`) && value === String(id),
  );

/** The messages of every field under `prefix` (a row, a list of tick boxes), together. */
export const errorsUnder = (errors: Record<string, string[]>, prefix: string) =>
  Object.entries(errors)
    .filter(
      ([name]) => name === prefix || name.startsWith(`${prefix}[`) || name.startsWith(`${prefix}.`),
    )
    .flatMap(([, messages]) => messages);

/** The form that the panel's fields and the rows' delete buttons belong to (outside the main one). */
export const GENERATE_FORM = "generate-variants";
export const VARIANT_DELETE_FORM = "variant-delete";

/** An option type and its values, as the product form offers them. */
export type AttributeTypeChoice = {
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
  attributeTypes: AttributeTypeChoice[];
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
