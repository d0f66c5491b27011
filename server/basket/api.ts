import { Hono } from "hono";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { jsonBody } from "../http/validate.ts";
import { resolveBasket } from "./service.ts";
import { PublicBasketLinesInput } from "./validators.ts";

/** POST /api/basket/lines: the stored basket, priced and checked; nothing is stored server-side. */
export function basketPublicApi() {
  return new Hono<AppEnv>().post("/basket/lines", async (c) => {
    const { lines } = await jsonBody(c, PublicBasketLinesInput);
    c.header("Cache-Control", "no-store");
    return ok(c, await resolveBasket(c.get("db"), lines));
  });
}
