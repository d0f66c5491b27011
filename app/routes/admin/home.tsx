import type { ReactNode } from "react";
import { formatLondonDayAndTime } from "../../../common/london-time";
import { format } from "../../components/admin/dashboard/format";
import { FunnelChart } from "../../components/admin/dashboard/funnel-chart";
import { RangeControl } from "../../components/admin/dashboard/range-control";
import { SalesChart } from "../../components/admin/dashboard/sales-chart";
import { Card, ScreenHeader } from "../../components/admin/screen-header";
import { AppLink } from "../../components/ui/app-link";
import { dashboardScreen } from "../../lib/admin-dashboard.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/home";

export const meta = screenMeta("Back office", { noindex: true });

export const loader = ({ request, context }: Route.LoaderArgs) =>
  dashboardScreen({ url: new URL(request.url), context });

const LINK = "font-semibold underline-offset-2 hover:underline";

/** One figure: what it is, the number, and a line of context or a link. */
function Figure({
  label,
  value,
  note,
  wide,
}: {
  label: string;
  value: string;
  note?: ReactNode;
  /** The whole row on a phone (an odd one out of two columns). */
  wide?: boolean;
}) {
  return (
    <li
      className={`rounded-xl bg-white p-4 shadow-sm ring-1 ring-line sm:p-5 ${wide ? "col-span-2 sm:col-span-1" : ""}`}
    >
      <p className="text-sm font-semibold text-muted">{label}</p>
      <p className="mt-1 font-display text-2xl tabular-nums sm:text-3xl">{value}</p>
      {note && <div className="mt-1 text-sm text-muted">{note}</div>}
    </li>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { figures, overview, asked, errors } = loaderData;
  const { today, month, toDispatch, range } = figures;
  const rangeLabel = `${format.longDay(range.from)} to ${format.longDay(range.to)}`;
  return (
    <>
      <ScreenHeader title="Overview" intro="How the shop is trading, on London time." />
      <h2 className="sr-only">Today and this month</h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <Figure
          label="Sales today"
          value={format.money(today.sales)}
          note={format.longDay(today.day)}
        />
        <Figure label="Orders today" value={format.count(today.orders)} note="paid today" />
        <Figure
          label="Sales this month"
          value={format.money(month.sales)}
          note={`since ${format.shortDay(month.from)}, less refunds`}
        />
        <Figure
          label="Orders this month"
          value={format.count(month.orders)}
          note="paid this month"
        />
        <Figure
          wide
          label="To dispatch"
          value={format.count(toDispatch.count)}
          note={
            <>
              {toDispatch.oldest && (
                <span className="block">
                  Oldest {toDispatch.oldest.number}, paid{" "}
                  {formatLondonDayAndTime(toDispatch.oldest.paidAt)}
                </span>
              )}
              <AppLink to="/admin/orders?status=paid" className={`${LINK} text-ink underline`}>
                Orders to dispatch
              </AppLink>
            </>
          }
        />
      </ul>

      <section aria-labelledby="range-heading" className="mt-10">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="range-heading" className="font-display text-2xl">
              Trade over time
            </h2>
            <p className="text-sm text-muted">{rangeLabel}</p>
          </div>
          <RangeControl range={range} today={today.day} asked={asked} errors={errors} />
        </div>
        <div className="grid gap-4 lg:grid-cols-2">
          <Card
            title="Sales"
            description={`${format.money(figures.rangeTotals.sales)} from ${format.count(figures.rangeTotals.orders)} orders, less refunds`}
            className="lg:col-span-2"
          >
            <SalesChart days={figures.dailySales} total={figures.rangeTotals.sales} />
          </Card>
          <Card
            title="Shop-event funnel"
            description="Visitors who took each step (each once a day), with each step's share of the one before"
          >
            <FunnelChart steps={figures.funnel} />
          </Card>
          <Card
            title="Low stock"
            description={`${format.count(figures.lowStock.total)} variants on sale with ${format.count(figures.lowStock.threshold)} or fewer left`}
          >
            <Ranked
              rows={figures.lowStock.variants.map((variant) => ({
                key: String(variant.variantId),
                name: (
                  <AppLink to={`/admin/products/${variant.productId}`} className={LINK}>
                    {variant.productTitle}
                  </AppLink>
                ),
                detail: variant.title ? `${variant.title} · ${variant.sku}` : variant.sku,
                value: variant.stock === 0 ? "Sold out" : `${format.count(variant.stock)} left`,
                tone: variant.stock === 0 ? "text-error" : undefined,
              }))}
              empty="Every variant on sale is well stocked."
            />
          </Card>
          <Card title="Top products" description="By takings, less refunds">
            <Ranked
              rows={figures.topProducts.map((product) => ({
                key: String(product.productId),
                name: (
                  <AppLink to={`/admin/products/${product.productId}`} className={LINK}>
                    {product.title}
                  </AppLink>
                ),
                detail: `${product.band} · ${format.count(product.units)} sold`,
                value: format.money(product.revenue),
              }))}
              empty="Nothing sold in this range."
            />
          </Card>
          <Card title="Top bands" description="By takings, less refunds">
            <Ranked
              rows={figures.topBands.map((band) => ({
                key: band.band,
                name: <span className="font-semibold">{band.band}</span>,
                detail: `${format.count(band.units)} sold`,
                value: format.money(band.revenue),
              }))}
              empty="Nothing sold in this range."
            />
          </Card>
        </div>
      </section>

      <section aria-labelledby="shop-heading" className="mt-10">
        <h2 id="shop-heading" className="mb-4 font-display text-2xl">
          The shop at a glance
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
          <Figure
            label="Products on sale"
            value={format.count(overview.publishedProducts)}
            note={`${format.count(overview.draftProducts)} drafts`}
          />
          <Figure label="Bands" value={format.count(overview.bands)} />
          <Figure
            label="Customer accounts"
            value={format.count(overview.customers)}
            note={`${format.count(overview.guests)} guest customers`}
          />
          <Figure label="Live discount codes" value={format.count(overview.liveDiscounts)} />
          <Figure
            wide
            label="Emails waiting"
            value={format.count(overview.mailPending)}
            note={
              <>
                <span className="block">
                  {overview.mailFailed
                    ? `${format.count(overview.mailFailed)} failed`
                    : "none failed"}
                </span>
                <AppLink to="/admin/outbox" className={`${LINK} text-ink underline`}>
                  Open the outbox
                </AppLink>
              </>
            }
          />
        </ul>
      </section>
    </>
  );
}

/** A short ranked list: a name with a line of detail, and a figure on the right. */
function Ranked({
  rows,
  empty,
}: {
  rows: Array<{ key: string; name: ReactNode; detail: string; value: string; tone?: string }>;
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-sm text-muted">{empty}</p>;
  return (
    <ol className="divide-y divide-line">
      {rows.map((row) => (
        <li key={row.key} className="flex items-baseline justify-between gap-4 py-2.5">
          <span className="min-w-0">
            <span className="block truncate">{row.name}</span>
            <span className="block truncate text-sm text-muted">{row.detail}</span>
          </span>
          <span className={`shrink-0 font-semibold tabular-nums ${row.tone ?? ""}`}>
            {row.value}
          </span>
        </li>
      ))}
    </ol>
  );
}
