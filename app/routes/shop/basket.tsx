import { data, redirect } from "react-router";
import { z } from "zod";
import { trackBasket } from "../../client/analytics";
import { changeBasket } from "../../client/basket";
import { applyDiscountCode, discountStore, removeDiscountCode } from "../../client/discount";
import { useStore } from "../../client/store";
import { BasketLineItem } from "../../components/basket-line-item";
import { BasketSummary } from "../../components/basket-summary";
import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { buttonClasses } from "../../components/ui/button";
import { basketFor } from "../../lib/basket.server";
import {
  applyBasketChange,
  type BasketChange,
  basketCookie,
  discountCookie,
  fromLines,
} from "../../lib/basket-rules";
import { flashCookie } from "../../lib/flash.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/basket";

export const meta = screenMeta("Your basket", { noindex: true });

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: Route.LoaderArgs) {
  const basket = basketFor(request, context);
  const resolved = await basket.resolve(basket.stored);
  const evaluated =
    basket.code && resolved.lines.length ? await basket.evaluateCode(basket.code, resolved) : null;
  return {
    basket: resolved,
    discount: evaluated?.ok ? evaluated.discount : null,
    codeProblem:
      basket.code && evaluated && !evaluated.ok
        ? { code: basket.code, reason: evaluated.message }
        : null,
  };
}

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const Quantity = z.coerce.number().int().min(0).max(1000);

// The basket's form posts: what the product page and this page send without JavaScript.
const BasketForm = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    variantId: z.union([Id, z.literal("")]).optional(),
    productId: Id.optional(),
    quantity: Quantity.default(1),
  }),
  z.object({ intent: z.literal("set"), variantId: Id, quantity: Quantity }),
  z.object({ intent: z.literal("remove"), variantId: Id }),
  z.object({ intent: z.literal("empty") }),
  z.object({ intent: z.literal("apply-discount"), code: z.string().trim().max(50) }),
  z.object({ intent: z.literal("remove-discount") }),
]);

export async function action({ request, context }: Route.ActionArgs) {
  const basket = basketFor(request, context);
  const form = await request.formData();
  const parsed = BasketForm.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data({ error: "That change could not be made. Please try again." }, { status: 422 });
  const input = parsed.data;
  const headers = new Headers();
  const messages: Array<{ type: "SUCCESS" | "ERROR" | "WARNING"; body: string }> = [];

  if (input.intent === "apply-discount" || input.intent === "remove-discount") {
    if (input.intent === "remove-discount" || !input.code) {
      headers.append("Set-Cookie", discountCookie(null, basket.secure));
      if (input.intent === "remove-discount")
        messages.push({ type: "SUCCESS", body: "Discount code removed." });
    } else {
      const result = await basket.evaluateCode(input.code, await basket.resolve(basket.stored));
      if (!result.ok) return data({ error: result.message }, { status: 422 });
      headers.append("Set-Cookie", discountCookie(result.discount.code, basket.secure));
      messages.push({ type: "SUCCESS", body: `Code ${result.discount.code} applied.` });
    }
  } else {
    let change: BasketChange;
    if (input.intent === "add") {
      // Without JavaScript the product page sends the chosen options, not a variant id.
      const optionIds = [...form.entries()]
        .filter(([name]) => name.startsWith("option-"))
        .map(([, value]) => Number(value));
      const variantId =
        input.variantId ||
        (input.productId ? await basket.findVariant(input.productId, optionIds) : undefined);
      if (!variantId)
        return data(
          { error: "Choose a size and colour that is available, then add it again." },
          { status: 422 },
        );
      change = { kind: "add", id: variantId, quantity: input.quantity };
    } else if (input.intent === "set")
      change = { kind: "set", id: input.variantId, quantity: input.quantity };
    else if (input.intent === "remove") change = { kind: "remove", id: input.variantId };
    else change = { kind: "empty" };
    const settled = await basket.resolve(applyBasketChange(basket.stored, change));
    headers.append("Set-Cookie", basketCookie(fromLines(settled.lines), basket.secure));
    for (const adjustment of settled.adjustments)
      messages.push({ type: "WARNING", body: adjustment.message });
    const added =
      change.kind === "add"
        ? settled.lines.find((line) => line.productVariant.id === change.id)
        : undefined;
    if (added) messages.push({ type: "SUCCESS", body: `${added.title} added to your basket.` });
  }
  if (messages.length) headers.append("Set-Cookie", flashCookie(messages, basket.secure));
  // Post/redirect/get: a reload never repeats the change.
  throw redirect("/basket", { status: 303, headers });
}

export default function BasketIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { basket, discount, codeProblem } = loaderData;
  const live = useStore(discountStore);
  if (basket.lines.length === 0) {
    return (
      <>
        <PageHeading title="Your basket" />
        <div className="rounded-2xl border border-dashed border-line bg-white p-12 text-center">
          <p className="text-lg font-semibold">Your basket is empty.</p>
          <p className="mt-2 text-muted">Find something from the bands you love.</p>
          <AppLink to="/products" className={`mt-6 ${buttonClasses()}`}>
            Start shopping
          </AppLink>
        </div>
      </>
    );
  }
  // Once the start-up has restored the code, the live result follows every change at once.
  const current = live.ready ? live.result : discount;
  const shownDiscount = current && {
    code: current.code,
    description: current.description,
    amount: current.discount,
  };
  return (
    <>
      <PageHeading
        title="Your basket"
        intro={`${basket.itemCount} ${basket.itemCount === 1 ? "item" : "items"}`}
      />
      {actionData?.error && (
        <p
          role="alert"
          className="mb-6 rounded-lg border-l-4 border-error bg-white px-4 py-3 font-medium text-error"
        >
          {actionData.error}
        </p>
      )}
      <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
        <ul aria-label="Basket items">
          {basket.lines.map((line) => (
            <BasketLineItem
              key={line.key}
              line={line}
              onQuantity={(quantity) =>
                void changeBasket({ kind: "set", id: line.productVariant.id, quantity })
              }
            />
          ))}
        </ul>
        <aside
          aria-label="Order summary"
          className="h-fit space-y-6 rounded-2xl bg-white p-6 ring-1 ring-line"
        >
          <h2 className="font-display text-xl">Order summary</h2>
          <BasketSummary
            subtotal={basket.subtotal}
            discount={shownDiscount}
            codeProblem={
              live.ready
                ? live.error && live.code
                  ? { code: live.code, reason: live.error }
                  : null
                : codeProblem
            }
            onApply={applyDiscountCode}
            onRemove={removeDiscountCode}
          />
          <AppLink
            to="/checkout"
            onClick={() => trackBasket("begin_checkout", basket.lines)}
            className={`w-full ${buttonClasses()}`}
          >
            Checkout
          </AppLink>
          <form
            method="post"
            onSubmit={(event) => {
              event.preventDefault();
              void changeBasket({ kind: "empty" });
            }}
          >
            <input type="hidden" name="intent" value="empty" />
            <button
              type="submit"
              className="w-full text-sm font-semibold underline hover:text-accent"
            >
              Empty basket
            </button>
          </form>
        </aside>
      </div>
    </>
  );
}
