import { formatLondonDateTime } from "../../../common/london-time";
import { PageHeading } from "../../components/page-heading";
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
      {messages.length === 0 ? (
        <p className="text-muted">No emails yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl bg-white ring-1 ring-line">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Recent emails, newest first</caption>
            <thead className="border-b border-line bg-zinc-50">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Queued
                </th>
                <th scope="col" className="px-4 py-3">
                  To
                </th>
                <th scope="col" className="px-4 py-3">
                  Subject
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {messages.map((message) => (
                <tr key={message.id} className="border-b border-line last:border-0">
                  <td className="px-4 py-3 whitespace-nowrap">
                    {formatLondonDateTime(message.createdAt)}
                  </td>
                  <td className="px-4 py-3 break-all">{message.recipient}</td>
                  <td className="px-4 py-3">{message.subject}</td>
                  <td className="px-4 py-3">
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
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
