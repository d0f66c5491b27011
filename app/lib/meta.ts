export const SHOP_DESCRIPTION =
  "Official licensed music merchandise in the UK: band T-shirts, hoodies, posters, vinyl and bundles, shipped from the United Kingdom.";

/** spec §1: 'Official music merchandise | {page} | United Kingdom'. */
export function pageTitle(page: string): string {
  return `Official music merchandise | ${page} | United Kingdom`;
}

/** The title and the shop-wide description every screen carries. */
export function pageMeta(page: string, description: string = SHOP_DESCRIPTION) {
  return [{ title: pageTitle(page) }, { name: "description", content: description }];
}

/** A route's meta function: its screen name, or what went wrong when the route failed. */
export function screenMeta(page: string) {
  return ({ error }: { error?: unknown }) => {
    if (!error) return pageMeta(page);
    const status = (error as { status?: number }).status;
    return pageMeta(status === 404 ? "Page not found" : "Error");
  };
}
