import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  type HandleErrorFunction,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { type InputFault, inputFaultOf } from "../server/http/database-input-errors.ts";
import {
  BUSY_RETRY_AFTER_SECONDS,
  isDatabaseUnavailable,
  SHOP_BUSY,
} from "../server/http/errors.ts";
import { appContext } from "./lib/app-context.server";
import { servedKeptCatalogue } from "./lib/catalog.server";
import { coalescedStream } from "./lib/coalesced-stream.server";
import { deferredModuleScripts } from "./lib/deferred-scripts.server";
import { NonceProvider } from "./lib/nonce";

export const streamTimeout = 5_000;

/** Streams the document, with the request's CSP nonce on every script React Router writes. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const busy =
    answerBusyWhenDatabaseFaltered(routerContext, loadContext, responseHeaders) ??
    answerInputFault(routerContext, loadContext, responseHeaders);
  // A page made from kept answers is right for now, not for a cache to hand out later.
  if (servedKeptCatalogue(loadContext)) responseHeaders.set("Cache-Control", "no-store");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: busy ?? responseStatusCode, headers: responseHeaders });
  }
  const { nonce, logger } = loadContext.get(appContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let status = busy ?? responseStatusCode;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = coalescedStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          // After the coalescing, so the shell comes to it as one piece.
          const document = body.pipe(deferredModuleScripts());
          resolve(
            new Response(createReadableStreamFromReadable(document), {
              headers: responseHeaders,
              status,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          if (shellRendered) logger.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

// Requests whose loaders or actions failed because the database did not answer.
const faltered = new WeakSet<object>();
// Requests whose loaders or actions failed on a value only input can carry (docs/security.md #15).
const inputFaults = new WeakMap<object, InputFault>();

/**
 * Every error a loader or action throws: a database that did not answer marks the request, so
 * the page answers 503 (below); anything else is a bug, logged as one line of JSON with the
 * request id (never React Router's console dump, which would carry the query's values).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const { logger, requestId } = context.get(appContext);
  if (isDatabaseUnavailable(error)) {
    faltered.add(context);
    logger.warn({ err: error, requestId }, "database unavailable");
    return;
  }
  const url = new URL(request.url);
  const fault = inputFaultOf(error, {
    query: Object.fromEntries(url.searchParams),
    path: url.pathname,
  });
  if (fault) {
    inputFaults.set(context, fault);
    logger.warn({ err: error, requestId, fault }, "input refused by the database");
    return;
  }
  logger.error({ err: error, requestId }, "page failed");
};

const STATUS_TEXT = { 404: "Not Found", 422: "Unprocessable Content" } as const;

/**
 * The backstop of docs/security.md #15 on a page: a loader or action that failed on a value only
 * input can carry answers its 4xx with the reason on the error screen, never a 500.
 */
function answerInputFault(
  context: EntryContext,
  loadContext: RouterContextProvider,
  headers: Headers,
) {
  const errors = context.staticHandlerContext.errors;
  const fault = inputFaults.get(loadContext);
  if (!errors || !fault) return undefined;
  const message =
    fault.status === 404
      ? `Page not found: ${context.staticHandlerContext.location.pathname}`
      : fault.message;
  for (const routeId of Object.keys(errors)) {
    errors[routeId] = new ErrorResponse(fault.status, STATUS_TEXT[fault.status], message);
  }
  headers.set("Cache-Control", "no-store");
  return fault.status;
}

/**
 * security.md #15: a page whose loader failed because the database did not answer is not a bug.
 * Its errors become a 503 with `Retry-After` and the shop's "busy" words, which the error screen
 * shows (and the browser hydrates) instead of a 500.
 */
function answerBusyWhenDatabaseFaltered(
  context: EntryContext,
  loadContext: RouterContextProvider,
  headers: Headers,
) {
  const errors = context.staticHandlerContext.errors;
  if (!errors || !faltered.has(loadContext)) return undefined;
  for (const routeId of Object.keys(errors)) {
    errors[routeId] = new ErrorResponse(503, "Service Unavailable", SHOP_BUSY);
  }
  headers.set("Retry-After", String(BUSY_RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return 503;
}
