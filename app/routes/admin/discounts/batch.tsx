import { formatPrice } from "../../../../common/money";
import { Badge, LondonTime } from "../../../components/admin/cells";
import { ScreenError } from "../../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import { AppLink } from "../../../components/ui/app-link";
import { buttonClasses } from "../../../components/ui/button";
import { batchScreen } from "../../../lib/admin-discounts.server";
import { errorMeta, pageMeta } from "../../../lib/meta";
import { robotsNoindex } from "../../../lib/seo";
import type { Route } from "./+types/batch";

export const meta = ({ loaderData, error }: Route.MetaArgs) =>
  error || !loaderData
    ? errorMeta(error ?? { status: 404 })
    : [...pageMeta(`Batch: ${loaderData.title}`), robotsNoindex()];

export const loader = (args: Route.LoaderArgs) => batchScreen(args);

const count = new Intl.NumberFormat("en-GB");

export default function Batch({ loaderData: batch }: Route.ComponentProps) {
  const rules = batch.rules;
  return (
    <>
      <ScreenHeader
        title={batch.title}
        back={{ to: "/admin/discounts", label: "Discounts" }}
        intro={
          <>
            {count.format(batch.count)} single-use codes starting {batch.prefix}-, made{" "}
            <LondonTime iso={batch.createdAt} />.
          </>
        }
        actions={
          <a
            href={`/api/staff/discounts/batches/${batch.id}/codes.csv`}
            download
            className={buttonClasses("primary", "sm")}
          >
            Download codes (CSV)
          </a>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card title="Rules every code shares">
          {rules ? (
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-muted">Value</dt>
                <dd className="font-semibold">
                  {rules.unitType === "percentage"
                    ? `${rules.value}% off`
                    : `${formatPrice(rules.value)} off`}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">Minimum spend</dt>
                <dd className="font-semibold">
                  {rules.minSubtotal === null ? "None" : formatPrice(rules.minSubtotal)}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">Applies to</dt>
                <dd className="font-semibold">
                  {rules.scope === "basket"
                    ? "The whole basket"
                    : rules.targets.map((target) => target.title).join(", ")}
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">Active</dt>
                <dd className="font-semibold">
                  From <LondonTime iso={rules.startsAt} />
                  {rules.endsAt ? (
                    <>
                      {" "}
                      to <LondonTime iso={rules.endsAt} />
                    </>
                  ) : (
                    ", no end"
                  )}
                </dd>
              </div>
            </dl>
          ) : (
            <p className="text-muted">This batch has no codes.</p>
          )}
        </Card>
        <Card title="Usage">
          <p className="text-3xl font-bold tabular-nums">
            {count.format(batch.used)}
            <span className="text-base font-normal text-muted">
              {" "}
              of {count.format(batch.count)} used
            </span>
          </p>
          <p className="text-sm">
            <Badge tone="info">Single use</Badge> Each code works once, for one customer.
          </p>
        </Card>
      </div>
      <Card title="Codes" className="mt-6">
        <ul className="grid gap-2 font-mono sm:grid-cols-2 lg:grid-cols-5">
          {batch.sample.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <p className="text-sm">
          <AppLink to={`/admin/discounts?batch=${batch.id}`} className="font-semibold underline">
            See every code with its usage
          </AppLink>{" "}
          or download them all as CSV.
        </p>
      </Card>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={{ to: "/admin/discounts", label: "Discounts" }} />;
}
