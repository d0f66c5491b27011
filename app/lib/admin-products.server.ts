import { data, type RouterContextProvider } from "react-router";
import type { ProductEdit } from "../../common/catalog-admin";
import { penceAsPounds, poundsToPence } from "../../common/money";
import type { FieldErrors } from "../../common/refusal";
import { billingModelRoutes } from "../../server/billing/api.ts";
import {
  attributeRoutes,
  attributeTypeRoutes,
  brandRoutes,
  bulkStatusRoute,
  collectionRoutes,
  generateVariantsRoute,
  productRoutes,
  variantRoutes,
} from "../../server/catalog/staff-api.ts";
import { fileRoute } from "../../server/media/api.ts";
import {
  collectionField,
  type GalleryFile,
  generateField,
  newVariantField,
  type ProductActionData,
  type ProductFormOptions,
  rowField,
  variantField,
} from "../components/admin/product-types";
import type { AdminActionData } from "../components/admin/screen-types";
import {
  callRoute,
  type FormBody,
  listAll,
  mayCall,
  redirectWithFlash,
  resourceScreens,
} from "./admin-resource.server";
import {
  BODY_READS_FIELDS,
  type FormFields,
  fieldValuesOf,
  formBodyOf,
} from "./form-fields.server";
import { readForm, runFormRoute } from "./form-route.server";
import { requireId } from "./route-params";

type Context = Readonly<RouterContextProvider>;
type Args = {
  request: Request;
  url: URL;
  context: Context;
  params: Record<string, string | undefined>;
};

const PATH = "/admin/products";

/** The catalogue's staff routes the product screens run in process (server/catalog/staff-api.ts). */
const routes = {
  products: productRoutes,
  variants: variantRoutes,
  generate: generateVariantsRoute,
  bulkStatus: bulkStatusRoute,
  brands: brandRoutes.list,
  collections: collectionRoutes.list,
  optionTypes: attributeTypeRoutes.list,
  optionValues: attributeRoutes.list,
  file: fileRoute,
  billingModels: billingModelRoutes.list,
};

// ---------------------------------------------------------------------------------------------
// Reading the form

/** The product's own fields, as flat as a form holds them. */
const FLAT_FIELDS: FormFields = {
  title: "text",
  slug: "optional",
  // A drop-down: its id, or nothing chosen (the schema's message then asks for one).
  brandId: (typed) => (typed && /^\d{1,10}$/.test(typed) ? Number(typed) : null),
  type: "text",
  description: "text",
  status: "optional",
  // Empty: the usual rate for the product's type (20%, or 0% for zero-rated goods).
  vatRate: (typed) => {
    const text = typed?.trim() ?? "";
    if (text === "") return undefined;
    return /^\d{1,3}$/.test(text) ? Number(text) : text;
  },
  releaseDate: (typed) => (typed?.trim() ? typed.trim() : null),
  billingModelId: "id",
  seoTitle: "text",
  seoDescription: "text",
};

