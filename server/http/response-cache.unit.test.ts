import { gunzipSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "./env.ts";
import { createResponseCache } from "./response-cache.ts";

/** A cache on a stand-in database whose messages the test sends, before a counting route. */
async function cachedRoute() {
  let clock = 0;
  let announce = (_payload: string) => {};
  const cache = await createResponseCache(
    {
      listen: async (_channel, onMessage) => {
        announce = onMessage;
        return async () => {};
      },
    },
    { now: () => clock },
  );
  let answered = 0;
  let databaseDown = false;
  const app = new Hono<AppEnv>().get("/api/thing", cache.api, (c) => {
    if (databaseDown) return c.json({ message: "busy" }, 503);
    answered++;
    return c.json({ answered });
  });
  const read = async () =>
    ((await (await app.request("/api/thing")).json()) as { answered: number }).answered;
  return {
    read,
    fetch: () => app.request("/api/thing"),
    takeDatabaseDown: () => {
      databaseDown = true;
    },
    passTime: (ms: number) => {
      clock += ms;
    },
    announce: () => announce(""),
  };
}

describe("createResponseCache", () => {
  it("compresses a kept answer only once a request asks for that encoding, and counts its bytes", async () => {
    const cache = await createResponseCache({ listen: async () => async () => {} });
    const body = { words: "encore ".repeat(200) };
    const app = new Hono<AppEnv>().get("/api/thing", cache.api, (c) => c.json(body));
    const get = (encoding?: string) =>
      app.request("/api/thing", { headers: encoding ? { "Accept-Encoding": encoding } : {} });

    expect(await (await get()).json()).toEqual(body);
    const entry = cache.fresh("/api/thing");
    expect(entry?.bodies.gzip).toBeUndefined();
    expect(entry?.bodies.br).toBeUndefined();
    const identityBytes = entry?.bytes ?? 0;

    const [first, second] = await Promise.all([get("gzip"), get("gzip")]);
    expect(first.headers.get("content-encoding")).toBe("gzip");
    const gzipped = Buffer.from(await first.arrayBuffer());
    expect(Buffer.from(await second.arrayBuffer())).toEqual(gzipped);
    expect(JSON.parse(gunzipSync(gzipped).toString())).toEqual(body);
    expect(entry?.bodies.gzip).toHaveLength(gzipped.length);
    expect(entry?.bodies.br).toBeUndefined();
    expect(entry?.bytes).toBe(identityBytes + gzipped.length);
  });

  it("tells the caches beside it each time a change is announced, after emptying itself", async () => {
    let announce = (_payload: string) => {};
    const told: number[] = [];
    const cache = await createResponseCache(
      {
        listen: async (_channel, onMessage) => {
          announce = onMessage;
          return async () => {};
        },
      },
      { onShopChanged: () => told.push(cache.size()) },
    );
    announce("");
    announce("");
    expect(told).toEqual([0, 0]);
  });

  it("answers from memory until a change is announced", async () => {
    const route = await cachedRoute();
    expect(await route.read()).toBe(1);
    expect(await route.read()).toBe(1);
    route.announce();
    expect(await route.read()).toBe(2);
  });

  it("makes an answer again a minute after it was made, for what only the clock changes", async () => {
    const route = await cachedRoute();
    expect(await route.read()).toBe(1);
    route.passTime(59_999);
    expect(await route.read()).toBe(1);
    route.passTime(1);
    expect(await route.read()).toBe(2);
    expect(await route.read()).toBe(2);
  });

  it("answers an expired or emptied answer, never cached, only while the database does not", async () => {
    for (const leave of ["expire", "announce"] as const) {
      const route = await cachedRoute();
      expect(await route.read()).toBe(1);
      if (leave === "expire") route.passTime(60_000);
      else route.announce();
      route.takeDatabaseDown();
      const kept = await route.fetch();
      expect(kept.status, leave).toBe(200);
      expect(kept.headers.get("cache-control"), leave).toBe("no-store");
      expect(await kept.json()).toEqual({ answered: 1 });
    }
  });

  it("keeps an answer made once, and keeps one asked for again past many answers asked for once", async () => {
    const cache = await createResponseCache({ listen: async () => async () => {} });
    const app = new Hono<AppEnv>().get("/api/things", cache.api, (c) =>
      c.json({ n: c.req.query("n") }),
    );
    const get = (n: number) => app.request(`/api/things?n=${n}`);

    await get(0);
    await get(1);
    expect(cache.renders()).toBe(2);
    // The next request is a hit, in the app or before it (the early answer's lookup).
    await get(0);
    expect(cache.fresh("/api/things?n=1")).toBeDefined();
    expect(cache.renders()).toBe(2);

    // A crawler's walk: each address asked for once, far more of them than probation holds.
    for (let n = 2; n < 1_000; n++) await get(n);
    expect(cache.renders()).toBe(1_000);
    expect(cache.size()).toBeLessThan(1_000);
    await get(0);
    await get(1);
    expect(cache.renders()).toBe(1_000);
    // The first of the walk, asked for once, was sent out for the ones after it.
    await get(2);
    expect(cache.renders()).toBe(1_001);
  });
});
