// The baseline: a bare node:http server that answers each benchmarked path with exactly the bytes
// the app sent for it (status, headers, body), from memory. Run by bench/processes.mjs with the
// path of a fixtures file; it does no work per request beyond a map lookup, so the app's
// requests/s divided by its requests/s is the share of the ceiling Encore reaches on this machine.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const fixtures = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8"));

/** @type {Map<string, { status: number, headers: string[], body: Buffer }>} */
const routes = new Map();
for (const fixture of fixtures) {
  const body = Buffer.from(fixture.body, "base64");
  const headers = [...fixture.headers, "Content-Length", String(body.length)];
  routes.set(fixture.path, { status: fixture.status, headers, body });
}

const server = createServer((request, response) => {
  const route = routes.get(request.url ?? "");
  if (!route) {
    response.writeHead(404, { "Content-Length": "0" }).end();
    return;
  }
  response.writeHead(route.status, route.headers);
  response.end(route.body);
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  console.log(`Baseline is running at http://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => process.exit(0));
