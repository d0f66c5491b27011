import { z } from "zod";
import { REFUSAL_STATUS } from "./refusals.ts";
import { type Answer, type AnyRoute, type Area, routeAccess } from "./route-table.ts";

/** `{ field: [messages] }`, the dotted path of the input as the field. */
export const FieldErrorsAnswer = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: "FieldErrors", description: "Messages per input field, the field a dotted path." });

/** architecture.md §4: every refusal says why in `message`; a 422 adds `errors` per field. */
export const ErrorAnswer = z
  .object({
    message: z.string(),
    errors: FieldErrorsAnswer.optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: "Error", description: "A refusal or failure, in words a shopper can read." });

export const ValidationFailedAnswer = z
  .object({ message: z.literal("Validation failed"), errors: FieldErrorsAnswer })
  .meta({ id: "ValidationFailed", description: "The input broke a rule: 422 (behaviour.md §5)." });

/** The body of a success answer, as documented and checked. */
export function answerBody(answer: Answer): z.ZodType | undefined {
  if ("data" in answer) return z.object({ data: answer.data });
  if ("page" in answer) return answer.page;
  if ("json" in answer) return answer.json;
  return undefined;
}

const DESCRIPTIONS: Record<number, string> = {
  401: "No live token: the client signs out (behaviour.md §4).",
  403: "Signed in, but not allowed here.",
  404: "Nothing with that id, or not the caller's to see.",
  409: "The request clashes with the current state.",
  413: "The request body is too large.",
  415: "The body was not sent as `application/json`.",
  419: "The page expired: sent from another site, or a cookie request without a valid X-XSRF-TOKEN header.",
  422: "The input broke a rule; `errors` names the fields.",
  429: "Too many attempts; `Retry-After` says when to try again.",
  502: "A service the shop relies on (a payment provider) did not answer; nothing changed.",
  503: "The shop is busy or its database is unavailable; try again after `Retry-After`.",
};

/** What a refusal status means, for the document. */
export const statusDescription = (status: number) => DESCRIPTIONS[status] ?? "Refused.";

/**
 * Every refusal status a route can answer with: those it declares, 422 for an input, 404 for a
 * path parameter, 401/403/419 behind a sign-in, 429 for a limit, and 503 for every route.
 */
export function refusalStatuses(route: AnyRoute, area: Area): number[] {
  const statuses = new Set<number>((route.refusals ?? []).map((code) => REFUSAL_STATUS[code]));
  if (route.query || route.body || route.multipart) statuses.add(422);
  if (route.params) statuses.add(404);
  if (route.body || route.multipart) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.method !== "get") statuses.add(419);
  if (route.limit) statuses.add(429);
  if (route.idempotent) {
    statuses.add(409);
    statuses.add(422);
  }
  if (routeAccess(route, area) !== "anyone") {
    statuses.add(401);
    statuses.add(403);
    if (route.method !== "get") statuses.add(419);
  }
  statuses.add(503);
  return [...statuses].sort();
}
