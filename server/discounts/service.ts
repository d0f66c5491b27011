import { and, count, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Basket } from "../../common/basket.ts";
import {
  type AppliedDiscount,
  DISCOUNT_UNIT_TYPE_LABELS,
  DISCOUNT_UNIT_TYPES,
  type DiscountUnitTypeOption,
  type EligibleUserGroupOption,
} from "../../common/discounts.ts";
import { formatPrice } from "../../common/money.ts";
import type { Refusal } from "../../common/refusal.ts";
import { resolveBasket } from "../basket/index.ts";
import type { BasketLineRequest } from "../basket/validators.ts";
import { productIdsWithin } from "../catalog/index.ts";
import { normaliseEmail } from "../customers/index.ts";
import type { Db } from "../db/client.ts";
import { segmentIdsOf } from "../segments/index.ts";
import { discountAmount, splitProportionally } from "./amounts.ts";
import { discountRedemptions, discounts, discountTargets } from "./schema.ts";

/** behaviour.md §7: GET /api/discount-unit-types. */
export const DISCOUNT_UNIT_TYPE_LIST: ReadonlyArray<DiscountUnitTypeOption> =
  DISCOUNT_UNIT_TYPES.map((id) => ({ id, title: DISCOUNT_UNIT_TYPE_LABELS[id] }));

/** behaviour.md §7: GET /api/eligible-user-groups. */
export const ELIGIBLE_USER_GROUP_LIST: ReadonlyArray<EligibleUserGroupOption> = [
  { id: "everyone", title: "Everyone" },
  { id: "guests", title: "Guests" },
  { id: "registered", title: "Registered customers" },
  { id: "segment", title: "Members of a segment" },
];

/** Who is shopping. A guest has `registered: false`; the email is known once checkout asks. */
export type Shopper = { email?: string; registered: boolean; segmentIds: number[] };

/** A shopper nobody has identified: a visitor who has not signed in. */
export const GUEST: Shopper = { registered: false, segmentIds: [] };

/** A signed-in customer, known by their account's email, in the segments `segmentIds`. */
export function customerShopper(email: string, segmentIds: number[] = []): Shopper {
  return { email, registered: true, segmentIds };
}

/** A signed-in customer with the segments they are in now, so segment-limited codes work. */
export async function signedInShopper(
  db: Db,
  user: { id: number; email: string },
): Promise<Shopper> {
  return customerShopper(user.email, await segmentIdsOf(db, user.id));
}

/**
 * Whose use of a code this is, for per-customer limits (security.md #8): the email as accounts
 * normalise it, guest or account alike, with a `+tag` subaddress folded away, so `fan+1@` and
 * `fan+2@` are the same shopper. Only the tag: dots are significant at most providers, and an
 * account's own email is never folded (two addresses may be two people's).
 */
export function redemptionKey(email: string): string {
  return normaliseEmail(email).replace(/\+[^@]*(?=@)/, "");
}

/** A code as stored: trimmed and upper case, so codes match whatever case the shopper types. */
export function normaliseCode(input: string): string {
  return input.trim().toUpperCase();
}

export type DiscountRefusalReason =
  | "empty-basket"
  | "not-found"
  | "not-started"
  | "expired"
  | "used-up"
  | "sign-in-required"
  | "guests-only"
  | "not-in-segment"
  | "customer-limit"
  | "not-applicable"
  | "below-minimum";

/**
 * Why a code cannot be used: a refusal (`invalid`, beside the input field it is about) that also
 * names the rule that failed, for tests and staff.
 */
export type DiscountRefusal = Refusal & {
  ok: false;
  refused: "invalid";
  reason: DiscountRefusalReason;
  field: "discount" | "lines";
};

export type DiscountResult = { ok: true; discount: AppliedDiscount } | DiscountRefusal;

