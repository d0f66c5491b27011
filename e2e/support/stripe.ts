import { fileURLToPath } from "node:url";
import type { BrowserContext } from "playwright-core";
import type { StripeServer } from "../../tests/support/stripe-server.ts";

/** Stripe.js's stand-in: this machine cannot reach js.stripe.com (see the file's header). */
const STRIPE_JS_STAND_IN = fileURLToPath(
  new URL("../../tests/support/stripe-js-stand-in.js", import.meta.url),
);

/**
 * Stripe for a browser context, as far as this closed network allows: Stripe.js
 * (`https://js.stripe.com/…`) is the stand-in, and Stripe's API (`https://api.stripe.com/…`),
 * which Stripe.js calls from the page, is the local Stripe server. `scripts` counts each load of
 * Stripe.js; with `unreachable`, js.stripe.com cannot be reached at all.
 */
export async function routeStripe(
  context: BrowserContext,
  stripe: StripeServer,
  options: { unreachable?: boolean } = {},
) {
  const scripts: string[] = [];
  await context.route("https://js.stripe.com/**", async (route) => {
    scripts.push(route.request().url());
    if (options.unreachable) return route.abort("internetdisconnected");
    await route.fulfill({ path: STRIPE_JS_STAND_IN, contentType: "text/javascript" });
  });
  await context.route("https://api.stripe.com/**", async (route) => {
    const request = route.request();
    const { pathname, search } = new URL(request.url());
    const answer = await fetch(`${stripe.url}${pathname}${search}`, {
      method: request.method(),
      headers: { "Content-Type": (await request.headerValue("content-type")) ?? "text/plain" },
      body: request.postData() ?? undefined,
    });
    await route.fulfill({
      status: answer.status,
      headers: {
        "Content-Type": answer.headers.get("content-type") ?? "application/json",
        "Access-Control-Allow-Origin": answer.headers.get("access-control-allow-origin") ?? "",
      },
      body: await answer.text(),
    });
  });
  return { scripts };
}
