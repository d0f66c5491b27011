import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiRequestError,
  apiGet,
  apiPost,
  setApiBaseUrl,
  setUnauthorizedHandler,
  toQueryString,
  ValidationFailedError,
} from "./api-client";

type Seen = { method?: string; url?: string; body: string; headers: IncomingMessage["headers"] };

// A real HTTP server on loopback answering as our API does, so the client runs unmodified.
let server: Server;
const seen: Seen[] = [];
const answers: Record<string, [number, unknown]> = {
  "/api/ok": [200, { data: { first_name: "Ada", order_lines: [{ unit_price: 1999 }] } }],
  "/api/user/invalid": [
    422,
    { message: "Validation failed", errors: { email: ["Enter an email address."] } },
  ],
  "/api/errors-field": [200, { errors: { discount: ["This code has expired."] } }],
  "/api/staff/locked": [401, { message: "Unauthenticated." }],
  "/api/broken": [503, { message: "Down for maintenance." }],
};

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      seen.push({ method: request.method, url: request.url, body, headers: request.headers });
      const path = request.url?.split("?")[0] ?? "";
      const [status, payload] = answers[path] ?? [404, { message: "Not found." }];
      response.writeHead(status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("API client", () => {
  it("joins array values with commas in the query string", () => {
    expect(
      toQueryString({ ids: [3, 5, 8], q: "night owls", page: 2, empty: undefined, none: null }),
    ).toBe("?ids=3%2C5%2C8&q=night+owls&page=2");
    expect(toQueryString({})).toBe("");
  });

  it("GETs with the area prefix and camel-cases the answer's keys", async () => {
    const body = await apiGet("default", "/ok", { ids: [1, 2] });
    expect(seen.at(-1)).toMatchObject({ method: "GET", url: "/api/ok?ids=1%2C2" });
    expect(body).toEqual({ data: { firstName: "Ada", orderLines: [{ unitPrice: 1999 }] } });
  });

  it("POSTs JSON to the user and staff areas", async () => {
    await apiPost("user", "/invalid", { lines: [{ id: 1, quantity: 2 }] }).catch(() => {});
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: "POST", url: "/api/user/invalid" });
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual({ lines: [{ id: 1, quantity: 2 }] });
  });

  it("sends a money-moving call's Idempotency-Key, and none otherwise", async () => {
    await apiPost("default", "/ok", {}, { idempotencyKey: "order-key-1234" });
    expect(seen.at(-1)?.headers["idempotency-key"]).toBe("order-key-1234");
    await apiPost("default", "/ok");
    expect(seen.at(-1)?.headers).not.toHaveProperty("idempotency-key");
  });

  it("turns a 422 into 'Validation failed' carrying the server's data", async () => {
    const error = await apiPost("user", "/invalid").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationFailedError);
    const failure = error as ValidationFailedError;
    expect(failure.message).toBe("Validation failed");
    expect(failure.status).toBe(422);
    expect(failure.fieldErrors("email")).toEqual(["Enter an email address."]);
  });

  it("turns any answer with an errors field into 'Validation failed'", async () => {
    const error = await apiGet("default", "/errors-field").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationFailedError);
    expect((error as ValidationFailedError).fieldErrors("discount")).toEqual([
      "This code has expired.",
    ]);
  });

  it("treats 400–599 as errors with the server's message", async () => {
    const error = await apiGet("default", "/broken").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 503, message: "Down for maintenance." });
  });

  it("calls the logout handler on any 401", async () => {
    let loggedOut = 0;
    setUnauthorizedHandler(() => {
      loggedOut += 1;
    });
    const error = await apiGet("staff", "/locked").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 401 });
    expect(loggedOut).toBe(1);
    await apiGet("default", "/ok");
    expect(loggedOut).toBe(1);
  });
});