const MESSAGES = {
  "empty-basket": "Your basket is empty",
  "not-found": "This code is not recognised",
  "not-started": "This code is not active yet",
  expired: "This code has expired",
  "used-up": "This code has been used up",
  "sign-in-required": "Sign in to use this code",
  "guests-only": "This code is only for guest checkout",
  "not-in-segment": "This code is not available on your account",
  "customer-limit": "You have already used this code as many times as allowed",
  "not-applicable": "This code does not apply to anything in your basket",
} as const satisfies Record<Exclude<DiscountRefusalReason, "below-minimum">, string>;

const refuse = (
  reason: Exclude<DiscountRefusalReason, "below-minimum">,
  field: "discount" | "lines" = "discount",
): DiscountRefusal => ({
  ok: false,
  refused: "invalid",
  reason,
  field,
  message: MESSAGES[reason],
});

type DiscountRow = typeof discounts.$inferSelect;

/** Why a code is not live at `at`, or undefined when it is. */
function windowRefusal(row: DiscountRow, at: Date) {
  if (at < row.startsAt) return refuse("not-started");
  if (row.endsAt && at >= row.endsAt) return refuse("expired");
  return undefined;
}

/** The discount with this code (as typed), or undefined. */
export async function findDiscountByCode(db: Db, code: string): Promise<DiscountRow | undefined> {
  const [row] = await db
    .select()
    .from(discounts)
    .where(eq(discounts.code, normaliseCode(code)));
  return row;
}

/** How many codes are live at `at` (`starts_at` ≤ at < `ends_at`), used up or not. */
export async function liveDiscountCount(db: Db, at: Date): Promise<number> {
  const [row] = await db
    .select({ live: count() })
    .from(discounts)
    .where(
      and(lte(discounts.startsAt, at), or(isNull(discounts.endsAt), gt(discounts.endsAt, at))),
    );
  return row?.live ?? 0;
}

/** The ids, among `productIds`, of the products a "selected" discount covers. */
async function productsInScope(
  db: Db,
  discountId: number,
  productIds: number[],
): Promise<Set<number>> {
  const targets = await db
    .select()
    .from(discountTargets)
    .where(eq(discountTargets.discountId, discountId));
  return productIdsWithin(db, productIds, {
    brandIds: targets.flatMap((target) => (target.brandId ? [target.brandId] : [])),
    productIds: targets.flatMap((target) => (target.productId ? [target.productId] : [])),
    collectionIds: targets.flatMap((target) => (target.collectionId ? [target.collectionId] : [])),
  });
}

/**
 * Applies the code to an already priced basket for this shopper at instant `at`, or says why it
 * cannot. Reads only: nothing is counted until `redeemDiscount`. The checks, in order: basket not
 * empty, code exists, live (`starts_at` ≤ at < `ends_at`), not used up, the shopper's group, the
 * shopper's own uses (when their email is known), something in scope, and the minimum spend,
 * which counts only the lines in scope.
 */
