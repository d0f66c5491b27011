import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import type { Database, Db } from "../db/client.ts";
import type { AppEnv } from "./env.ts";
import { hashInlineScripts } from "./inline-script-hashes.ts";
import { PRIVATE_PAGE, PUBLIC_CACHE } from "./page-caching.ts";
import { LeastRecentlyUsed, SegmentedLru } from "./segmented-lru.ts";

/** Every process empties its caches when a message arrives here (docs/decisions/0023). */
export const SHOP_CHANGED_CHANNEL = "shop_changed";
// What is kept (docs/decisions/0032), within a small machine's 200 MB: a new answer waits on
// probation, a few MB of its own, until it is asked for again, which promotes it to the protected
// segment. Answers asked for once (a shopper's own filter or search, a crawler's walk) replace
// each other there, never the pages a crowd asks for.
const KEPT_BOUNDS = {
  probation: { maxEntries: 500, maxBytes: 8 * 1024 * 1024 },
  protected: { maxEntries: 2_000, maxBytes: 32 * 1024 * 1024 },
};
// What no write announces, the clock changes: an article scheduled for later, a spotlight that
// ends. An entry is rendered again at most this long after it was made.
const ENTRY_LIFETIME_MS = 60_000;
// API answers kept aside for a database outage (answered uncompressed, so a smaller bound).
const OUTDATED_BOUNDS = { maxEntries: 1_000, maxBytes: 8 * 1024 * 1024 };

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
// Quality 5 compresses a page about as fast as gzip does and a fifth smaller; 11 takes 20 times
// longer. Each entry is compressed at most once per encoding, on the pool's threads, not per
// request, and only once a request asks for that encoding: most of a large catalogue's entries
// (one filter, one search) are asked for once, by one client, in one encoding or none.
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

export type Encoding = "br" | "gzip" | "identity";
type Compressed = Exclude<Encoding, "identity">;
type Body = Uint8Array<ArrayBuffer>;

/** A kept answer: read-only outside this module. */
export type Entry = {
  key: string;
  /** The body as made, and each compressed copy once a request has asked for it. */
  bodies: { identity: Body } & Partial<Record<Compressed, Body>>;
  /** Compressions under way, so concurrent requests for one encoding compress it once. */
  compressing: Partial<Record<Compressed, Promise<void>>>;
  /** A strong tag over the body, one per encoding (as Apache's `"…-gzip"`). */
  etags: Record<Encoding, string>;
  contentType: string;
  cacheControl: string;
  vary: string;
  /**
   * The hashes of the page's inline scripts, which its policy allows: a kept answer carries no
   * nonce, as every visitor it is handed to would share it (docs/decisions/0035).
   */
  scriptHashes: readonly string[];
  /** Answered (never cached by anyone) once emptied, while the database does not answer. */
  keepOutdated: boolean;
  bytes: number;
  madeAt: number;
};

/** What a kind of answer is kept under and which of its responses may be kept. */
type Kind = {
  key(c: Context<AppEnv>): string | undefined;
  storable(response: Response): boolean;
  vary: string;
  keepOutdated: boolean;
};

export type ResponseCache = {
  /** Pages for anonymous shoppers, kept under `key` (see `pageCacheKey`). */
  pages(key: (c: Context<AppEnv>) => string | undefined): MiddlewareHandler<AppEnv>;
  /** Anonymous API answers (a route's middleware), kept under their address. */
  api: MiddlewareHandler<AppEnv>;
  /**
   * The entry kept under `key`, while it is within its lifetime: what the node listener answers
   * before the app is entered (`memory-answers.ts`). A hit as any other: it promotes the entry.
   */
  fresh(key: string): Entry | undefined;
  /** How many answers were made, not served from memory, under a key: what tests count. */
  renders(): number;
  /** How many requests are waiting now for another's render of their key. */
  waiters(): number;
  /** The payload of the last change message this process heard (tests send one to wait for). */
  lastHeard(): string;
  size(): number;
  stop(): Promise<void>;
};

/**
 * One in-memory cache of whole answers, pages and API answers alike: a segmented LRU by count
 * and bytes (an answer asked for once cannot push out those asked for again), each entry
 * compressed once, concurrent misses for one key coalesced into one render, and
 * emptied in every process on the database by PostgreSQL LISTEN/NOTIFY whenever what it shows
 * changes. API answers it empties are kept aside and answered, never cached by anyone, only
 * while the database does not answer (security.md #15); pages have their own kept answers
 * (`catalog/last-good.ts`).
 */
