import { z } from "zod";
import { MAX_ID } from "../../common/ids";
import { unboundedInputs } from "../../common/input-bounds";

type Shape = Record<string, z.ZodType>;
export type PageQuery<S extends Shape> = { [K in keyof S]?: z.output<S[K]> };

/**
 * The page edge's one place to read an address's query (docs/security.md #15; the listings read
 * theirs in listing-query.server.ts and the staff lists through their API route's declaration,
 * admin-resource.server.ts). A page declares each name it reads, every value bounded (a bound
 * missing is a bug, thrown as the module loads); a value that does not parse is left out, as
 * pages forgive where the API refuses. Names it does not declare are never read.
 */
export function pageQuery<S extends Shape>(shape: S): (url: URL) => PageQuery<S> {
  const unbounded = unboundedInputs(z.object(shape), false);
  if (unbounded.length) throw new Error(`A page query without bounds: ${unbounded.join("; ")}`);
  return (url) => {
    const read: Record<string, unknown> = {};
    for (const [name, schema] of Object.entries(shape)) {
      const value = url.searchParams.get(name);
      if (value === null) continue;
      const parsed = schema.safeParse(value);
      if (parsed.success) read[name] = parsed.data;
    }
    return read as PageQuery<S>;
  };
}

const Token = z.string().max(200);
const PageId = z.coerce.number().int().min(1).max(MAX_ID);

/** Every page's query, by page: what each reads from its address, and nothing else. */
export const PAGE_QUERIES = {
  /** Where to go once signed in (checked again by `safeRedirectTarget`). */
  signIn: { redirect: z.string().max(2000), "signed-out": z.enum(["1"]) },
  /** A password link's token. */
  passwordLink: { token: Token },
  /** The contact page straight after a message was sent: the confirmation instead of the form. */
  contact: { sent: z.enum(["1"]) },
  /** A guest's order page: its access token, and whether it was just placed. */
  guestOrder: { token: Token, placed: z.enum(["1"]) },
  /** The test bank's page: the payment's secret, and the guest's order token. */
  testBank: { secret: Token, token: Token },
  /** A blog's page of articles. */
  blog: { page: z.coerce.number().int().min(1).max(9_999) },
  /** A new delivery option, in the group it was asked from. */
  newDeliveryOption: { group: PageId },
  /** A new attribute value, of the type it was asked from. */
  newAttribute: { type: PageId },
  /** The media library's folder: its page of files and how they are shown. */
  mediaFolder: {
    page: z.string().max(10),
    perPage: z.string().max(10),
    view: z.enum(["grid", "list"]),
  },
  /** The staff dashboard's range, checked by its API route's own declaration. */
  dashboard: { from: z.string().trim().max(200), to: z.string().trim().max(200) },
} satisfies Record<string, Shape>;

export const readSignIn = pageQuery(PAGE_QUERIES.signIn);
export const readPasswordLink = pageQuery(PAGE_QUERIES.passwordLink);
export const readContact = pageQuery(PAGE_QUERIES.contact);
export const readGuestOrder = pageQuery(PAGE_QUERIES.guestOrder);
export const readTestBank = pageQuery(PAGE_QUERIES.testBank);
export const readBlogPage = pageQuery(PAGE_QUERIES.blog);
export const readNewDeliveryOption = pageQuery(PAGE_QUERIES.newDeliveryOption);
export const readNewAttribute = pageQuery(PAGE_QUERIES.newAttribute);
export const readMediaFolder = pageQuery(PAGE_QUERIES.mediaFolder);
export const readDashboard = pageQuery(PAGE_QUERIES.dashboard);
