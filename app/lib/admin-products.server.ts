import { data } from "react-router";
import type { z } from "zod";
import { GenerateVariantsForm, ProductForm, variantsBody } from "../../common/catalog-forms";
import { formValuesOf } from "../../common/form-codecs";
import type { FieldErrors } from "../../common/refusal";
import { billingModelRoutes } from "../../server/billing/api.ts";
import {
  attributeRoutes,
  attributeTypeRoutes,
  brandRoutes,
  collectionRoutes,
  generateVariantsRoute,
  productRoutes,
  variantRoutes,
} from "../../server/catalog/staff-api.ts";
import type { ProductActionData, ProductFormOptions } from "../components/admin/product-types";
import {
  callRoute,
  type FormBody,
  listAll,
  mayCall,
  redirectWithFlash,
  resourceScreens,
  type ScreenArgs,
  type ScreenContext,
} from "./admin-resource.server";
import { failureMessage, readForm, runFormRoute } from "./form-route.server";
import { galleryFiles } from "./gallery-files.server";
import { requireId } from "./route-params";

const PATH = "/admin/products";

/** The catalogue's staff routes the product screens run in process (server/catalog/staff-api.ts). */
const routes = {
  products: productRoutes,
  variants: variantRoutes,
  generate: generateVariantsRoute,
  brands: brandRoutes.list,
  collections: collectionRoutes.list,
  attributeTypes: attributeTypeRoutes.list,
  optionValues: attributeRoutes.list,
  billingModels: billingModelRoutes.list,
};

// ---------------------------------------------------------------------------------------------
// The form's body

type ProductFields = z.output<typeof ProductForm>;

/**
 * The product form's body beyond its fields' reading: the gallery without its empty "Add a file"
 * box, and the variant grid's rows that say something (`variantsBody`). The route's errors of
 * `variants.1` are then of the grid's row that became it, and a tag's are said beside the one
 * field that holds them all, naming the tag.
 */
function productBody(decoded: Partial<ProductFields>): FormBody {
  const { variants: rows, media, ...fields } = decoded;
  const body: Record<string, unknown> = { ...fields };
  if (media) body.media = media.filter((file) => file.fileId !== null);
  const { variants, sent } = variantsBody(rows ?? []);
  if (variants.length) body.variants = variants;
  const errorsAt = (errors: FieldErrors): FieldErrors => {
    const placed: FieldErrors = {};
    for (const [name, messages] of Object.entries(errors)) {
      const [, list, index, rest = ""] = /^(variants|tags)\[(\d+)\](.*)$/.exec(name) ?? [];
      const [field, said] =
        list === "variants" && rows
          ? [`variants[${sent[Number(index)] ?? index}]${rest}`, messages]
          : list === "tags"
            ? [
                "tags",
                messages.map((message) => `“${fields.tags?.[Number(index)] ?? ""}”: ${message}`),
              ]
            : [name, messages];
      placed[field] = [...(placed[field] ?? []), ...said];
    }
    return placed;
  };
  return { body, errorsAt };
}

/** What the product form offers: bands, hand-picked collections, and option types with values. */
export async function productFormOptions(context: ScreenContext): Promise<ProductFormOptions> {
  const [bands, collections, types, values, models] = await Promise.all([
    listAll(routes.brands, context, { sort: "title" }),
    listAll(routes.collections, context, { kind: "curated", sort: "title" }),
    listAll(routes.attributeTypes, context, { sort: "position" }),
    listAll(routes.optionValues, context, { sort: "position" }),
    listAll(routes.billingModels, context, { sort: "title" }),
  ]);
  return {
    bands: bands.map(({ id, title }) => ({ id, title })),
    collections: collections.map(({ id, title }) => ({ id, title })),
    attributeTypes: types.map((type) => ({
      id: type.id,
      slug: type.slug,
      title: type.title,
      display: type.display,
      values: values
        .filter((value) => value.attributeType.id === type.id)
        .map(({ id, title, swatch }) => ({ id, title, swatch })),
    })),
    billingModels: models.map(({ id, title, type }) => ({ id, title, type })),
  };
}

// ---------------------------------------------------------------------------------------------
// The screens

/** The products' screens (issue 14): the staff API's `products` resource, as /admin/products. */
export const productScreens = resourceScreens({
  routes: routes.products,
  path: PATH,
  noun: "product",
  plural: "products",
  label: (product) => product.title,
  form: ProductForm,
  rowMoves: true,
  // A new product lands on its page, for its variants.
  body: (_form, decoded) => productBody(decoded as Partial<ProductFields>),
  redirects: { saved: (product) => `${PATH}/${product.id}` },
  messages: {
    created: (product) =>
      product.variants.length
        ? `Added the product “${product.title}”.`
        : `Added the product “${product.title}”. Add its variants next: generate them from its options, or fill in a row.`,
  },
});

