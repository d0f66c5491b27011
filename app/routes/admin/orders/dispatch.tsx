import { Form, useNavigation } from "react-router";
import type { DispatchImportSummary } from "../../../../common/orders-admin";
import { ScreenError } from "../../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import { Button } from "../../../components/ui/button";
import { FormMessage, TextField } from "../../../components/ui/form";
import { dispatchCsvAction, dispatchCsvScreen } from "../../../lib/admin-orders.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/dispatch";

export const meta = screenMeta("Bulk dispatch", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = ({ context }: Route.LoaderArgs) => dispatchCsvScreen(context);

export const action = (args: Route.ActionArgs) => dispatchCsvAction(args);

const BACK = { to: "/admin/orders", label: "Orders" };

function Result({ summary, fileName }: { summary: DispatchImportSummary; fileName?: string }) {
  const name = fileName ? `“${fileName}”` : "The file";
  const { errors, dispatched } = summary;
  const verdict = errors.length
    ? `${name} has ${errors.length} ${errors.length === 1 ? "error" : "errors"}: nothing was dispatched. Correct the file and check it again.`
    : `${name} has no errors: ${dispatched.length} ${dispatched.length === 1 ? "order is" : "orders are"} ready to dispatch. Nothing is sent until you dispatch.`;
  return (
    <Card title={summary.dryRun ? "Check of the file" : "Not dispatched"}>
      <FormMessage type={errors.length ? "error" : "success"}>{verdict}</FormMessage>
      {errors.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="py-2 text-left font-bold">
            Errors by row (the header is row 1)
          </caption>
          <thead className="border-y border-line bg-zinc-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Column
              </th>
              <th scope="col" className="px-3 py-2">
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {errors.map((error) => (
              <tr
                key={`${error.row}-${error.field}-${error.message}`}
                className="border-b border-line"
              >
                <th scope="row" className="px-3 py-2">
                  {error.row}
                </th>
                <td className="px-3 py-2 font-mono">{error.field}</td>
                <td className="px-3 py-2">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dispatched.length > 0 && (
        <table className="w-full text-left text-sm">
          <caption className="py-2 text-left font-bold">Orders the file dispatches</caption>
          <thead className="border-y border-line bg-zinc-50">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                Order
              </th>
              <th scope="col" className="px-3 py-2">
                Carrier
              </th>
              <th scope="col" className="px-3 py-2">
                Tracking number
              </th>
            </tr>
          </thead>
          <tbody>
            {dispatched.map((row) => (
              <tr key={row.row} className="border-b border-line">
                <th scope="row" className="px-3 py-2">
                  {row.row}
                </th>
                <td className="px-3 py-2">
                  {row.orderNumber}
                  {row.partial && <span className="text-muted"> (first parcel)</span>}
                </td>
                <td className="px-3 py-2">{row.carrier}</td>
                <td className="px-3 py-2 font-mono">{row.trackingNumber}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export default function BulkDispatch({ loaderData, actionData }: Route.ComponentProps) {
  const { canDispatch, limits } = loaderData;
  const navigation = useNavigation();
  const dryRun = navigation.state === "submitting" ? navigation.formData?.get("dryRun") : undefined;
  const result = actionData?.summary ? actionData : undefined;
  const refused = actionData && !result ? actionData : undefined;
  return (
    <>
      <ScreenHeader
        title="Bulk dispatch"
        intro="Dispatch many paid orders at once from a CSV of tracking numbers, as your carrier's despatch software exports it. Each shopper is emailed their tracking link."
        back={BACK}
      />
      <div className="space-y-6">
        <Card
          title="Check or dispatch a file"
          description="Check the file first: it lists every row's problems and sends nothing. A file with any error dispatches nothing."
        >
          {refused?.message && <FormMessage type="error">{refused.message}</FormMessage>}
          <Form method="post" encType="multipart/form-data" className="space-y-5">
            <TextField
              name="file"
              type="file"
              label="CSV file"
              accept=".csv,text/csv"
              required
              hint={`UTF-8 CSV, up to ${limits.maxBytes / (1024 * 1024)} MB and ${limits.maxRows.toLocaleString("en-GB")} rows.`}
              errors={[...(refused?.errors?.file ?? []), ...(refused?.errors?.dryRun ?? [])]}
            />
            <div className="flex flex-wrap gap-3">
              <Button
                type="submit"
                name="dryRun"
                value="true"
                variant="secondary"
                disabled={!canDispatch}
                pending={dryRun === "true"}
                pendingLabel="Checking…"
              >
                Check file
              </Button>
              <Button
                type="submit"
                name="dryRun"
                value="false"
                disabled={!canDispatch}
                pending={dryRun === "false"}
                pendingLabel="Dispatching…"
              >
                Dispatch orders
              </Button>
            </div>
          </Form>
        </Card>
        {result?.summary && <Result summary={result.summary} fileName={result.fileName} />}
        <Card title="The columns">
          <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-mono font-semibold">order_number</dt>
            <dd className="text-muted">The order's number: EN-10042.</dd>
            <dt className="font-mono font-semibold">carrier</dt>
            <dd className="text-muted">Royal Mail, DPD, Evri, DHL or Parcelforce.</dd>
            <dt className="font-mono font-semibold">tracking_number</dt>
            <dd className="text-muted">The parcel's number from the carrier.</dd>
            <dt className="font-mono font-semibold">tracking_url</dt>
            <dd className="text-muted">
              Optional: the tracking page; made from the carrier when empty.
            </dd>
          </dl>
          <pre className="overflow-x-auto rounded-lg bg-zinc-50 p-3 text-sm">
            {"order_number,carrier,tracking_number\nEN-10042,Royal Mail,AB123456789GB"}
          </pre>
        </Card>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={BACK} />;
}
