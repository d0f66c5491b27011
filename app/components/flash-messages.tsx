import { useEffect, useState } from "react";
import { type Alert, pushAlert } from "../client/alerts";

/**
 * Messages a form post left for the next page (the no-JavaScript journeys). Before scripts run they
 * are part of the page; once the page is live they become ordinary alerts that time out.
 */
export function FlashMessages({ messages }: { messages: Array<Pick<Alert, "type" | "body">> }) {
  const [live, setLive] = useState(false);
  useEffect(() => {
    for (const message of messages) pushAlert(message.type, message.body, 6000);
    setLive(true);
  }, [messages]);
  if (live || messages.length === 0) return null;
  return (
    <div className="mx-auto mt-4 w-full max-w-7xl space-y-2 px-4 sm:px-6">
      {messages.map((message) => (
        <p
          key={`${message.type}:${message.body}`}
          role={message.type === "ERROR" ? "alert" : "status"}
          className="rounded-lg border-l-4 border-ink bg-white px-4 py-3 text-sm font-medium shadow"
        >
          {message.body}
        </p>
      ))}
    </div>
  );
}
