import { data } from "react-router";
import { MAX_ID } from "../../common/ids";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const POSITIVE_INTEGER = /^[1-9][0-9]{0,15}$/;

// `url` is React Router's normalised URL: without the `.data` suffix of client navigations.
type Args = { url: URL; params: Record<string, string | undefined> };

/** behaviour.md §2: a parameter failing validation is a 404 'Page Not Found: {fullPath}'. */
function pageNotFound(url: URL): never {
  throw data(`Page Not Found: ${url.pathname}${url.search}`, { status: 404 });
}

/** The `name` parameter (`slug` unless said), or a 404 when it is not a lower-case kebab-case slug. */
export function requireSlug({ url, params }: Args, name = "slug"): string {
  const slug = params[name];
  if (!slug || !SLUG.test(slug)) pageNotFound(url);
  return slug;
}

/** The `name` parameter when it is one of `choices`, or a 404. */
export function requireChoice<C extends string>(
  { url, params }: Args,
  name: string,
  choices: readonly C[],
): C {
  const value = params[name];
  const choice = choices.find((entry) => entry === value);
  if (!choice) pageNotFound(url);
  return choice;
}

/** The `id` parameter as a positive integer, or a 404. */
export function requireId({ url, params }: Args): number {
  const id = params.id;
  // Ids are PostgreSQL integers: a bigger number names nothing, and must not reach a query.
  if (!id || !POSITIVE_INTEGER.test(id) || Number(id) > MAX_ID) pageNotFound(url);
  return Number(id);
}

/** The `id` parameter as a positive integer, undefined where the route has none, or a 404. */
export function optionalId(args: Args): number | undefined {
  return args.params.id === undefined ? undefined : requireId(args);
}

/**
 * behaviour.md §2, §8: no route matched: a 404 'Page not found: {path}', the path with its query.
 */
export function noRouteMatch(url: URL): never {
  throw data(`Page not found: ${url.pathname}${url.search}`, { status: 404 });
}
