import type { z } from "zod";
import { type FieldErrors, refusalErrors } from "../../common/refusal.ts";
import { fieldErrors } from "./errors.ts";
import type { AnyRoute, CallContext } from "./route-table.ts";

/** An object schema's fields, through a `.transform()` after it (an address's postcode rule). */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  const def = schema._zod.def as { type: string; in?: z.ZodType };
  if (def.type === "pipe" && def.in) return objectShape(def.in);
  return (schema as z.ZodObject).shape ?? {};
}

/** The fields of `body` that each pass their own schema, as that schema reads them. */
export function passedFields(schema: z.ZodType, body: unknown): Record<string, unknown> {
  const passed: Record<string, unknown> = {};
  if (typeof body !== "object" || body === null) return passed;
  for (const [name, field] of Object.entries(objectShape(schema))) {
    const value = (body as Record<string, unknown>)[name];
    if (value === undefined) continue;
    const parsed = field.safeParse(value);
    if (parsed.success) passed[name] = parsed.data;
  }
  return passed;
}

/**
 * The 422's field errors for a body its route's schema refused: the schema's, and those of the
 * route's own `check` on the fields that passed (issue 30: a form shows every problem at once,
 * not the schema's, then the service's on the next submit). Both edges use it: the API
 * (`mount-routes.ts`) and a page's form (`app/lib/form-route.server.ts`).
 */
export async function invalidBodyErrors(
  route: AnyRoute,
  context: CallContext,
  body: unknown,
  error: z.ZodError,
): Promise<FieldErrors> {
  const errors = fieldErrors(error);
  if (!route.check || !route.body) return errors;
  const refusal = await route.check(context, passedFields(route.body, body));
  if (refusal?.refused !== "invalid") return errors;
  for (const [field, messages] of Object.entries(refusalErrors(refusal))) {
    errors[field] ??= messages;
  }
  return errors;
}
