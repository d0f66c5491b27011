// One plain HTTP GET with the body exactly as it came over the wire (never decompressed), so the
// baseline can replay the app's bytes and the page weight can count what was transferred.
import http from "node:http";

const TIMEOUT_MS = 30_000;

/**
 * @typedef {{ status: number, headers: http.IncomingHttpHeaders, rawHeaders: string[], body: Buffer }} RawResponse
 */

/** GETs `url` on a fresh connection. @returns {Promise<RawResponse>} */
export function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          rawHeaders: response.rawHeaders,
          body: Buffer.concat(chunks),
        }),
      );
    });
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

/** GETs a JSON endpoint; `json` is undefined when the answer is not a 200 with JSON. */
export async function getJson(url) {
  const response = await get(url, { accept: "application/json" });
  let json;
  if (response.status === 200) {
    try {
      json = JSON.parse(response.body.toString("utf8"));
    } catch {
      json = undefined;
    }
  }
  return { ...response, json };
}
