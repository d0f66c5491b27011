import type { MiddlewareFunction } from "react-router";
import type { Alert } from "../client/alerts";
import { readCookie } from "./cookies";

type Flash = Array<Pick<Alert, "type" | "body">>;
const FLASH_COOKIE = "flash";
const TYPES = new Set(["SUCCESS", "ERROR", "WARNING"]);

/** A Set-Cookie that carries messages to the page a form post redirects to. */
export function flashCookie(messages: Flash, secure: boolean): string {
  return `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(messages.slice(0, 5)))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** The messages waiting in the request, and the Set-Cookie that removes them once shown. */
export function takeFlash(request: Request): { messages: Flash; clear: string | null } {
  const raw = readCookie(request.headers.get("Cookie"), FLASH_COOKIE);
  if (!raw) return { messages: [], clear: null };
  let messages: Flash = [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (Array.isArray(parsed)) {
      messages = parsed
        .filter(
          (item): item is Flash[number] => TYPES.has(item?.type) && typeof item?.body === "string",
        )
        .map((item) => ({ type: item.type, body: item.body.slice(0, 300) }))
        .slice(0, 5);
    }
  } catch {
    messages = [];
  }
  return { messages, clear: `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
}

/** Layout middleware: messages from a form post are shown once; the page showing them deletes them. */
export const clearFlash: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const { clear } = takeFlash(request);
  if (clear) response.headers.append("Set-Cookie", clear);
  return response;
};
