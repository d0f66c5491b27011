/**
 * A list's URL with `changes` made to its query (null or "" removes a parameter). A change to
 * anything but the page itself (sort, search, a filter) starts again from page 1, which is the
 * page with no `page` parameter.
 */
export function listHref(
  pathname: string,
  search: URLSearchParams,
  changes: Record<string, string | null>,
): string {
  const params = new URLSearchParams(search);
  if (!("page" in changes)) params.delete("page");
  for (const [name, value] of Object.entries(changes)) {
    if (value) params.set(name, value);
    else params.delete(name);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
