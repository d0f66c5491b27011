import { ScreenHeader } from "../../components/admin/screen-header";
import { comingSections } from "../../components/admin/sections";
import { AppLink } from "../../components/ui/app-link";
import { errorMeta, pageMeta } from "../../lib/meta";
import { noRouteMatch } from "../../lib/route-params";
import { robotsNoindex } from "../../lib/seo";
import type { Route } from "./+types/coming-soon";

// One module for every section whose screens are still to come (app/components/admin/sections.ts).
export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(loaderData.label), robotsNoindex()];

export function loader({ url }: Route.LoaderArgs) {
  const slug = url.pathname.replace(/^\/admin\//, "").replace(/\/$/, "");
  const section = comingSections.find((entry) => entry.slug === slug);
  if (!section) noRouteMatch(url);
  return { label: section.label, coming: section.coming ?? "" };
}

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader title={loaderData.label} />
      <section className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-line">
        <p className="text-xs font-bold tracking-wider text-muted uppercase">Coming soon</p>
        <p className="mx-auto mt-2 max-w-xl text-lg">{loaderData.coming}</p>
        <p className="mt-4 text-sm text-muted">
          Until then, every change staff make elsewhere is in the{" "}
          <AppLink to="/admin/audit-log" className="font-semibold text-ink underline">
            audit log
          </AppLink>
          .
        </p>
      </section>
    </>
  );
}
