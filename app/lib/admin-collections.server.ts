import type { RouterContextProvider } from "react-router";
import type { CollectionEdit } from "../../common/catalog-admin";
import { describeCollectionRule } from "../../common/collection-rules";
import { fileUrl } from "../../common/file-urls";
import { penceAsPounds } from "../../common/money";
import type { FieldErrors } from "../../common/refusal";
import { productCardsByIds } from "../../server/catalog/service/products.ts";
import { brandRoutes, collectionRoutes, productRoutes } from "../../server/catalog/staff-api.ts";
import type { RowView } from "../components/admin/ordered-list";
import type { GalleryFile } from "../components/admin/product-types";
import { rowField } from "../components/admin/product-types";

import {
  galleryFiles,
  idsInList,
  listRows,
  MONEY_MESSAGE,
  money,
  movedAnswer,
  wholeNumber,
} from "./admin-products.server";
import { type FormBody, listAll, resourceScreens } from "./admin-resource.server";
import { appContext } from "./app-context.server";
import {
  BODY_READS_FIELDS,
  type FormFields,
  fieldValuesOf,
  formBodyOf,
  position,
} from "./form-fields.server";
import { readForm } from "./form-route.server";

type Context = Readonly<RouterContextProvider>;
type Args = {
  request: Request;
  url: URL;
  context: Context;
  params: Record<string, string | undefined>;
};

const routes = {
  collections: collectionRoutes,
  brands: brandRoutes.list,
  products: productRoutes.list,
};

