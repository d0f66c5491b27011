import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { FLASH_COOKIE, readCookie } from "../../common/cookies";
import type { Alert } from "../client/alerts";
import { appContext } from "./app-context.server";

type Flash = Array<Pick<Alert, "type" | "body">>;
const TYPES = new Set(["SUCCESS", "ERROR", "WARNING"]);

/** A Set-Cookie that carries messages to the page a form post redirects to. */
export function flashCookie(messages: Flash, secure: boolean): string {
  return `${FLASH_COOKIE}=${encodeURIComponent(JSON.stringify(messages.slice(0, 5)))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether a layout's loader took the messages in this request (`takeFlash`). */
const flashTaken = createContext<boolean>(false);

/**
 * The messages waiting in the request, for the page to show (shown once: `clearFlash` deletes
 * them from the request that took them).
 */
export function takeFlash(
  request: Request,
  context: Readonly<RouterContextProvider>,
): { messages: Flash } {
  const raw = readCookie(request.headers.get("Cookie"), FLASH_COOKIE);
  if (raw) context.set(flashTaken, true);
  if (!raw) return { messages: [] };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return { messages: [] };
    const messages = parsed
      .filter(
        (item): item is Flash[number] => TYPES.has(item?.type) && typeof item?.body === "string",
      )
      .map((item) => ({ type: item.type, body: item.body.slice(0, 300) }))
      .slice(0, 5);
    return { messages };
  } catch {
    return { messages: [] };
  }
}

/**
 * Layout middleware: messages from a form post are shown once; the request that took them for its
 * page deletes them. Only that one: a post (a form's, or a fetcher's such as a live count) or a
 * reload that did not run the layout's loader leaves them for the page they are meant for, which
 * may be loading at that very moment (a CI run lost "Added the segment" to a count's request).
 */
export const clearFlash: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (context.get(flashTaken)) {
    // The same attributes as the cookie it removes, Secure included under https.
    const secure = context.get(appContext).config.secure ? "; Secure" : "";
    response.headers.append(
      "Set-Cookie",
      `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return response;
};
