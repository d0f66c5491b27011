import { inArray } from "drizzle-orm";
import type { FILE_TYPES } from "../../../common/images.ts";
import { type Refusal, refuse } from "../../../common/refusal.ts";
import type { Db } from "../../db/client.ts";
import { mediaFileView } from "../../media/index.ts";

// Checks the catalogue's staff forms share (decision 0014): the same question gets the same words
// on every form.

/** The type of each file of `ids` that exists in the media library. */
export async function fileTypesOf(
  tx: Db,
  ids: number[],
): Promise<Map<number, (typeof FILE_TYPES)[number]>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: mediaFileView.id, fileType: mediaFileView.fileType })
    .from(mediaFileView)
    .where(inArray(mediaFileView.id, ids));
  return new Map(rows.map((row) => [row.id, row.fileType]));
}

export const NOT_AN_IMAGE = "Choose an image from the media library.";

/**
 * The first of `fields` (a form's image fields: `{ logoFileId: 12 }`) that names no image of the
 * media library, as a 422 on that field; unset and null fields pass.
 */
export async function notAnImage(
  tx: Db,
  fields: Record<string, number | null | undefined>,
): Promise<Refusal | undefined> {
  const named = Object.entries(fields).filter(
    (entry): entry is [string, number] => typeof entry[1] === "number",
  );
  const types = await fileTypesOf(
    tx,
    named.map(([, id]) => id),
  );
  const wrong = named.find(([, id]) => types.get(id) !== "IMAGE");
  return wrong ? refuse("invalid", NOT_AN_IMAGE, wrong[0]) : undefined;
}

/** The words for a name another record already has (issue 30; `nameTaken`). */
export const BAND_NAME_TAKEN = "Another band already has this name. Choose another.";
export const VALUE_NAME_TAKEN = "Another value of this option has this name. Choose another.";
export const COLLECTION_NAME_TAKEN = "Another collection already has this name. Choose another.";

/**
 * The catalogue's database checks, each as the form field it is about: the service checks first,
 * so these answer only a race (two saves at once taking the same SKU), as a 422, never a 500.
 */
const CONSTRAINT_FIELDS: Record<string, [field: string, message: string]> = {
  product_variants_price: ["price", "Enter a price of at least £0.01."],
  product_variants_compare_at: [
    "compareAtPrice",
    "The compare-at price must be more than the price.",
  ],
  product_variants_stock: ["stockOnHand", "Stock cannot be below zero."],
  product_variants_sku_unique: ["sku", "Another variant already has this SKU. Choose another."],
  products_slug_unique: ["slug", "Another product already has this slug. Choose another."],
  brands_slug_unique: ["slug", "Another band already has this slug. Choose another."],
  brands_title_unique: ["title", BAND_NAME_TAKEN],
  attributes_type_title_unique: ["title", VALUE_NAME_TAKEN],
  product_collections_title_unique: ["title", COLLECTION_NAME_TAKEN],
  products_vat_rate: ["vatRate", "The VAT rate is 0 to 100."],
  attribute_types_slug_unique: ["slug", "Another option already has this slug. Choose another."],
  attributes_type_slug_idx: ["slug", "Another value of this option has this slug. Choose another."],
  attributes_swatch: ["swatch", "Enter a colour as #rrggbb."],
  product_collections_slug_unique: [
    "slug",
    "Another collection already has this slug. Choose another.",
  ],
};

/** The refusal for a broken catalogue check (SQLSTATE 23505 or 23514), else undefined. */
export function constraintRefusal(error: unknown): Refusal | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if ((code === "23505" || code === "23514") && typeof constraint === "string") {
      const known = CONSTRAINT_FIELDS[constraint];
      return known && refuse("invalid", known[1], known[0]);
    }
  }
  return undefined;
}

/** Runs a write; a broken catalogue check comes back as its field's refusal (see above). */
export async function checkedWrite<T>(work: () => Promise<T | Refusal>): Promise<T | Refusal> {
  try {
    return await work();
  } catch (error) {
    const refusal = constraintRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}