export async function createResponseCache(
  database: Pick<Database, "listen">,
  {
    now = Date.now,
    onShopChanged = () => {},
  }: {
    now?: () => number;
    /** Told too, after this cache is emptied: caches of their own made from the same data. */
    onShopChanged?: () => void;
  } = {},
): Promise<ResponseCache> {
  let entries = new SegmentedLru<Entry>(KEPT_BOUNDS);
  const outdated = new LeastRecentlyUsed<Entry>(OUTDATED_BOUNDS);
  /** Renders under way, by key: a miss for one of these waits for it instead of rendering. */
  let pending = new Map<string, Promise<Entry | undefined>>();
  // A render that began before the cache was emptied may show what changed: it is not kept.
  let generation = 0;
  let renders = 0;
  let waiters = 0;
  let lastHeard = "";

  const clear = (payload: string) => {
    lastHeard = payload;
    generation++;
    // Protected answers last, so they are the ones the bounds keep.
    for (const entry of entries.values()) if (entry.keepOutdated) outdated.set(entry);
    entries = new SegmentedLru(KEPT_BOUNDS);
    pending = new Map();
    onShopChanged();
  };
  const stop = await database.listen(SHOP_CHANGED_CHANNEL, clear);
  const isFresh = (entry: Entry) => now() - entry.madeAt < ENTRY_LIFETIME_MS;

  function cached(kind: Kind): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      const key = kind.key(c);
      if (key === undefined) return next();
      const hit = entries.get(key);
      if (hit && isFresh(hit)) return respond(c, hit, compressed);
      const waiting = pending.get(key);
      if (waiting) {
        // The render it waited for was not kept (an error, a cookie): it renders its own.
        waiters++;
        const entry = await waiting.finally(() => waiters--);
        if (entry) return respond(c, entry, compressed);
      }
      const started = generation;
      let finish: ((entry: Entry | undefined) => void) | undefined;
      // Only a GET's answer can be kept; a HEAD's has no body.
      if (!waiting && c.req.method === "GET") {
        const render: Promise<Entry | undefined> = new Promise((resolve) => {
          finish = (entry) => {
            if (pending.get(key) === render) pending.delete(key);
            resolve(entry);
          };
        });
        pending.set(key, render);
      }
      let entry: Entry | undefined;
      try {
        renders++;
        await next();
        entry = c.req.method === "GET" ? await capture(c, kind, key, now()) : undefined;
      } finally {
        finish?.(entry);
      }
      if (!entry) {
        // An answer past its lifetime is as good as one a change emptied, while nothing answers.
        const kept = outdated.get(key) ?? (kind.keepOutdated ? hit : undefined);
        if (c.res.status === 503 && kept) replace(c, outdatedAnswer(kept));
        return;
      }
      if (generation === started) {
        outdated.delete(key);
        entries.set(entry);
      }
      replace(c, await respond(c, entry, compressed));
    };
  }

  /** Makes `entry`'s copy in `encoding` (once), counting its bytes where the entry is kept. */
  function compressed(entry: Entry, encoding: Compressed): Promise<void> {
    entry.compressing[encoding] ??= compress(entry.bodies.identity, encoding).then((body) => {
      entry.bodies[encoding] = body;
      entry.bytes += body.length;
      entries.grew(entry, body.length);
      outdated.grew(entry, body.length);
    });
    return entry.compressing[encoding];
  }

  return {
    pages: (key) =>
      cached({
        key,
        storable: (response) =>
          /^text\/(?:html|x-script)/.test(response.headers.get("Content-Type") ?? "") &&
          // The values `withPageCaching` gives a page that left caching to it; a page that set
          // its own (no-store on kept answers, say) is not kept.
          [PUBLIC_CACHE, PRIVATE_PAGE].includes(response.headers.get("Cache-Control") ?? ""),
        vary: "Cookie, Accept-Encoding",
        keepOutdated: false,
      }),
    api: cached({
      // The target as sent (path and query), which `memory-answers.ts` looks up too. No page
      // key starts with "/": theirs start with the build id.
      key: (c) => c.req.url.slice(c.req.url.indexOf("/api/")),
      storable: (response) =>
        (response.headers.get("Content-Type") ?? "").includes("application/json") &&
        !response.headers.has("Cache-Control"),
      vary: "Accept-Encoding",
      keepOutdated: true,
    }),
    fresh(key) {
      const entry = entries.get(key);
      return entry && isFresh(entry) ? entry : undefined;
    },
    renders: () => renders,
    waiters: () => waiters,
    lastHeard: () => lastHeard,
    size: () => entries.size,
    stop,
  };
}

/** A public GET route's middleware: its anonymous answers come from memory until they change. */
export const cached: MiddlewareHandler<AppEnv> = (c, next) => c.get("responseCache").api(c, next);