export async function evaluateDiscount(
  db: Db,
  input: { code: string; basket: Basket; shopper: Shopper; at?: Date },
): Promise<DiscountResult> {
  const { basket, shopper } = input;
  const at = input.at ?? new Date();
  if (basket.lines.length === 0) return refuse("empty-basket", "lines");

  const row = await findDiscountByCode(db, input.code);
  if (!row) return refuse("not-found");
  const closed = windowRefusal(row, at);
  if (closed) return closed;
  if (row.usageLimit !== null && row.timesUsed >= row.usageLimit) return refuse("used-up");

  switch (row.eligibleGroup) {
    case "guests":
      if (shopper.registered) return refuse("guests-only");
      break;
    case "registered":
      if (!shopper.registered) return refuse("sign-in-required");
      break;
    case "segment":
      if (!shopper.registered) return refuse("sign-in-required");
      if (row.segmentId === null || !shopper.segmentIds.includes(row.segmentId)) {
        return refuse("not-in-segment");
      }
      break;
    case "everyone":
      break;
  }

  // Without an email the shopper's own uses are unknown; redeemDiscount checks them at the order.
  if (row.perCustomerLimit !== null && shopper.email) {
    const used = await redemptionsBy(db, row.id, redemptionKey(shopper.email));
    if (used >= row.perCustomerLimit) return refuse("customer-limit");
  }

  const inScope =
    row.scope === "basket"
      ? undefined
      : await productsInScope(db, row.id, [...new Set(basket.lines.map((line) => line.productId))]);
  const weights = basket.lines.map((line) =>
    !inScope || inScope.has(line.productId) ? line.lineTotal : 0,
  );
  const eligibleSubtotal = weights.reduce((sum, weight) => sum + weight, 0);
  if (eligibleSubtotal === 0) return refuse("not-applicable");

  if (row.minSubtotal !== null && eligibleSubtotal < row.minSubtotal) {
    const spend = formatPrice(row.minSubtotal);
    return {
      ok: false,
      refused: "invalid",
      reason: "below-minimum",
      field: "discount",
      message:
        row.scope === "basket"
          ? `Spend ${spend} or more to use this code`
          : `Spend ${spend} or more on the items this code covers to use it`,
    };
  }

  const amount = discountAmount(row.unitType, row.value, eligibleSubtotal);
  const shares = splitProportionally(amount, weights);
  return {
    ok: true,
    discount: {
      id: row.id,
      code: row.code,
      description: row.description,
      unitType: row.unitType,
      value: row.value,
      discount: amount,
      subtotal: basket.subtotal,
      eligibleSubtotal,
      total: Math.max(0, basket.subtotal - amount),
      lines: basket.lines.map((line, index) => ({
        id: line.productVariant.id,
        discount: shares[index] ?? 0,
      })),
    },
  };
}

/**
 * Prices the requested lines from the database (resolveBasket) and applies the code to them, as
 * evaluateDiscount does. Reads only.
 */
export async function applyDiscountToBasket(
  db: Db,
  input: { code: string; lines: BasketLineRequest[]; shopper: Shopper; at?: Date },
): Promise<DiscountResult> {
  const basket = await resolveBasket(db, input.lines);
  return evaluateDiscount(db, { code: input.code, basket, shopper: input.shopper, at: input.at });
}

async function redemptionsBy(db: Db, discountId: number, email: string): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(discountRedemptions)
    .where(
      and(eq(discountRedemptions.discountId, discountId), eq(discountRedemptions.email, email)),
    );
  return row?.used ?? 0;
}

/** A code that cannot be redeemed as the order is placed: the state moved on, a 409. */
export type RedemptionRefusal = Refusal & {
  ok: false;
  refused: "conflict";
  reason: "not-found" | "not-started" | "expired" | "used-up" | "customer-limit";
};

export type RedemptionResult =
  | { ok: true; redemptionId: number; timesUsed: number }
  | RedemptionRefusal;

/**
 * Counts one use of a discount, inside the caller's (order) transaction: security.md #7 and #8.
 *
 * One guarded UPDATE adds the use only while the code is live and under its usage limit, and its
 * row count says whether it did, so concurrent orders can never pass the limit. The UPDATE also
 * locks the discount's row until the transaction ends, so the per-customer count that follows
 * (by normalised email, guests and accounts alike) sees every earlier committed use of the same
 * code. A refusal is returned, never thrown, and leaves `times_used` as it was; the caller rolls
 * back whatever else it wrote.
 */
