import { z } from "zod";
import { RefundAmounts, RefundableOrder, RefundResult } from "../../../common/refunds.ts";
import { refuse } from "../../../common/refusal.ts";
import { defineCommand } from "../../http/command.ts";
import { PathId } from "../../http/query-schemas.ts";
import { defineRoute, type RouteGroup } from "../../http/route-table.ts";
import { CancelInput, RefundInput } from "./refund-validators.ts";
import {
  cancelOrder,
  previewRefund,
  refundableOrder,
  refundOrder,
  refundStartedSoFar,
} from "./refunds.ts";

const tag = "orders";
const params = z.strictObject({ id: PathId });

export const refundableOrderRoute = defineRoute({
  method: "get",
  path: "/orders/refund/{id}",
  tag,
  summary: "An order as its refund screen shows it: lines, what is left, past refunds",
  params,
  answers: { data: RefundableOrder },
  refusals: ["not-found"],
  call: async ({ db }, input) =>
    (await refundableOrder(db, input.params.id)) ?? refuse("not-found", "No such order."),
});

export const previewRefundRoute = defineRoute({
  method: "post",
  path: "/orders/refund/preview/{id}",
  tag,
  summary: "What a refund would give back, worked out from the order's figures; nothing changes",
  params,
  body: RefundInput,
  answers: { data: RefundAmounts },
  refusals: ["invalid", "not-found", "conflict"],
  readOnly: true,
  call: ({ db }, input) => previewRefund(db, input.params.id, input.body),
});

export const refundRoute = defineCommand({
  method: "post",
  path: "/orders/refund/{id}",
  tag,
  summary: "Refund an order in full or by line and quantity, through its payment provider",
  description:
    "Amounts and VAT come from the order's stored figures. Only a paid or dispatched order; never more than was paid (409). A provider's refusal is a 409 in its words, and nothing changes. A refund the provider leaves pending, or that it could not be asked for (no answer, a 5xx), is answered `pending`: its amount stays taken, its webhook or the sweeper (asking again with the same key) settles it.",
  params,
  body: RefundInput,
  idempotent: {
    answerEarly: ({ db, config }, progress) => refundStartedSoFar(db, config, progress),
  },
  answers: { data: RefundResult },
  refusals: ["invalid", "not-found", "conflict"],
  // Its own transactions: the refund is written before the provider is asked, and settled after
  // it answers (decision 0036).
  transaction: "work",
  run: ({ db, config, audit, key }, input) =>
    refundOrder(db, config, input.params.id, input.body, audit, key),
});

export const cancelOrderRoute = defineCommand({
  method: "post",
  path: "/orders/cancel/{id}",
  tag,
  summary:
    "Cancel an order: unpaid, its reservation released; paid, refunded in full and restocked",
  description:
    "A dispatched order cannot be cancelled (409): refund it instead. A paid one's refund goes as `POST /orders/refund/{id}`'s does, and the order is cancelled once the provider has given the money back.",
  params,
  body: CancelInput,
  idempotent: {
    answerEarly: ({ db, config }, progress) => refundStartedSoFar(db, config, progress),
  },
  answers: { data: RefundResult },
  refusals: ["invalid", "not-found", "conflict"],
  transaction: "work",
  run: ({ db, config, audit, key }, input) =>
    cancelOrder(db, config, input.params.id, input.body, audit, key),
});

/** Cancelling and refunding orders through their payment providers (issue 15). */
export const refundsRoutes: RouteGroup[] = [
  {
    area: "staff",
    routes: [refundableOrderRoute, previewRefundRoute, refundRoute, cancelOrderRoute],
  },
];