/** Tells every process on the database that what the shop shows changed (after the commit). */
export async function notifyShopChanged(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify(${SHOP_CHANGED_CHANNEL}, '')`);
}

async function capture(
  c: Context<AppEnv>,
  kind: Kind,
  key: string,
  madeAt: number,
): Promise<Entry | undefined> {
  const response = c.res;
  if (
    response.status !== 200 ||
    response.headers.has("Set-Cookie") ||
    response.headers.has("Content-Encoding") ||
    !kind.storable(response)
  ) {
    return undefined;
  }
  let identity = new Uint8Array(await response.arrayBuffer());
  let scriptHashes: readonly string[] = [];
  if (/^text\/html\b/.test(response.headers.get("Content-Type") ?? "")) {
    const shared = hashInlineScripts(new TextDecoder().decode(identity), c.get("nonce"));
    if (!shared) {
      // Not kept, so answered as rendered, with its nonce: the body read here, given back.
      replace(c, new Response(identity, response));
      return undefined;
    }
    identity = new TextEncoder().encode(shared.html) as Body;
    scriptHashes = shared.hashes;
  }
  const tag = createHash("sha1").update(identity).digest("base64url");
  return {
    key,
    bodies: { identity },
    compressing: {},
    etags: { identity: `"${tag}"`, gzip: `"${tag}-gzip"`, br: `"${tag}-br"` },
    contentType: response.headers.get("Content-Type") ?? "",
    cacheControl: response.headers.get("Cache-Control") ?? PUBLIC_CACHE,
    vary: kind.vary,
    scriptHashes,
    keepOutdated: kind.keepOutdated,
    bytes: identity.length,
    madeAt,
  };
}

/** How an entry answers a request: in which encoding, and whether as a 304. */
export function answerOf(
  entry: Entry,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): { encoding: Encoding; notModified: boolean } {
  // Weak comparison (RFC 9110 §13.1.2): any of the entry's tags names this very body.
  const notModified = ifNoneMatch !== undefined && matches(ifNoneMatch, entry);
  return { encoding: acceptedEncoding(acceptEncoding), notModified };
}

/** The entry's own headers in one encoding (no Content-Length), lower-case names. */
export function entryHeaders(entry: Entry, encoding: Encoding): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": entry.contentType,
    "cache-control": entry.cacheControl,
    etag: entry.etags[encoding],
    vary: entry.vary,
  };
  if (encoding !== "identity") headers["content-encoding"] = encoding;
  return headers;
}

async function respond(
  c: Context<AppEnv>,
  entry: Entry,
  compressed: (entry: Entry, encoding: Compressed) => Promise<void>,
): Promise<Response> {
  c.set("scriptHashes", entry.scriptHashes);
  const { encoding, notModified } = answerOf(
    entry,
    c.req.header("Accept-Encoding"),
    c.req.header("If-None-Match"),
  );
  const headers = entryHeaders(entry, encoding);
  if (notModified) return new Response(null, { status: 304, headers });
  if (encoding !== "identity") await compressed(entry, encoding);
  const body = bodyOf(entry, encoding);
  headers["content-length"] = String(body.length);
  return new Response(body, { status: 200, headers });
}

/** The entry's body in `encoding`; a compressed one only once made (`compressed`). */
export function bodyOf(entry: Entry, encoding: Encoding): Body {
  const body = entry.bodies[encoding];
  if (!body) throw new Error(`No ${encoding} copy of ${entry.key} yet`);
  return body;
}

// Copied out of zlib's pooled buffers, so an entry holds only its own bytes.
const compress = async (body: Body, encoding: Compressed): Promise<Body> =>
  new Uint8Array(
    encoding === "br" ? await brotliAsync(body, BROTLI_OPTIONS) : await gzipAsync(body),
  );

function outdatedAnswer(entry: Entry): Response {
  return new Response(entry.bodies.identity, {
    status: 200,
    headers: { "Content-Type": entry.contentType, "Cache-Control": "no-store" },
  });
}

// Hono merges the old response's headers into a new one assigned to `c.res`; emptied first, the
// new one stands as made.
function replace(c: Context<AppEnv>, response: Response) {
  c.res = undefined;
  c.res = response;
}

function acceptedEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  const accepted = header.split(",").flatMap((part) => {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    // "gzip;q=0" refuses gzip.
    return parameters.some((parameter) => /^\s*q=0(?:\.0*)?\s*$/.test(parameter)) ? [] : [name];
  });
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return "identity";
}

function matches(header: string, entry: Entry): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const known = Object.values(entry.etags);
  return header.split(",").some((tag) => known.includes(tag.trim().replace(/^W\//, "")));
}
