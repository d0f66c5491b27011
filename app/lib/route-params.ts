import { data } from "react-router";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const POSITIVE_INTEGER = /^[1-9][0-9]{0,15}$/;

type Args = { request: Request; params: Record<string, string | undefined> };

function fullPath(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** spec §2: a parameter failing validation is a 404 'Page Not Found: {fullPath}'. */
function pageNotFound(request: Request): never {
  throw data(`Page Not Found: ${fullPath(request)}`, { status: 404 });
}

/** The `slug` parameter, or a 404 when it is not a lower-case kebab-case slug. */
export function requireSlug({ request, params }: Args): string {
  const slug = params.slug;
  if (!slug || !SLUG.test(slug)) pageNotFound(request);
  return slug;
}

/** The `id` parameter as a positive integer, or a 404. */
export function requireId({ request, params }: Args): number {
  const id = params.id;
  if (!id || !POSITIVE_INTEGER.test(id) || !Number.isSafeInteger(Number(id))) pageNotFound(request);
  return Number(id);
}

/** spec §2: no route matched: a 404 'Page not found: {path}'. */
export function noRouteMatch(request: Request): never {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}
