import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../http/env.ts";
import { ApiError } from "../http/errors.ts";
import { jsonBody } from "../http/validate.ts";
import { recordEvent } from "./service.ts";
import { PublicEventInput } from "./validators.ts";

// 50 items at their longest stay well under this; anything bigger is not from our pages.
const EVENT_BODY_LIMIT = 64 * 1024;

/** POST /api/events: the first-party, cookieless event endpoint (reads and sets no cookie). */
export function analyticsPublicApi() {
  return new Hono<AppEnv>().post(
    "/events",
    bodyLimit({
      maxSize: EVENT_BODY_LIMIT,
      onError: (c) =>
        c.json({ message: "The event is larger than 64 KB." }, 413, { Connection: "close" }),
    }),
    async (c) => {
      // A browser on another site cannot count events for us (it would only skew the numbers).
      if (c.req.header("sec-fetch-site") === "cross-site") {
        throw new ApiError(403, "Events are only accepted from the shop's own pages.");
      }
      const event = await jsonBody(c, PublicEventInput);
      await recordEvent(c.get("db"), event, {
        userAgent: c.req.header("user-agent"),
        ownHost: new URL(c.get("config").publicUrl).host,
      });
      return c.body(null, 202);
    },
  );
}