/** The rows of an ordered list in the form (`media.0.fileId`, `media.1.fileId` …), in order. */
export function listRows(form: FormData | Record<string, string>, list: string): number[] {
  const names = form instanceof FormData ? [...form.keys()] : Object.keys(form);
  const pattern = new RegExp(`^${list}\\.(\\d+)\\.`);
  const rows = new Set<number>();
  for (const name of names) {
    const match = pattern.exec(name);
    if (match) rows.add(Number(match[1]));
  }
  return [...rows].sort((a, b) => a - b);
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** A whole number as typed, or the text itself for the schema to refuse by name. */
export const wholeNumber = (typed: string): number | string =>
  /^\s*\d{1,9}\s*$/.test(typed) ? Number(typed) : typed;

/** Money as typed in pounds, in pence; unreadable text goes as it is, for the schema to refuse. */
export const money = (typed: string): number | string | undefined => {
  const pence = poundsToPence(typed);
  return pence === null ? typed : pence;
};

export const MONEY_MESSAGE = "Enter the price in pounds, such as 25.00.";

/** The schema speaks of pence (the API's unit); staff type pounds. */
const inPounds = (messages: string[]) =>
  messages.map((message) => (/pence/i.test(message) ? MONEY_MESSAGE : message));

/** Puts `messages` at `name`, after any already there. */
function add(errors: FieldErrors, name: string, messages: string[]) {
  errors[name] = [...(errors[name] ?? []), ...messages];
}

/**
 * The variant rows of the form as the API's `variants`: an existing row only with the fields
 * staff changed (so the audit log and the variants' `updatedAt` show real changes), a new row
 * when anything in it was filled in. `rows` says which row of the form each one is.
 */
function variantRows(form: FormData, withExisting: boolean) {
  const variants: Array<Record<string, unknown>> = [];
  const rows: string[] = [];
  if (withExisting) {
    for (const name of form.keys()) {
      const match = /^variant\.(\d+)\.was$/.exec(name);
      if (!match) continue;
      const id = Number(match[1]);
      const [price, compareAt, sku, stock] = text(form, name).split("|");
      const typed = (field: "price" | "compareAtPrice" | "sku" | "stockOnHand") =>
        text(form, variantField(id, field)).trim();
      const changes: Record<string, unknown> = {};
      const newPrice = typed("price") === "" ? "" : money(typed("price"));
      if (String(newPrice) !== price) changes.price = newPrice;
      const newCompareAt = typed("compareAtPrice") === "" ? null : money(typed("compareAtPrice"));
      if (String(newCompareAt ?? "") !== compareAt) changes.compareAtPrice = newCompareAt;
      if (typed("sku").toUpperCase() !== sku?.toUpperCase()) changes.sku = typed("sku");
      const newStock = wholeNumber(typed("stockOnHand"));
      if (String(newStock) !== stock) changes.stockOnHand = newStock;
      if (Object.keys(changes).length === 0) continue;
      variants.push({ id, ...changes });
      rows.push(`variant.${id}`);
    }
  }
  for (const row of listRows(form, "newVariant")) {
    const typed = (field: "price" | "compareAtPrice" | "sku" | "stockOnHand") =>
      text(form, newVariantField(row, field)).trim();
    const options = [...form.keys()]
      .filter((name) => name.startsWith(`newVariant.${row}.option.`))
      .map((name) => text(form, name))
      .filter((value) => value !== "");
    if (
      options.length === 0 &&
      !typed("price") &&
      !typed("compareAtPrice") &&
      !typed("sku") &&
      !typed("stockOnHand")
    )
      continue;
    variants.push({
      ...(typed("sku") ? { sku: typed("sku") } : {}),
      ...(typed("price") ? { price: money(typed("price")) } : {}),
      ...(typed("compareAtPrice") ? { compareAtPrice: money(typed("compareAtPrice")) } : {}),
      ...(typed("stockOnHand") ? { stockOnHand: wholeNumber(typed("stockOnHand")) } : {}),
      ...(options.length ? { attributeIds: options.map(wholeNumber) } : {}),
    });
    rows.push(`newVariant.${row}`);
  }
  return { variants, rows };
}

/**
 * The product form as the API's body (`products/store` or `products/update`): its flat fields,
 * the tags typed with commas, the ticked collections, the gallery in its order, and the variant
 * rows (prices typed in pounds, sent in pence). The route's errors go back beside the form's
 * own fields: `variants.3.price` of the body is the price of the row it came from.
 */
export function productBody(form: FormData, isNew: boolean): FormBody {
  const body: Record<string, unknown> = formBodyOf(form, FLAT_FIELDS);
  const tags = text(form, "tags")
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  body.tags = tags;
  body.collectionIds = [...form.keys()]
    .map((name) => /^collection\.(\d+)$/.exec(name)?.[1])
    .filter((id): id is string => id !== undefined && form.get(`collection.${id}`) === "true")
    .map(Number);

  const gallery = listRows(form, "media").filter(
    (row) => text(form, rowField("media", row, "fileId")).trim() !== "",
  );
  body.media = gallery.map((row) => {
    const attributeId = text(form, rowField("media", row, "attributeId"));
    return {
      fileId: wholeNumber(text(form, rowField("media", row, "fileId")).trim()),
      attributeId: attributeId ? wholeNumber(attributeId) : null,
    };
  });

  const { variants, rows } = variantRows(form, !isNew);
  if (variants.length) body.variants = variants;

  const errorsAt = (errors: FieldErrors): FieldErrors => {
    const placed: FieldErrors = {};
    for (const [path, messages] of Object.entries(errors)) {
      const variant = /^variants\.(\d+)(?:\.([^.]+))?/.exec(path);
      const file = /^media\.(\d+)(?:\.([^.]+))?/.exec(path);
      const tag = /^tags\.(\d+)/.exec(path);
      if (variant) {
        const row = rows[Number(variant[1])];
        const field = variant[2] === "id" || !variant[2] ? "price" : variant[2];
        if (row)
          add(placed, `${row}.${field}`, field.endsWith("rice") ? inPounds(messages) : messages);
        else add(placed, "variants", messages);
      } else if (file) {
        const row = gallery[Number(file[1])];
        add(
          placed,
          row === undefined ? "media" : rowField("media", row, file[2] ?? "fileId"),
          messages,
        );
      } else if (tag) {
        add(
          placed,
          "tags",
          messages.map((message) => `“${tags[Number(tag[1])] ?? ""}”: ${message}`),
        );
      } else if (path === "brandId" && !body.brandId) {
        add(placed, path, ["Choose the band."]);
      } else if (path === "type" && !body.type) {
        add(placed, path, ["Choose the product type."]);
      } else {
        add(placed, path, messages);
      }
    }
    return placed;
  };
  return { body, errorsAt };
}

// ---------------------------------------------------------------------------------------------
// The record as the form shows it

/** A product as its form's fields hold it: prices in pounds, each row by its own names. */
export function productValues(record: ProductEdit): Record<string, string> {
  const values = fieldValuesOf(record, FLAT_FIELDS);
  values.tags = record.tags.join(", ");
  for (const id of record.collectionIds) values[collectionField(id)] = "true";
  record.media.forEach((file, row) => {
    values[rowField("media", row, "fileId")] = String(file.fileId);
    values[rowField("media", row, "attributeId")] = file.attributeId
      ? String(file.attributeId)
      : "";
  });
  for (const variant of record.variants) {
    values[variantField(variant.id, "sku")] = variant.sku;
    values[variantField(variant.id, "price")] = penceAsPounds(variant.price);
    values[variantField(variant.id, "compareAtPrice")] = penceAsPounds(variant.compareAtPrice);
    values[variantField(variant.id, "stockOnHand")] = String(variant.stockOnHand);
    values[variantField(variant.id, "was")] = [
      variant.price,
      variant.compareAtPrice ?? "",
      variant.sku,
      variant.stockOnHand,
    ].join("|");
  }
  return values;
}

/** What the product form offers: bands, hand-picked collections, and option types with values. */
export async function productFormOptions(context: Context): Promise<ProductFormOptions> {
  const [bands, collections, types, values, models] = await Promise.all([
    listAll(routes.brands, context, { sort: "title" }),
    listAll(routes.collections, context, { kind: "curated", sort: "title" }),
    listAll(routes.optionTypes, context, { sort: "position" }),
    listAll(routes.optionValues, context, { sort: "position" }),
    listAll(routes.billingModels, context, { sort: "title" }),
  ]);
  return {
    bands: bands.map(({ id, title }) => ({ id, title })),
    collections: collections.map(({ id, title }) => ({ id, title })),
    optionTypes: types.map((type) => ({
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

/** The media library's files by id, as a gallery shows them (a file gone is left out). */
export async function galleryFiles(
  context: Context,
  ids: number[],
): Promise<Record<string, GalleryFile>> {
  const files = await Promise.all(
    [...new Set(ids)].slice(0, 100).map(async (id) => {
      try {
        return await callRoute(routes.file, context, { params: { id } });
      } catch {
        return undefined;
      }
    }),
  );
  return Object.fromEntries(
    files.flatMap((file) =>
      file
        ? [
            [
              String(file.id),
              {
                title: file.title || file.slug,
                imageUrl: file.fileType === "IMAGE" ? `${file.url}?w=160` : null,
                kind: file.fileType.toLowerCase(),
              },
            ],
          ]
        : [],
    ),
  );
}

/** The file ids a form's values name in the list `list` (`media.0.fileId` …). */
export function idsInList(values: Record<string, string>, list: string, field: string): number[] {
  return listRows(values, list)
    .map((row) => values[rowField(list, row, field)] ?? "")
    .filter((id) => /^\d{1,10}$/.test(id))
    .map(Number);
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
  form: BODY_READS_FIELDS,
  // The edit form's body is built from its rows; a new product lands on its page, for variants.
  body: (form, _decoded, isNew) => productBody(form, isNew),
  redirects: { saved: (product) => `${PATH}/${product.id}` },
  messages: {
    created: (product) =>
      product.variants.length
        ? `Added the product “${product.title}”.`
        : `Added the product “${product.title}”. Add its variants next: generate them from its options, or fill in a row.`,
  },
});

/** The list's loader: a page of products, and the bands its filter offers. */
export async function productList(args: Pick<Args, "url" | "context">) {
  const [screen, bands] = await Promise.all([
    productScreens.list(args),
    listAll(routes.brands, args.context, { sort: "title" }),
  ]);
  return {
    ...screen,
    canPublish: mayCall(routes.bulkStatus, args.context),
    bands: bands.map(({ id, title }) => ({ id, title })),
  };
}

const BULK_STATUS = {
  publish: { status: "published", done: "Published", already: "published" },
  unpublish: { status: "draft", done: "Unpublished", already: "drafts" },
  archive: { status: "archived", done: "Archived", already: "archived" },
} as const;

/**
 * The list's action: publish, unpublish or archive the ticked products (`products/bulk-status`,
 * all or none), or else the bulk delete.
 */
export async function productListAction(args: Pick<Args, "request" | "url" | "context">) {
  const { request, url, context } = args;
  const form = await readForm(request.clone());
  const intent = form.get("intent");
  const change =
    typeof intent === "string" && intent in BULK_STATUS
      ? BULK_STATUS[intent as keyof typeof BULK_STATUS]
      : undefined;
  if (!change) return productScreens.listAction(args);
  const ids = form.getAll("ids").filter((id): id is string => typeof id === "string");
  if (ids.length === 0) {
    return data<AdminActionData>(
      { intent: "bulk", message: `Tick the products to ${String(intent)} first.` },
      { status: 422 },
    );
  }
  const result = await runFormRoute(routes.bulkStatus, request, context, {
    area: "staff",
    body: () => ({ ids: ids.map(wholeNumber), status: change.status }),
  });
  if (!result.ok) {
    const message =
      result.message ||
      Object.values(result.errors ?? {})
        .flat()
        .join(" ") ||
      "Nothing was changed.";
    return data<AdminActionData>(
      { intent: "bulk", message },
      { status: result.status, headers: result.headers },
    );
  }
  const changed = result.value.ids.length;
  return redirectWithFlash(
    context,
    `${PATH}${url.search}`,
    changed === 0
      ? `Nothing to change: the ticked products are ${change.already} already.`
      : `${change.done} ${changed} ${changed === 1 ? "product" : "products"}.`,
  );
}

/** The new form's loader: its empty fields (a draft), and what it offers to choose from. */
export async function blankProduct(context: Context) {
  return {
    ...productScreens.blank(),
    values: { ...fieldValuesOf({}, FLAT_FIELDS), status: "draft" },
    options: await productFormOptions(context),
  };
}

/** The edit form's loader: the product as its form shows it, its choices and its gallery's files. */
export async function productRecord(args: Args) {
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
    values: productValues(screen.record),
    options,
    files,
    canGenerate: mayCall(routes.generate, args.context),
    canDeleteVariants: mayCall(routes.variants.destroy, args.context),
  };
}

/**
 * A move in an ordered list of a form posted without JavaScript (`move=media:2:up`, `:down` or
 * `:remove`): the page again with what was typed and the rows in their new order, not yet saved.
 * With JavaScript the rows move in the browser.
 */
export function movedRows(form: FormData, move: string) {
  const [list = "", at = "", how = ""] = move.split(":");
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string") values[name] = value;
  if (!/^[a-z][a-zA-Z]*$/.test(list) || !/^\d{1,4}$/.test(at)) return values;
  const rows = listRows(values, list);
  const from = rows.indexOf(Number(at));
  const to = how === "up" ? from - 1 : how === "down" ? from + 1 : from;
  if (from === -1 || to < 0 || to >= rows.length) return values;
  const cells = rows.map((row) =>
    Object.fromEntries(
      Object.entries(values)
        .filter(([name]) => name.startsWith(`${list}.${row}.`))
        .map(([name, value]) => [name.slice(`${list}.${row}.`.length), value]),
    ),
  );
  for (const name of Object.keys(values)) if (name.startsWith(`${list}.`)) delete values[name];
  const [moving] = cells.splice(from, 1);
  if (moving && how !== "remove") cells.splice(to, 0, moving);
  cells.forEach((cell, row) => {
    for (const [field, value] of Object.entries(cell)) values[rowField(list, row, field)] = value;
  });
  return values;
}

/** A no-JavaScript move's answer: the form again, its rows moved, marked as unsaved. */
export const movedAnswer = (form: FormData, move: string) =>
  data<AdminActionData>({ intent: "save", values: movedRows(form, move) });

/** The new form's action: a row moved (no JavaScript), or create. */
export async function createProductAction(args: Pick<Args, "request" | "context">) {
  const form = await readForm(args.request.clone());
  const move = form.get("move");
  if (typeof move === "string" && move) return movedAnswer(form, move);
  return productScreens.create(args);
}

/**
 * The edit form's action: a row moved (no JavaScript), "Generate variants", deleting a variant
 * (asking first), or the form's own save and delete.
 */
export async function editProductAction(args: Args) {
  const form = await readForm(args.request.clone());
  const move = form.get("move");
  if (typeof move === "string" && move) return movedAnswer(form, move);
  if (form.get("intent") === "generate") return generate(args, form);
  if (form.has("deleteVariant")) return deleteVariant(args, form);
  return productScreens.edit(args);
}

const GENERATE_FIELDS = ["price", "compareAtPrice", "stockOnHand", "skuPattern"] as const;

/** "Generate variants": every combination of the ticked values, at the price given. */
async function generate(args: Args, form: FormData) {
  const { request, context } = args;
  const id = requireId(args);
  const typed = (field: (typeof GENERATE_FIELDS)[number]) =>
    text(form, generateField(field)).trim();
  const attributeIds = [...form.keys()]
    .map((name) => /^generate\.value\.(\d+)$/.exec(name)?.[1])
    .filter((value): value is string => value !== undefined)
    .map(Number);
  const updatedAt = text(form, "updatedAt");
  const result = await runFormRoute(routes.generate, request, context, {
    area: "staff",
    body: () => ({
      id,
      attributeIds,
      price: typed("price") === "" ? undefined : money(typed("price")),
      ...(typed("compareAtPrice") ? { compareAtPrice: money(typed("compareAtPrice")) } : {}),
      ...(typed("stockOnHand") ? { stockOnHand: wholeNumber(typed("stockOnHand")) } : {}),
      ...(typed("skuPattern") ? { skuPattern: typed("skuPattern") } : {}),
      ...(updatedAt ? { updatedAt } : {}),
    }),
  });
  if (!result.ok) {
    const errors: FieldErrors = {};
    for (const [path, messages] of Object.entries(result.errors ?? {})) {
      const field = path.split(".")[0] ?? path;
      add(
        errors,
        field === "attributeIds" ? "generate.values" : generateField(field as "price"),
        field.endsWith("rice") ? inPounds(messages) : messages,
      );
    }
    const values: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string") values[name] = value;
    return data<ProductActionData>(
      {
        intent: "generate",
        message:
          result.message ??
          "Check the choices marked in “Generate variants”: no variants were added.",
        errors,
        values,
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
async function deleteVariant(args: Args, form: FormData) {
  const { request, context } = args;
  const id = requireId(args);
  const variantId = text(form, "deleteVariant");
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
    return data<ProductActionData>({ intent: "confirm-delete-variant", ids: [variantId] });
  }
  const result = await runFormRoute(routes.variants.destroy, request, context, {
    area: "staff",
    body: () => ({ id: variant.id }),
  });
  if (!result.ok) {
    return data<ProductActionData>(
      {
        intent: "variant",
        message:
          result.message ||
          Object.values(result.errors ?? {})
            .flat()
            .join(" ") ||
          "The variant was not deleted.",
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
