import { canonicalLink, type JsonLdDescriptor, robotsNoindex, SITE_NAME, socialMeta } from "./seo";

export const SHOP_DESCRIPTION =
  "Official licensed music merchandise in the UK: band T-shirts, hoodies, posters, vinyl and bundles, shipped from the United Kingdom.";

/**
 * behaviour.md §1: 'Official music merchandise | {product} | United Kingdom'. The {product} part is
 * the page's own short name followed by the shop's name ('Pylon & Sparks Tee – Encore'): the
 * title's fixed words are the same on every tab, so the page's name and the shop's are what tell one tab,
 * bookmark or history entry from another.
 */
export function pageTitle(page: string): string {
  return `Official music merchandise | ${page} – ${SITE_NAME} | United Kingdom`;
}

/** The title and the shop-wide description every screen carries. */
export function pageMeta(page: string, description: string = SHOP_DESCRIPTION) {
  return [{ title: pageTitle(page) }, { name: "description", content: description }];
}

type MetaArgs = {
  error?: unknown;
  location: { pathname: string; search: string };
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
};

type ShopMeta = {
  page: string;
  description?: string;
  /** An absolute image URL for social cards. */
  image?: string | null;
  type?: "website" | "product" | "article";
  /**
   * What social cards call the page, when staff wrote one (a product's or band's SEO title,
   * issue 30); the `<title>` keeps the shop's template (behaviour.md §1) either way.
   */
  socialTitle?: string | null;
  /** Basket, account and sign-in pages stay out of search results. */
  noindex?: boolean;
  jsonLd?: JsonLdDescriptor[];
};

/** PUBLIC_URL as the root loader passes it down (links are never built from the Host header). */
export function publicUrlOf(matches: MetaArgs["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { publicUrl?: string }
    | undefined;
  return root?.publicUrl ?? "";
}

/** Everything a page's head carries: title, description, canonical link, social cards, JSON-LD. */
export function shopMeta(args: MetaArgs, input: ShopMeta) {
  const publicUrl = publicUrlOf(args.matches);
  const canonical = canonicalLink(publicUrl, args.location.pathname, args.location.search);
  const description = input.description ?? SHOP_DESCRIPTION;
  return [
    ...pageMeta(input.page, description),
    canonical,
    ...socialMeta({
      title: input.socialTitle?.trim() || pageTitle(input.page),
      description,
      url: canonical.href,
      image: input.image,
      type: input.type ?? "website",
    }),
    ...(input.noindex ? [robotsNoindex()] : []),
    ...(input.jsonLd ?? []),
  ];
}

/** The head of a page that failed: what went wrong, never indexed. */
export function errorMeta(error: unknown) {
  const status = (error as { status?: number }).status;
  return [...pageMeta(status === 404 ? "Page not found" : "Error"), robotsNoindex()];
}

/** A fixed screen's meta function: its name, or what went wrong when the route failed. */
export function screenMeta(page: string, options: Omit<ShopMeta, "page"> = {}) {
  return (args: MetaArgs) =>
    args.error ? errorMeta(args.error) : shopMeta(args, { page, ...options });
}
