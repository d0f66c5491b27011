import { formatLondonDateTime } from "../../../common/london-time";
import { PageHeading } from "../../components/page-heading";
import { SimpleTable } from "../../components/ui/simple-table";
import { backOffice } from "../../lib/back-office.server";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/outbox";

export const meta = screenMeta("Outbox", { noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  return { messages: await backOffice(context).recentMail() };
}

const statusStyles = {
  sent: "bg-green-100 text-green-900",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-900",
} as const;

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <>
      <PageHeading
        title="Outbox"
        intro="The latest 50 emails the shop has sent or is about to send. Their contents are not shown: a reset link is a key to someone's account."
      />
      <div className="rounded-xl bg-white ring-1 ring-line">
        <SimpleTable
          caption="Recent emails, newest first"
          rows={messages}
          rowKey={(message) => message.id}
          empty={<p className="p-4 text-muted">No emails yet.</p>}
          columns={[
            {
              header: "Queued",
              cell: (message) => formatLondonDateTime(message.createdAt),
              className: "whitespace-nowrap",
            },
            { header: "To", cell: (message) => message.recipient, className: "break-all" },
            { header: "Subject", cell: (message) => message.subject },
            {
              header: "Status",
              cell: (message) => (
                <>
                  <span
                    className={`rounded-full px-2.5 py-0.5 font-semibold ${statusStyles[message.status]}`}
                  >
                    {message.status}
                  </span>
                  {message.status !== "sent" && message.attempts > 0 && (
                    <span className="ml-2 text-muted">
                      {message.attempts} attempts
                      {message.lastError ? `: ${message.lastError}` : ""}
                    </span>
                  )}
                </>
              ),
            },
          ]}
        />
      </div>
    </>
  );
}
