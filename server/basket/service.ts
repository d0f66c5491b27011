import type { Basket, BasketAdjustment, BasketLine } from "../../common/basket.ts";
import {
  applyBasketChange,
  type BasketChange,
  fromLines,
  type StoredBasket,
  toLineRequests,
} from "../../common/basket-rules.ts";
import { ONE_MEMBERSHIP, tooManyMemberships } from "../../common/billing-notes.ts";
import { choiceNeeded } from "../../common/option-choices.ts";
import { isRefusal, type Refusal, refuse } from "../../common/refusal.ts";
import { basketVariants, findVariantByOptions } from "../catalog/index.ts";
import type { Db } from "../db/client.ts";
import type { BasketLineChange, BasketLineRequest } from "./validators.ts";

/** The most of one item a basket may hold, whatever the stock. */
export const MAX_PER_LINE = 10;

/**
 * The basket for the requested lines, priced from the database. Lines for the same variant are
 * added together; a variant that no longer exists, is unpublished or sold out is dropped; a
 * quantity above the stock or MAX_PER_LINE is capped. Each change is reported.
 */
export async function resolveBasket(db: Db, requested: BasketLineRequest[]): Promise<Basket> {
  const wanted = new Map<number, number>();
  for (const line of requested) {
    if (line.quantity > 0) wanted.set(line.id, (wanted.get(line.id) ?? 0) + line.quantity);
  }
  const ids = [...wanted.keys()];
  if (ids.length === 0) return { lines: [], adjustments: [], subtotal: 0, itemCount: 0 };

  const { variantRows, optionRows, fileRows } = await basketVariants(db, ids);

  const lines: BasketLine[] = [];
  const adjustments: BasketAdjustment[] = [];
  // Keep the order the shopper added things in.
  for (const [id, quantity] of wanted) {
    const variant = variantRows.find((row) => row.id === id);
    if (variant?.status !== "published") {
      adjustments.push({
        id,
        kind: "removed",
        reason: "unavailable",
        message: "An item in your basket is no longer available and was removed.",
      });
      continue;
    }
    const options = optionRows.filter((row) => row.variantId === id);
    const name = [variant.productTitle, ...options.map((option) => option.title)].join(", ");
    if (variant.stock <= 0) {
      adjustments.push({
        id,
        kind: "removed",
        reason: "sold-out",
        message: `${name} has sold out and was removed from your basket.`,
      });
      continue;
    }
    const maxQuantity = Math.min(variant.stock, MAX_PER_LINE);
    let kept = quantity;
    if (quantity > maxQuantity) {
      kept = maxQuantity;
      adjustments.push({
        id,
        kind: "capped",
        reason: maxQuantity < MAX_PER_LINE ? "short-of-stock" : "over-limit",
        message:
          maxQuantity < MAX_PER_LINE
            ? `Only ${maxQuantity} of ${name} ${maxQuantity === 1 ? "is" : "are"} left, so your basket now holds ${maxQuantity}.`
            : `You can buy up to ${MAX_PER_LINE} of each item, so your basket now holds ${MAX_PER_LINE} of ${name}.`,
      });
    }
    const files = fileRows
      .filter((file) => file.productId === variant.productId)
      .map((file) => ({
        slug: file.slug,
        fileType: file.fileType,
        alt: variant.productTitle,
        width: file.width,
        height: file.height,
        attributeId: file.attributeId,
      }));
    const images = files.filter((file) => file.fileType === "IMAGE");
    // behaviour.md §3: the line's image is the product's first IMAGE file (its chosen colour's,
    // when it has one).
    const image =
      images.find((file) => options.some((option) => option.id === file.attributeId)) ?? images[0];
    lines.push({
      key: String(id),
      title: variant.productTitle,
      productId: variant.productId,
      quantity: kept,
      maxQuantity,
      lineTotal: kept * variant.price,
      vatRate: variant.vatRate,
      productVariant: {
        id,
        sku: variant.sku,
        price: variant.price,
        compareAtPrice: variant.compareAtPrice,
        attributes: options.map((option) => ({
          id: option.id,
          title: option.title,
          type: option.type,
        })),
        product: {
          id: variant.productId,
          slug: variant.productSlug,
          title: variant.productTitle,
          productType: variant.productType,
          preOrder: variant.preOrder,
          billing: variant.billing,
          brand: { title: variant.brandTitle, slug: variant.brandSlug },
          mediaFiles: files.map(({ attributeId: _attributeId, ...file }) => file),
        },
      },
      image: image
        ? { slug: image.slug, alt: image.alt, width: image.width, height: image.height }
        : null,
    });
  }
  return {
    lines,
    adjustments,
    subtotal: lines.reduce((sum, line) => sum + line.lineTotal, 0),
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/**
 * Decision 0016: a basket holds one fan-club membership, once. A second membership product, or
 * more than one of one, is refused (a 422 naming `lines`), as checkout would refuse it.
 */
function oneMembership(basket: Basket): Basket | Refusal {
  const lines = basket.lines.map((line) => ({
    billing: line.productVariant.product.billing,
    quantity: line.quantity,
  }));
  return tooManyMemberships(lines) ? refuse("invalid", ONE_MEMBERSHIP, "lines") : basket;
}

/** The basket for the requested lines as `resolveBasket` prices it, unless it breaks `oneMembership`. */
export async function priceBasket(
  db: Db,
  requested: BasketLineRequest[],
): Promise<Basket | Refusal> {
  return oneMembership(await resolveBasket(db, requested));
}

/** A note for the shopper about a change to their basket. */
export type BasketNotice = { type: "SUCCESS" | "WARNING"; body: string };

/**
 * A basket after a change: the priced lines, the map to store, and what to tell the shopper. An
 * emptied basket also hands back the lines it held (`emptied`), for Undo.
 */
export type ChangedBasket = {
  basket: Basket;
  stored: StoredBasket;
  notices: BasketNotice[];
  emptied?: StoredBasket;
};

/** Issue 29: how long "Empty basket" can be undone. */
export const EMPTIED_BASKET_UNDO_SECONDS = 10 * 60;

/** What Undo says once the emptied lines are back, and when there is nothing left to undo. */
export const BASKET_RESTORED = "Your basket has been restored.";
export const NOTHING_TO_UNDO = "Your emptied basket can no longer be brought back.";

/** An add without a variant: which options are left to choose, or that the ones chosen are gone. */
export const chooseAvailableOptions = (missing: readonly string[]) =>
  missing.length > 0
    ? `${choiceNeeded(missing)}, then add it again.`
    : "That choice is not available: choose another, then add it again.";

/** The change a form asks for; an add by options names the variant they choose. */
async function lineChange(db: Db, input: BasketLineChange): Promise<BasketChange | Refusal> {
  switch (input.intent) {
    case "add": {
      // Without JavaScript the product page sends the chosen options, not a variant id.
      if (input.variantId) return { kind: "add", id: input.variantId, quantity: input.quantity };
      const found = input.productId
        ? await findVariantByOptions(db, input.productId, input.options)
        : { id: undefined, missing: [] };
      const id = found.id;
      if (!id) return refuse("invalid", chooseAvailableOptions(found.missing), "variantId");
      return { kind: "add", id, quantity: input.quantity };
    }
    case "set":
      return { kind: "set", id: input.variantId, quantity: input.quantity };
    case "remove":
      return { kind: "remove", id: input.variantId };
    case "empty":
      return { kind: "empty" };
  }
}

/**
 * Applies a form's change to the stored basket by behaviour.md §4's rules, then prices and checks
 * it as `priceBasket` does: what was capped or dropped comes back as warnings, an added item as a
 * success. A variant the chosen options do not name is refused, and so is a second membership.
 */
export async function changeBasket(
  db: Db,
  stored: StoredBasket,
  input: BasketLineChange,
): Promise<ChangedBasket | Refusal> {
  const change = await lineChange(db, input);
  if ("refused" in change) return change;
  const basket = await priceBasket(db, toLineRequests(applyBasketChange(stored, change)));
  if (isRefusal(basket)) return basket;
  const notices: BasketNotice[] = basket.adjustments.map((adjustment) => ({
    type: "WARNING",
    body: adjustment.message,
  }));
  const added =
    change.kind === "add"
      ? basket.lines.find((line) => line.productVariant.id === change.id)
      : undefined;
  if (added) notices.push({ type: "SUCCESS", body: `${added.title} added to your basket.` });
  if (change.kind === "empty" && Object.keys(stored).length > 0) {
    notices.push({ type: "SUCCESS", body: "Your basket has been emptied." });
    return { basket, stored: fromLines(basket.lines), notices, emptied: stored };
  }
  return { basket, stored: fromLines(basket.lines), notices };
}

/**
 * Undo of "Empty basket": the emptied lines come back with their quantities, beside anything
 * added since (an emptied line's own quantity wins). They are priced and checked again as any
 * change is: a line sold out since is dropped and said so, a second membership is refused.
 */
export async function restoreEmptiedBasket(
  db: Db,
  stored: StoredBasket,
  emptied: StoredBasket,
): Promise<ChangedBasket | Refusal> {
  if (Object.keys(emptied).length === 0) return refuse("conflict", NOTHING_TO_UNDO);
  const basket = await priceBasket(db, toLineRequests({ ...stored, ...emptied }));
  if (isRefusal(basket)) return basket;
  const notices: BasketNotice[] = basket.adjustments.map((adjustment) => ({
    type: "WARNING",
    body: adjustment.message,
  }));
  notices.push({ type: "SUCCESS", body: BASKET_RESTORED });
  return { basket, stored: fromLines(basket.lines), notices };
}
