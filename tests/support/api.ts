import { apiClient } from "../../common/api/client.mjs";
import type { TestApp } from "./app.ts";

type Outcome = { data?: unknown; error?: unknown; response: Response };

/**
 * A request the API client sent (with `parseAs: "text"`), as a `Response` whose body is unread:
 * for helpers whose tests read the status, headers and body themselves, refusals included.
 */
export async function answered(outcome: Promise<Outcome>): Promise<Response> {
  const { data, error, response } = await outcome;
  // openapi-fetch reads a refusal's body as JSON where it can.
  const text = response.ok ? data : typeof error === "string" ? error : JSON.stringify(error);
  return new Response(typeof text === "string" && response.status !== 204 ? text : null, {
    status: response.status,
    headers: response.headers,
  });
}

/**
 * Sends `method path` (any path, query included) through the API client of `app`, as a
 * `Response`: for helpers whose path is the test's to choose.
 */
export function send(
  app: TestApp,
  method: "get" | "post",
  path: string,
  options: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const init = { ...options, parseAs: "text" };
  return answered(apiClient(app.url).request(method, path as never, init as never));
}
