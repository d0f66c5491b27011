import { CollectionForm } from "../../common/collection-forms";
import { describeCollectionRule } from "../../common/collection-rules";
import { fileUrl } from "../../common/file-urls";
import { productCardsByIds } from "../../server/catalog/service/products.ts";
import { brandRoutes, collectionRoutes, productRoutes } from "../../server/catalog/staff-api.ts";
import type { RowView } from "../components/admin/ordered-list";
import {
  listAll,
  resourceScreens,
  type ScreenArgs,
  type ScreenContext,
} from "./admin-resource.server";
import { appContext } from "./app-context.server";
import { galleryFiles } from "./gallery-files.server";

/** The collections' screens (issue 14): the staff API's `product-collections`, as /admin/collections. */
export const collectionScreens = resourceScreens({
  routes: collectionRoutes,
  path: "/admin/collections",
  noun: "collection",
  plural: "collections",
  label: (collection) => collection.title,
  form: CollectionForm,
  rowMoves: true,
  // A collection holds either its rule or its hand-picked products: the API takes one of them.
  body: (_form, { productIds, ...fields }) => ({
    body: fields.rule ? fields : { ...fields, productIds },
  }),
});

/** The products a collection's form names, as its rows show them (published ones with a picture). */
async function productViews(
  context: ScreenContext,
  ids: number[],
): Promise<Record<string, RowView>> {
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
    ? await listAll(productRoutes.list, context, { ids: others.join(",") })
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
async function collectionChoices(context: ScreenContext) {
  const bands = await listAll(brandRoutes.list, context, { sort: "title" });
  return { bands: bands.map(({ id, title }) => ({ id, title })) };
}

/** The new form's loader: hand-picked, until staff choose a rule. */
export async function blankCollection(context: ScreenContext) {
  const products: Record<string, RowView> = {};
  return {
    ...collectionScreens.blank(),
    products,
    hero: null,
    ...(await collectionChoices(context)),
  };
}

/** The edit form's loader: the collection, its products' names and its hero image. */
export async function collectionRecord(args: ScreenArgs) {
  const screen = await collectionScreens.record(args);
  const { productIds, heroFileId } = screen.record;
  const [products, choices, files] = await Promise.all([
    productViews(args.context, productIds),
    collectionChoices(args.context),
    galleryFiles(args.context, heroFileId ? [heroFileId] : []),
  ]);
  return { ...screen, products, hero: files[String(heroFileId)] ?? null, ...choices };
}

/** A no-JavaScript move of a product row, or the form's own save and delete. */
export const collectionAction = (args: ScreenArgs, isNew: boolean) =>
  isNew ? collectionScreens.create(args) : collectionScreens.edit(args);

/** The list's loader: a page of collections, each rule in words. */
export async function collectionList(args: Pick<ScreenArgs, "url" | "context">) {
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
