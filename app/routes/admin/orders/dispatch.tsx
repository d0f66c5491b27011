import type { DispatchImportSummary } from "../../../../common/orders-admin";
import { CsvColumns, CsvErrorTable, CsvUploadCard } from "../../../components/admin/csv-upload";
import { ScreenError } from "../../../components/admin/screen-error";
import { Card, ScreenHeader } from "../../../components/admin/screen-header";
import { FormMessage } from "../../../components/ui/form";
import { dispatchCsvAction, dispatchCsvScreen } from "../../../lib/admin-orders.server";
import { formPageHeaders } from "../../../lib/form-headers";
import { screenMeta } from "../../../lib/meta";
import type { Route } from "./+types/dispatch";

export const meta = screenMeta("Bulk dispatch", { noindex: true });
export const headers = formPageHeaders({ "Cache-Control": "private, no-store" });

export const loader = ({ context }: Route.LoaderArgs) => dispatchCsvScreen(context);

export const action = (args: Route.ActionArgs) => dispatchCsvAction(args);

const BACK = { to: "/admin/orders", label: "Orders" };

const COLUMNS = [
  ["order_number", "The order's number: EN-10042."],
  ["carrier", "Royal Mail, DPD, Evri, DHL or Parcelforce."],
  ["tracking_number", "The parcel's number from the carrier."],
  ["tracking_url", "Optional: the tracking page; made from the carrier when empty."],
] as const;

function Result({ summary, fileName }: { summary: DispatchImportSummary; fileName?: string }) {
  const name = fileName ? `“${fileName}”` : "The file";
  const { errors, dispatched } = summary;
  const verdict = errors.length
    ? `${name} has ${errors.length} ${errors.length === 1 ? "error" : "errors"}: nothing was dispatched. Correct the file and check it again.`
    : `${name} has no errors: ${dispatched.length} ${dispatched.length === 1 ? "order is" : "orders are"} ready to dispatch. Nothing is sent until you dispatch.`;
  return (
    <Card title={summary.dryRun ? "Check of the file" : "Not dispatched"}>
      <FormMessage type={errors.length ? "error" : "success"}>{verdict}</FormMessage>
      {errors.length > 0 && <CsvErrorTable errors={errors} />}
      {dispatched.length > 0 && (
        <div className="overflow-x-auto rounded-lg ring-1 ring-line">
          <table className="w-full text-left text-sm">
            <caption className="px-4 py-3 text-left font-bold">Orders the file dispatches</caption>
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
        </div>
      )}
    </Card>
  );
}

export default function BulkDispatch({ loaderData, actionData }: Route.ComponentProps) {
  const { canDispatch, limits } = loaderData;
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
        <CsvUploadCard
          title="Check or dispatch a file"
          description="Check the file first: it lists every row's problems and sends nothing. A file with any error dispatches nothing."
          refused={refused}
          limits={limits}
          allowed={canDispatch}
          actionLabel="Dispatch orders"
          pendingLabel="Dispatching…"
        />
        {result?.summary && <Result summary={result.summary} fileName={result.fileName} />}
        <CsvColumns columns={COLUMNS}>
          <pre className="overflow-x-auto rounded-lg bg-zinc-50 p-3 text-sm">
            {"order_number,carrier,tracking_number\nEN-10042,Royal Mail,AB123456789GB"}
          </pre>
        </CsvColumns>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ScreenError back={BACK} />;
}
