import { PageHeading } from "../../components/page-heading";
import { AppLink } from "../../components/ui/app-link";
import { backOffice } from "../../lib/back-office.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/home";

export const meta = screenMeta("Back office", { noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  return { overview: await backOffice(context).shopOverview() };
}

const count = new Intl.NumberFormat("en-GB");

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { overview } = loaderData;
  const tiles = [
    {
      label: "Products on sale",
      value: overview.publishedProducts,
      note: `${count.format(overview.draftProducts)} drafts`,
    },
    { label: "Bands", value: overview.bands },
    {
      label: "Customer accounts",
      value: overview.customers,
      note: `${count.format(overview.guests)} guest customers`,
    },
    { label: "Live discount codes", value: overview.liveDiscounts },
    {
      label: "Emails waiting",
      value: overview.mailPending,
      note: overview.mailFailed ? `${count.format(overview.mailFailed)} failed` : "none failed",
      link: "/admin/outbox",
    },
  ];
  return (
    <>
      <PageHeading title="Overview" intro="The shop at a glance." />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.label} className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-line">
            <p className="text-sm font-semibold text-muted">{tile.label}</p>
            <p className="mt-1 font-display text-3xl">{count.format(tile.value)}</p>
            {tile.note && <p className="mt-1 text-sm text-muted">{tile.note}</p>}
            {tile.link && (
              <AppLink to={tile.link} className="mt-2 inline-block text-sm font-semibold underline">
                Open the outbox
              </AppLink>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
