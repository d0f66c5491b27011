import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/env.ts";
import { ok } from "../http/envelope.ts";
import { queryParams } from "../http/validate.ts";
import { CHARGE_TYPES } from "./charge-types.ts";

/** spec §7, public order reference data: GET /api/charge-types. */
export function ordersPublicApi() {
  return new Hono<AppEnv>().get("/charge-types", (c) => {
    queryParams(c, z.strictObject({}));
    return ok(c, CHARGE_TYPES);
  });
}
