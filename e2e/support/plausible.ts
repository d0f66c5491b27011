import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One event as Plausible's Events API received it, with the headers that matter to privacy. */
export type ReceivedEvent = {
  body: {
    name: string;
    url: string;
    domain: string;
    referrer?: string;
    props?: Record<string, string>;
    revenue?: { currency: string; amount: string | number };
  };
  contentType: string | undefined;
  /** The Cookie header the browser sent with it, if any. */
  cookie: string | undefined;
};

export type PlausibleServer = {
  url: string;
  events: ReceivedEvent[];
  close(): Promise<void>;
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

// What Plausible answers a browser with, so the page may read the answer from another origin.
const CORS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "POST, OPTIONS",
  "Access-Control-Allow-Headers": "Content-Type",
};

/**
 * A stand-in for a Plausible instance on 127.0.0.1 that speaks its Events API: `POST /api/event`
 * with a JSON body (sent as text/plain or application/json) answers 202, a body without a name,
 * url or domain 400, a preflight 204; every accepted event is kept, in order.
 */
export async function startPlausibleServer(): Promise<PlausibleServer> {
  const events: ReceivedEvent[] = [];
  const server = createServer(async (request, response) => {
    if (request.url !== "/api/event") {
      response.writeHead(404).end();
      return;
    }
    if (request.method === "OPTIONS") {
      response.writeHead(204, CORS).end();
      return;
    }
    if (request.method !== "POST") {
      response.writeHead(405, CORS).end();
      return;
    }
    let body: ReceivedEvent["body"] | undefined;
    try {
      body = JSON.parse(await readBody(request));
    } catch {
      body = undefined;
    }
    if (!body?.name || !body.url || !body.domain) {
      response.writeHead(400, { ...CORS, "Content-Type": "application/json" });
      response.end(JSON.stringify({ errors: { request: "name, url and domain are required" } }));
      return;
    }
    events.push({
      body,
      contentType: request.headers["content-type"],
      cookie: request.headers.cookie,
    });
    response.writeHead(202, { ...CORS, "Content-Type": "text/plain" }).end("ok");
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    events,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