const FLAT: FormFields = {
  title: "text",
  slug: "optional",
  description: "text",
  heroFileId: "id",
  position,
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

/**
 * The collection form as the API's body: its own fields, and either its hand-picked products in
 * order (`rule: null`) or its rule, with a price rule's bounds typed in pounds and sent in pence.
 */
function collectionBody(form: FormData): FormBody {
  const body = formBodyOf(form, FLAT);
  const rows = listRows(form, "products").filter(
    (row) => text(form, rowField("products", row, "id")) !== "",
  );
  if (form.get("kind") === "rule") {
    const type = text(form, "rule.type");
    const rule: Record<string, unknown> = { type };
    const field = (name: string) => text(form, `rule.${name}`);
    if (type === "new-in") rule.days = field("days") ? wholeNumber(field("days")) : undefined;
    if (type === "low-stock") rule.below = field("below") ? wholeNumber(field("below")) : undefined;
    if (type === "tag") rule.tag = field("tag");
    if (type === "band")
      rule.brandId = field("brandId") ? wholeNumber(field("brandId")) : undefined;
    if (type === "product-type") rule.productType = field("productType");
    if (type === "price") {
      if (field("min")) rule.min = money(field("min"));
      if (field("max")) rule.max = money(field("max"));
    }
    body.rule = rule;
  } else {
    body.rule = null;
    body.productIds = rows.map((row) => wholeNumber(text(form, rowField("products", row, "id"))));
  }
  const errorsAt = (errors: FieldErrors): FieldErrors => {
    const placed: FieldErrors = {};
    const put = (name: string, messages: string[]) => {
      placed[name] = [...(placed[name] ?? []), ...messages];
    };
    for (const [path, messages] of Object.entries(errors)) {
      const product = /^productIds\.(\d+)/.exec(path);
      if (product) {
        const row = rows[Number(product[1])];
        put(row === undefined ? "products" : rowField("products", row, "id"), messages);
      } else if (path === "productIds") put("products", messages);
      else if (path === "rule" || path === "rule.type") put("rule.type", messages);
      else if (path === "rule.min" || path === "rule.max")
        put(
          path,
          messages.map((message) =>
            /pence|expected|too small/i.test(message) ? MONEY_MESSAGE : message,
          ),
        );
      else if (path.startsWith("rule.") && /expected|Must be an id/i.test(messages.join(" ")))
        put(path, [RULE_MISSING[path] ?? "Fill this in for the rule."]);
      else put(path, messages);
    }
    return placed;
  };
  return { body, errorsAt };
}

/** What a rule's field asks for when it is empty. */
const RULE_MISSING: Record<string, string> = {
  "rule.days": "Enter how many days a product counts as new.",
  "rule.below": "Enter the stock below which a product is shown.",
  "rule.brandId": "Choose the band.",
};

/** A collection as its form holds it: its rule's fields by name, its products in order. */
function collectionValues(record: CollectionEdit): Record<string, string> {
  const values = fieldValuesOf(record, FLAT);
  values.kind = record.kind;
  const rule: Partial<Record<string, unknown>> = record.rule ?? {};
  values["rule.type"] = record.rule?.type ?? "";
  for (const field of ["days", "below", "tag", "brandId", "productType"]) {
    const value = rule[field];
    values[`rule.${field}`] = value === undefined || value === null ? "" : String(value);
  }
  values["rule.min"] = typeof rule.min === "number" ? penceAsPounds(rule.min) : "";
  values["rule.max"] = typeof rule.max === "number" ? penceAsPounds(rule.max) : "";
  record.productIds.forEach((id, row) => {
    values[rowField("products", row, "id")] = String(id);
  });
  return values;
}

/** The collections' screens (issue 14): the staff API's `product-collections`, as /admin/collections. */
export const collectionScreens = resourceScreens({
  routes: routes.collections,
  path: "/admin/collections",
  noun: "collection",
  plural: "collections",
  label: (collection) => collection.title,
  form: BODY_READS_FIELDS,
  body: collectionBody,
});

/** The products a collection's form names, as its rows show them (published ones with a picture). */
async function productViews(context: Context, ids: number[]): Promise<Record<string, RowView>> {
  const wanted = [...new Set(ids)].slice(0, 200);
  const cards = await productCardsByIds(context.get(appContext).db, wanted);
  const views: Record<string, RowView> = {};
  for (const card of cards) {
    views[String(card.id)] = {
      title: card.title,
      imageUrl: card.image ? fileUrl(card.image.slug, 160) : null,
      note: `No. ${card.id} · ${card.brand.title} · published`,
      href: `/admin/products/${card.id}`,
    };
  }
  // Drafts and archived products are not on the shop: the staff list says what they are, in
  // one call for all of them (`ids`). A number that is no product shows only its number, and
  // saving says it is not there.
  const others = wanted.filter((id) => !views[String(id)]);
  const listed = others.length
    ? await listAll(routes.products, context, { ids: others.join(",") })
    : [];
  for (const product of listed) {
    views[String(product.id)] = {
      title: product.title,
      imageUrl: product.imageUrl,
      note: `No. ${product.id} · ${product.status}: not shown in the shop`,
      href: `/admin/products/${product.id}`,
    };
  }
  return views;
}

/** What the form offers to choose from: the bands, for a band rule. */
async function collectionChoices(context: Context) {
  const bands = await listAll(routes.brands, context, { sort: "title" });
  return { bands: bands.map(({ id, title }) => ({ id, title })) };
}

/** The new form's loader. */
export async function blankCollection(context: Context) {
  return {
    values: { ...fieldValuesOf({}, FLAT), kind: "curated", "rule.type": "new-in" },
    products: {} as Record<string, RowView>,
    hero: null,
    ...(await collectionChoices(context)),
  };
}

/** The edit form's loader: the collection, its products' names and its hero image. */
export async function collectionRecord(args: Args) {
  const screen = await collectionScreens.record(args);
  const values = collectionValues(screen.record);
  const [products, choices, files] = await Promise.all([
    productViews(args.context, idsInList(values, "products", "id")),
    collectionChoices(args.context),
    screen.record.heroFileId
      ? galleryFiles(args.context, [screen.record.heroFileId])
      : ({} as Record<string, GalleryFile>),
  ]);
  const hero = screen.record.heroFileId ? (files[String(screen.record.heroFileId)] ?? null) : null;
  return { ...screen, values, products, hero, ...choices };
}

/** A no-JavaScript move of a product row, or the form's own save and delete. */
export async function collectionAction(args: Args, isNew: boolean) {
  const form = await readForm(args.request.clone());
  const move = form.get("move");
  if (typeof move === "string" && move) return movedAnswer(form, move);
  return isNew ? collectionScreens.create(args) : collectionScreens.edit(args);
}

/** The list's loader: a page of collections, each rule in words. */
export async function collectionList(args: Pick<Args, "url" | "context">) {
  const [screen, { bands }] = await Promise.all([
    collectionScreens.list(args),
    collectionChoices(args.context),
  ]);
  const names = Object.fromEntries(bands.map((band) => [band.id, band.title]));
  return {
    ...screen,
    rows: screen.rows.map((row) => ({ ...row, ruleText: describeCollectionRule(row.rule, names) })),
  };
}
