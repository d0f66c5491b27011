import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "../logger.ts";
import { carriesSession, pageKey } from "./page-caching.ts";
import { logAnswer, requestIdFor } from "./request-log.ts";
import {
  answerOf,
  bodyOf,
  type Encoding,
  type Entry,
  entryHeaders,
  type ResponseCache,
} from "./response-cache.ts";
import type { SecurityHeaderList } from "./security-headers.ts";

// The targets and hosts @hono/node-server takes as sent (`buildUrl`): for these the app's URL is
// `http://<host><target>`, so the key made here is the one the app's cache middleware made.
// Anything else (dot segments, characters a URL parser would encode, an odd host) goes to the app.
const PLAIN_TARGET = /^\/[!$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** Raw header lines of one entry in one encoding, a 304's and a 200's, made once per encoding. */
type Prepared = Partial<Record<Encoding, { notModified: string[]; ok?: string[] }>>;

/**
 * Answers a request from the response cache in the node listener, before the app is entered
 * (docs/decisions/0029), when it is an anonymous GET or HEAD whose entry is fresh: one
 * `writeHead` and `end` with the headers the app sends on such a hit (worked out once per entry
 * and encoding: the entry's own, the security headers allowing the entry's inline scripts by
 * their hashes), plus this request's X-Request-Id and its log line. `answer` returns false, having written nothing, for every other
 * request.
 *
 * What the app would do before its cache middleware, and why a hit here can skip it: the request
 * log and id are done here; the security headers are the entry's; `compress()` leaves a kept
 * answer alone (it comes encoded); `Vary` is the entry's. What comes after the cache middleware
 * (deadline, context, body limits, routing, validation, rate limits, the CSRF cookie of a page
 * render) no hit runs in the app either. An invalid query is never kept (only a 200 is), so its
 * key has no entry.
 */
export function memoryAnswers(options: {
  cache: ResponseCache;
  buildId: string;
  securityHeaders: SecurityHeaderList;
  logger: Logger;
}): {
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  /** How many requests were answered here (tests count them). */
  answered(): number;
} {
  const { cache, buildId, securityHeaders, logger } = options;
  const prepared = new WeakMap<Entry, Prepared>();
  const logsRequests = () => logger.isLevelEnabled("info");
  let answered = 0;

  /** A 304's header lines, or a 200's (which need the body's length). */
  const linesOf = (entry: Entry, encoding: Encoding, status: 200 | 304): string[] => {
    let forEntry = prepared.get(entry);
    if (!forEntry) {
      forEntry = {};
      prepared.set(entry, forEntry);
    }
    forEntry[encoding] ??= {
      notModified: [
        ...Object.entries(entryHeaders(entry, encoding)).flat(),
        ...securityHeaders({ hashes: entry.scriptHashes }).flat(),
      ],
    };
    const lines = forEntry[encoding];
    if (status === 304) return lines.notModified;
    lines.ok ??= [...lines.notModified, "content-length", String(bodyOf(entry, encoding).length)];
    return lines.ok;
  };

  const answer = (request: IncomingMessage, response: ServerResponse): boolean => {
    const { method, url: target = "", headers } = request;
    if (method !== "GET" && method !== "HEAD") return false;
    if (headers.authorization !== undefined) return false;
    if (!PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target)) return false;
    if (!PLAIN_HOST.test(headers.host ?? "")) return false;
    const cookies = headers.cookie;
    // API answers are the same for everyone, but a signed-in caller still goes to the app.
    const key = target.startsWith("/api/")
      ? carriesSession(cookies)
        ? undefined
        : target
      : pageKey(method, target, cookies, buildId);
    const entry = key === undefined ? undefined : cache.fresh(key);
    if (!entry) return false;
    const { encoding, notModified } = answerOf(
      entry,
      headers["accept-encoding"],
      headers["if-none-match"],
    );
    // The first request that needs a body in an encoding goes to the app, which compresses the
    // entry's copy (a 304 needs none).
    if (!notModified && !entry.bodies[encoding]) return false;
    answered++;

    const started = performance.now();
    const incomingId = headers["x-request-id"];
    const requestId = requestIdFor(typeof incomingId === "string" ? incomingId : undefined);
    const status = notModified ? 304 : 200;
    response.writeHead(status, [...linesOf(entry, encoding, status), "x-request-id", requestId]);
    if (notModified || method === "HEAD") response.end();
    else response.end(bodyOf(entry, encoding));
    if (logsRequests()) {
      const queryStart = target.indexOf("?");
      const path = queryStart === -1 ? target : target.slice(0, queryStart);
      logAnswer(logger.child({ requestId }), { method, path, status, started });
    }
    return true;
  };
  return { answer, answered: () => answered };
}