/** The new form's loader: its empty fields (a draft), and what it offers to choose from. */
export async function blankProduct(context: ScreenContext) {
  return {
    ...productScreens.blank(),
    values: { ...formValuesOf(ProductForm), status: "draft" },
    options: await productFormOptions(context),
  };
}

/** The edit form's loader: the product as its form shows it, its choices and its gallery's files. */
export async function productRecord(args: ScreenArgs) {
  const screen = await productScreens.record(args);
  const [options, files] = await Promise.all([
    productFormOptions(args.context),
    galleryFiles(
      args.context,
      screen.record.media.map((file) => file.fileId),
    ),
  ]);
  return {
    ...screen,
    options,
    files,
    canGenerate: mayCall(routes.generate, args.context),
    canDeleteVariants: mayCall(routes.variants.destroy, args.context),
  };
}

/** The new form's action: a row moved (no JavaScript), or create. */
export const createProductAction = (args: Pick<ScreenArgs, "request" | "context">) =>
  productScreens.create(args);

/**
 * The edit form's action: a row moved (no JavaScript), "Generate variants", deleting a variant
 * (asking first), or the form's own save and delete.
 */
export async function editProductAction(args: ScreenArgs) {
  const form = await readForm(args.request.clone());
  if (form.get("intent") === "generate") return generate(args);
  if (form.has("deleteVariant")) return deleteVariant(args, form);
  return productScreens.edit(args);
}

/** "Generate variants": every combination of the ticked values, at the price given. */
async function generate(args: ScreenArgs) {
  const { request, context } = args;
  const id = requireId(args);
  const result = await runFormRoute(routes.generate, request, context, {
    area: "staff",
    codec: GenerateVariantsForm,
    body: (_form, decoded) => ({ ...decoded, id }),
  });
  if (!result.ok) {
    return data<ProductActionData>(
      {
        intent: "generate",
        message:
          result.message ??
          "Check the choices marked in “Generate variants”: no variants were added.",
        errors: result.errors,
        values: result.values,
      },
      { status: result.status, headers: result.headers },
    );
  }
  const { created, kept } = result.value;
  const added =
    created.length === 0
      ? "No variants added: the product has every one of those combinations already."
      : `Added ${created.length} ${created.length === 1 ? "variant" : "variants"}.`;
  const keptNote =
    created.length > 0 && kept > 0
      ? ` ${kept} ${kept === 1 ? "combination was" : "combinations were"} there already and kept as ${kept === 1 ? "it was" : "they were"}.`
      : "";
  return redirectWithFlash(context, `${PATH}/${id}`, `${added}${keptNote}`);
}

/**
 * Deleting a variant from the grid (admins, as the API's rule): without JavaScript the first
 * press answers the question, the confirmation deletes. A variant an order holds, or the last of a
 * product on sale, is refused with the API's message.
 */
async function deleteVariant(args: ScreenArgs, form: FormData) {
  const { request, context } = args;
  const id = requireId(args);
  const variantId = form.get("deleteVariant");
  if (!mayCall(routes.variants.destroy, context)) {
    return data<ProductActionData>(
      { intent: "variant", message: "Only admins may delete variants." },
      { status: 403 },
    );
  }
  const product = await callRoute(routes.products.edit, context, {
    params: { id },
  });
  const variant = product.variants.find((row) => String(row.id) === variantId);
  if (!variant) {
    return data<ProductActionData>(
      { intent: "variant", message: "No such variant of this product." },
      { status: 404 },
    );
  }
  if (form.get("intent") !== "delete-variant") {
    return data<ProductActionData>({ intent: "confirm-delete-variant", ids: [String(variant.id)] });
  }
  const result = await runFormRoute(routes.variants.destroy, request, context, {
    area: "staff",
    body: () => ({ id: variant.id }),
  });
  if (!result.ok) {
    return data<ProductActionData>(
      {
        intent: "variant",
        message: failureMessage(result, "The variant was not deleted."),
      },
      { status: result.status, headers: result.headers },
    );
  }
  return redirectWithFlash(
    context,
    `${PATH}/${id}`,
    `Deleted the variant ${variant.title ? `${variant.title} (${variant.sku})` : variant.sku}.`,
  );
}
