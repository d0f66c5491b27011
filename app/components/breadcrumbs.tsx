import { AppLink } from "./ui/app-link";

export type Crumb = { name: string; to: string };

/** The trail to a band's page, which its product pages continue (issue 29: one trail for both). */
export const bandCrumbs = (band: { slug: string; title: string }): Crumb[] => [
  { name: "Home", to: "/" },
  { name: "Bands", to: "/bands" },
  { name: band.title, to: `/bands/${band.slug}` },
];

/**
 * Where this page sits in the shop; the last crumb is the page itself. The separators are the
 * stylesheet's (`.breadcrumbs`): each ends its crumb, so a wrapped trail never starts with one.
 */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs mb-6 text-sm text-muted">
      <ol className="flex flex-wrap items-baseline gap-y-1">
        {crumbs.map((crumb, index) => (
          <li key={crumb.to} className="min-w-0">
            {index === crumbs.length - 1 ? (
              <span aria-current="page" className="text-ink">
                {crumb.name}
              </span>
            ) : (
              <AppLink to={crumb.to} className="hover:text-ink hover:underline">
                {crumb.name}
              </AppLink>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
