import { AppLink } from "./ui/app-link";

export type Crumb = { name: string; to: string };

/** Where this page sits in the shop; the last crumb is the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted">
      <ol className="flex flex-wrap items-center gap-2">
        {crumbs.map((crumb, index) => (
          <li key={crumb.to} className="flex items-center gap-2">
            {index > 0 && <span aria-hidden="true">/</span>}
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
