import { data } from "react-router";
import { z } from "zod";
import { idListField } from "../../common/form-codecs";
import { brandRoutes, bulkStatusRoute } from "../../server/catalog/staff-api.ts";
import type { AdminActionData } from "../components/admin/screen-types";
import { productScreens } from "./admin-products.server";
import { listAll, mayCall, redirectWithFlash, type ScreenArgs } from "./admin-resource.server";
import { failureMessage, readForm, runFormRoute } from "./form-route.server";

/** The list's ticked rows: `ids`, one per ticked box. */
const TickedProducts = z.object({ ids: idListField("Tick the products from the list.") });

// The products' list screen (issue 14): its page, its band filter and its bulk publishing. The
// product's own form is app/lib/admin-products.server.ts.

type Args = Pick<ScreenArgs, "request" | "url" | "context">;

const PATH = "/admin/products";

/** The list's loader: a page of products, and the bands its filter offers. */
export async function productList(args: Pick<Args, "url" | "context">) {
  const [screen, bands] = await Promise.all([
    productScreens.list(args),
    listAll(brandRoutes.list, args.context, { sort: "title" }),
  ]);
  return {
    ...screen,
    canPublish: mayCall(bulkStatusRoute, args.context),
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
export async function productListAction(args: Args) {
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
  const result = await runFormRoute(bulkStatusRoute, request, context, {
    area: "staff",
    codec: TickedProducts,
    body: (_form, { ids: ticked }) => ({ ids: ticked, status: change.status }),
  });
  if (!result.ok) {
    return data<AdminActionData>(
      { intent: "bulk", message: failureMessage(result, "Nothing was changed.") },
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
