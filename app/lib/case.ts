const toCamel = (key: string) =>
  key.replace(/[_-]([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** behaviour.md §7: response keys are converted to camelCase, deeply. */
export function camelizeKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(camelizeKeys);
  if (
    value !== null &&
    typeof value === "object" &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [toCamel(key), camelizeKeys(inner)]),
    );
  }
  return value;
}
