import { smallBody } from "../http/body-limit.ts";
import { clientAddress } from "../http/client-address.ts";
import { defineRoute, type RouteGroup } from "../http/route-table.ts";
import { recordEvent } from "./service.ts";
import { PublicEventInput } from "./validators.ts";

// 50 items at their longest stay well under this; anything bigger is not from our pages.
const EVENT_BODY_LIMIT = 64 * 1024;

/** POST /api/events: the first-party, cookieless event endpoint (reads and sets no cookie). */
const recordEvents = defineRoute({
  method: "post",
  path: "/events",
  tag: "analytics",
  summary: "Count a shop event (behaviour.md §9); cookieless, from the shop's own pages only",
  middleware: [smallBody(EVENT_BODY_LIMIT)],
  body: PublicEventInput,
  // A page sends a handful of events a minute; past this a client is counting for sport.
  limit: {
    rule: { bucket: "events", limit: 240, windowMs: 60 * 1000 },
    message: "Too many events from this browser.",
  },
  answers: { empty: 202, description: "Counted." },
  async handle(c, { body }) {
    await recordEvent(c.get("db"), body, {
      userAgent: c.req.header("user-agent"),
      ownHost: new URL(c.get("config").publicUrl).host,
      clientAddress: clientAddress(c),
    });
    return c.body(null, 202);
  },
});

export const analyticsRoutes: RouteGroup[] = [{ area: "public", routes: [recordEvents] }];