export async function redeemDiscount(
  tx: Db,
  input: { discountId: number; email: string; customerId?: number; orderId?: number; at?: Date },
): Promise<RedemptionResult> {
  const email = redemptionKey(input.email);
  if (!email) throw new Error("redeemDiscount needs the shopper's email");
  const at = input.at ?? new Date();
  const [counted] = await tx
    .update(discounts)
    .set({ timesUsed: sql`${discounts.timesUsed} + 1` })
    .where(
      and(
        eq(discounts.id, input.discountId),
        lte(discounts.startsAt, at),
        or(isNull(discounts.endsAt), gt(discounts.endsAt, at)),
        or(isNull(discounts.usageLimit), lt(discounts.timesUsed, discounts.usageLimit)),
      ),
    )
    .returning({ timesUsed: discounts.timesUsed, perCustomerLimit: discounts.perCustomerLimit });

  if (!counted) {
    // No row changed: say why, from the row as it is now.
    const [row] = await tx.select().from(discounts).where(eq(discounts.id, input.discountId));
    if (!row) return redemptionRefusal("not-found");
    const closed = windowRefusal(row, at);
    return redemptionRefusal(closed ? (closed.reason as "not-started" | "expired") : "used-up");
  }

  if (counted.perCustomerLimit !== null) {
    const used = await redemptionsBy(tx, input.discountId, email);
    if (used >= counted.perCustomerLimit) {
      // Undo this call's own increment; the row is still locked by this transaction.
      await tx
        .update(discounts)
        .set({ timesUsed: sql`${discounts.timesUsed} - 1` })
        .where(eq(discounts.id, input.discountId));
      return redemptionRefusal("customer-limit");
    }
  }

  const [redemption] = await tx
    .insert(discountRedemptions)
    .values({
      discountId: input.discountId,
      email,
      customerId: input.customerId ?? null,
      orderId: input.orderId ?? null,
    })
    .returning({ id: discountRedemptions.id });
  if (!redemption) throw new Error("The redemption was not recorded");
  return { ok: true, redemptionId: redemption.id, timesUsed: counted.timesUsed };
}

/**
 * Gives back the uses an order counted (its payment was declined or its reservation ran out),
 * inside the caller's transaction: the redemption rows go, and `times_used` falls by as many.
 */
export async function releaseRedemptions(tx: Db, orderId: number): Promise<void> {
  const released = await tx
    .delete(discountRedemptions)
    .where(eq(discountRedemptions.orderId, orderId))
    .returning({ discountId: discountRedemptions.discountId });
  for (const { discountId } of released) {
    await tx
      .update(discounts)
      .set({ timesUsed: sql`greatest(${discounts.timesUsed} - 1, 0)` })
      .where(eq(discounts.id, discountId));
  }
}

function redemptionRefusal(reason: RedemptionRefusal["reason"]): RedemptionRefusal {
  return { ok: false, refused: "conflict", reason, message: MESSAGES[reason] };
}

/** What a "selected" code applies to; any band, product or collection listed. */
export type DiscountTargets = {
  brandIds?: number[];
  productIds?: number[];
  collectionIds?: number[];
};

export type NewDiscount = Omit<
  typeof discounts.$inferInsert,
  "id" | "timesUsed" | "scope" | "createdAt" | "updatedAt"
> & {
  /** Without targets the code applies to the whole basket; with them, only to what they name. */
  targets?: DiscountTargets;
};

/**
 * Adds the codes (normalised) that are not taken yet, each with its targets, unused; a code
 * already there is left as it is. Returns the codes added.
 */
export async function createDiscounts(db: Db, codes: NewDiscount[]): Promise<DiscountRow[]> {
  const added: DiscountRow[] = [];
  for (const { targets, ...values } of codes) {
    const rows = [
      ...(targets?.brandIds ?? []).map((brandId) => ({ brandId })),
      ...(targets?.productIds ?? []).map((productId) => ({ productId })),
      ...(targets?.collectionIds ?? []).map((collectionId) => ({ collectionId })),
    ];
    const [discount] = await db
      .insert(discounts)
      .values({
        ...values,
        code: normaliseCode(values.code),
        scope: rows.length ? "selected" : "basket",
      })
      .onConflictDoNothing()
      .returning();
    if (!discount) continue;
    if (rows.length)
      await db
        .insert(discountTargets)
        .values(rows.map((row) => ({ ...row, discountId: discount.id })));
    added.push(discount);
  }
  return added;
}
