import type { Basket, BasketAdjustment } from "../../common/basket.ts";
import { DISPATCH_PLANS } from "../../common/billing.ts";
import {
  dispatchOf,
  dispatchPlanTitle,
  ONE_MEMBERSHIP,
  preOrderNote,
  tooManyMemberships,
} from "../../common/billing-notes.ts";
import type { CheckoutQuote } from "../../common/checkout.ts";
import type { DeliveryOption } from "../../common/delivery.ts";
import type { AppliedDiscount } from "../../common/discounts.ts";
import { isRefusal, type Refusal } from "../../common/refusal.ts";
import { resolveBasket } from "../basket/index.ts";
import type { BasketLineRequest } from "../basket/validators.ts";
import type { Db } from "../db/client.ts";
import { deliveryOptionFor } from "../delivery/index.ts";
import { evaluateDiscount, type Shopper } from "../discounts/index.ts";
import { isExport, workOutVat } from "./vat.ts";

const PROBLEM_CODE: Record<BasketAdjustment["reason"], CheckoutQuote["problems"][number]["code"]> =
  {
    "sold-out": "out_of_stock",
    "short-of-stock": "short_of_stock",
    unavailable: "unpublished",
    "over-limit": "over_limit",
  };

/** What the quote says about pre-orders and memberships (decision 0016). */
function dispatchTerms(basket: Basket) {
  const lines = basket.lines.map((line) => ({
    billing: line.productVariant.product.billing,
    quantity: line.quantity,
  }));
  const { shipsFrom, mixed } = dispatchOf(lines);
  return {
    shipsFrom,
    preOrderNote: shipsFrom ? preOrderNote(shipsFrom) : null,
    dispatchPlans:
      mixed && shipsFrom
        ? DISPATCH_PLANS.map((id) => ({ id, title: dispatchPlanTitle(id, shipsFrom) }))
        : [],
    membershipProblem: tooManyMemberships(lines) ? ONE_MEMBERSHIP : null,
  };
}

export type QuoteRequest = {
  lines: BasketLineRequest[];
  discount?: string;
  country?: string;
  postcode?: string;
  deliveryOptionId?: number;
  shopper: Shopper;
};

/** A quote with what the charge needs besides the answer: the basket and the code as applied. */
export type PricedCheckout = {
  quote: CheckoutQuote;
  basket: Basket;
  discount: AppliedDiscount | undefined;
  deliveryOption: DeliveryOption | undefined;
};

/**
 * Prices the checkout as the server sees it now (architecture.md §5: the client sends ids and
 * quantities, never a price): the basket from the catalogue, the code for this shopper, the chosen
 * delivery for the destination, and the VAT by the shop's one rule (`workOutVat`). Lines that
 * cannot be sold as asked are `problems`; a code that does not apply is a `discountProblem` and
 * takes nothing. A delivery option that does not serve the destination is a refusal. Reads only.
 */
export async function priceCheckout(
  db: Db,
  request: QuoteRequest,
): Promise<PricedCheckout | Refusal> {
  const basket = await resolveBasket(db, request.lines);
  let discount: AppliedDiscount | undefined;
  let discountProblem: string | null = null;
  if (request.discount && basket.lines.length > 0) {
    const evaluated = await evaluateDiscount(db, {
      code: request.discount,
      basket,
      shopper: request.shopper,
    });
    if (evaluated.ok) discount = evaluated.discount;
    else discountProblem = evaluated.message;
  }
  let deliveryOption: DeliveryOption | undefined;
  if (request.country && request.deliveryOptionId) {
    const option = await deliveryOptionFor(db, {
      country: request.country,
      postcode: request.postcode,
      optionId: request.deliveryOptionId,
      goodsSubtotal: basket.subtotal,
    });
    if (isRefusal(option)) return option;
    deliveryOption = option;
  }
  const exported = request.country ? isExport(request.country) : false;
  const shares = new Map(discount?.lines.map((line) => [line.id, line.discount]));
  const breakdown =
    basket.lines.length > 0
      ? workOutVat({
          lines: basket.lines.map((line) => ({
            gross: line.lineTotal,
            vatRate: line.vatRate,
            discountable: (shares.get(line.productVariant.id) ?? 0) > 0,
          })),
          discount: discount?.discount ?? 0,
          delivery: deliveryOption?.price ?? 0,
          exported,
        })
      : undefined;
  const quote: CheckoutQuote = {
    lines: basket.lines.map((line, index) => ({
      id: line.productVariant.id,
      title: line.title,
      attributes: line.productVariant.attributes.map((attribute) => attribute.title),
      quantity: line.quantity,
      unitPrice: line.productVariant.price,
      lineTotal: line.lineTotal,
      discount: breakdown?.lines[index]?.discount ?? 0,
      vatRate: line.vatRate,
      vat: breakdown?.lines[index]?.vat ?? 0,
      billing: line.productVariant.product.billing,
    })),
    subtotal: basket.subtotal,
    discount: discount?.discount ?? 0,
    discountCode: discount?.code ?? null,
    discountProblem,
    delivery: deliveryOption?.price ?? 0,
    deliveryOption: deliveryOption ?? null,
    exported,
    vat: breakdown?.totals.vat ?? 0,
    vatTakenOff: breakdown?.totals.vatTakenOff ?? 0,
    total: breakdown?.totals.total ?? 0,
    problems: basket.adjustments.map((adjustment) => ({
      id: adjustment.id,
      code: PROBLEM_CODE[adjustment.reason],
      message: adjustment.message,
    })),
    ...dispatchTerms(basket),
  };
  return { quote, basket, discount, deliveryOption };
}
