import { countryByCode } from "../../../../common/countries";
import { formatPrice } from "../../../../common/money";
import { Badge } from "../../../components/admin/cells";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { buttonClasses } from "../../../components/ui/button";
import { SimpleTable } from "../../../components/ui/simple-table";
import { deliveryOverview } from "../../../lib/admin-delivery.server";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/index";

export const meta = screenMeta("Delivery", { noindex: true });

export const loader = ({ context }: Route.LoaderArgs) => deliveryOverview(context);

/** A group's countries by name: the first few, then how many more. */
function Countries({ codes }: { codes: string[] }) {
  if (codes.length === 0) return <p className="text-sm text-muted">No countries yet.</p>;
  const names = codes
    .map((code) => countryByCode(code)?.name ?? code)
    .sort((a, b) => a.localeCompare(b, "en-GB"));
  const shown = names.slice(0, 8).join(", ");
  return (
    <div className="min-w-0 flex-1 text-sm">
      {shown}{" "}
      {names.length > 8 && (
        <details className="inline">
          <summary className="inline cursor-pointer font-semibold underline">
            and {names.length - 8} more
          </summary>
          <span>{names.slice(8).join(", ")}</span>
        </details>
      )}
    </div>
  );
}

const days = (min: number, max: number) =>
  min === max ? `${min} working day${min === 1 ? "" : "s"}` : `${min}–${max} working days`;

export default function Delivery({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <ScreenHeader
        title="Delivery"
        intro="Where the shop delivers, how and at what price. Checkout shows a change at once."
        actions={
          loaderData.canAdd && (
            <AppLink to="/admin/delivery/groups/new" className={buttonClasses("primary", "sm")}>
              Add group
            </AppLink>
          )
        }
      />
      <div className="space-y-6">
        {loaderData.groups.map((group) => (
          <Card key={group.id} title={group.title}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <Countries codes={group.countries} />
              <div className="flex gap-3">
                <AppLink
                  to={`/admin/delivery/groups/${group.id}`}
                  className={buttonClasses("secondary", "sm")}
                >
                  Edit group<span className="sr-only"> {group.title}</span>
                </AppLink>
                <AppLink
                  to={`/admin/delivery/options/new?group=${group.id}`}
                  className={buttonClasses("secondary", "sm")}
                >
                  Add option<span className="sr-only"> to {group.title}</span>
                </AppLink>
              </div>
            </div>
            <SimpleTable
              look="inline"
              caption={`Delivery options of ${group.title}`}
              rows={group.options}
              rowKey={(option) => option.id}
              empty={
                <p className="text-sm text-muted">
                  No options: shoppers in these countries cannot check out yet.
                </p>
              }
              columns={[
                {
                  header: "Option",
                  cell: (option) => (
                    <>
                      <AppLink
                        to={`/admin/delivery/options/${option.id}`}
                        className="font-semibold hover:underline"
                      >
                        {option.title}
                      </AppLink>
                      {option.servesBfpo && <span className="ml-2 text-xs text-muted">BFPO</span>}
                    </>
                  ),
                },
                { header: "Carrier", cell: (option) => option.carrier },
                {
                  header: "Price",
                  cell: (option) => formatPrice(option.price),
                  className: "tabular-nums",
                },
                {
                  header: "Free over",
                  cell: (option) => (option.freeOver === null ? "—" : formatPrice(option.freeOver)),
                  className: "tabular-nums",
                },
                {
                  header: "Estimated",
                  cell: (option) => days(option.estimatedDaysMin, option.estimatedDaysMax),
                },
                {
                  header: "Status",
                  cell: (option) =>
                    option.active ? <Badge tone="success">Active</Badge> : <Badge>Inactive</Badge>,
                },
              ]}
            />
          </Card>
        ))}
      </div>
    </>
  );
}
