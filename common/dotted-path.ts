/**
 * Sets `value` at a form field's dotted name in `body`: `shippingAddress.postcode` and
 * `links.website` become nested fields, as the API's bodies nest them.
 */
export function setDotted(body: Record<string, unknown>, name: string, value: unknown): void {
  const path = name.split(".");
  let at = body;
  for (const key of path.slice(0, -1)) {
    at[key] ??= {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1] as string] = value;
}
