import { useLocation } from "react-router";
import { PageHeading } from "../../components/page-heading";
import { legalPages } from "../../lib/legal-pages";
import { shopMeta } from "../../lib/meta";
import type { Route } from "./+types/legal-page";

function pageFor(pathname: string) {
  return legalPages.find((page) => pathname === `/legal/${page.slug}`);
}

export const meta = (args: Route.MetaArgs) =>
  shopMeta(args, { page: pageFor(args.location.pathname)?.title ?? "Legal" });

/** One module serves the eight legal pages of spec §2; each has its own route id. */
export default function LegalPage() {
  const page = pageFor(useLocation().pathname);
  return <PageHeading title={page?.title ?? "Legal"} />;
}
