import { type Context, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import { RouterContextProvider } from "react-router";
import { API_ROUTES } from "./api-routes.ts";
import { createLastGoodAnswers } from "./catalog/last-good.ts";
import { settleOnPayment } from "./checkout/service.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import { appContext } from "./http/app-context.ts";
import { clientAddress } from "./http/client-address.ts";
import { requestDeadline } from "./http/deadline.ts";
import type { AppEnv, Lifecycle } from "./http/env.ts";
import { handleError } from "./http/errors.ts";
import { mountRoutes, readsOwnBody } from "./http/mount-routes.ts";
import { pageCacheKey, withPageCaching } from "./http/page-caching.ts";
import { requestLog } from "./http/request-log.ts";
import type { ResponseCache } from "./http/response-cache.ts";
import { sameOriginForms } from "./http/same-origin.ts";
import { securityHeaderOptions, securityHeaders } from "./http/security-headers.ts";
import { staticFiles } from "./http/static-files.ts";
import type { Logger } from "./logger.ts";
import { UPLOAD_BODY_BYTES } from "./media/library.ts";
import type { FileStore } from "./media/storage.ts";
import { recordMembershipRenewal } from "./orders/memberships/memberships.ts";
import { settleRefundFromProvider } from "./orders/refunds/refunds.ts";
import type { PaymentListener, WebhookListeners } from "./payments/provider.ts";
import { type BuildInfo, buildsRoute } from "./platform/api.ts";

const ONE_MEGABYTE = 1024 * 1024;

export type SsrHandler = (request: Request, context: RouterContextProvider) => Promise<Response>;

export type AppOptions = {
  config: Config;
  logger: Logger;
  database: Database;
  secret: string;
  files: FileStore;
  /** Serves repeated anonymous pages and API answers from memory until what they show changes. */
  responseCache: ResponseCache;
  build: BuildInfo;
  ssr: SsrHandler;
  /** Set to draining when the process starts to shut down; `/api/ready` then answers 503. */
  lifecycle: Lifecycle;
  development?: boolean;
  /** Tests: every API answer is checked against its route's declaration. */
  checkAnswers?: boolean;
  /** The built browser files; absent in development, where Vite serves them. */
  clientDir?: string;
  /** Hears each payment a provider's webhook reports; by default checkout settles its order. */
  paymentListener?: PaymentListener;
};

/** Composes the one HTTP app: API areas, CSRF cookie, build check, assets, and SSR for the rest. */
export function createApp(options: AppOptions) {
  const { config, logger, database } = options;
  const app = new Hono<AppEnv>();
  const lastGoodCatalog = createLastGoodAnswers();

  app.use(requestLog(logger));
  app.use(securityHeaders(securityHeaderOptions(config, options.development ?? false)));
  // Outside the page cache: a hit comes precompressed (this then does nothing), a miss is kept
  // uncompressed and compressed once for the entry.
  app.use(compress());
  app.use(varyOnEncoding);
  // As early as security allows: a hit needs no deadline, context, body limit or routing. Most
  // hits are answered before the app (`memory-answers.ts`); these are the ones it leaves here.
  const keyOf = (c: Context<AppEnv>) => pageCacheKey(c.req.raw, options.build.id);
  app.use(options.responseCache.pages(keyOf));
  const webhookListeners: WebhookListeners = {
    payment: options.paymentListener ?? settleOnPayment(config),
    refund: settleRefundFromProvider(config),
    renewal: recordMembershipRenewal,
  };
  // Uploads take their own limit and start their deadline once their body has arrived.
  const routeReadsOwnBody = readsOwnBody(API_ROUTES);
  // Staff pages that upload without JavaScript (the media library, the product import) post
  // multipart forms: they take the uploads' limit, and their page checks the staff token before
  // it reads a byte of the body.
  const staffPageUpload = (c: Context<AppEnv>) =>
    c.req.method === "POST" &&
    c.req.path.startsWith("/admin/") &&
    (c.req.header("content-type") ?? "").startsWith("multipart/form-data");
  const ownBody = (c: Context<AppEnv>) =>
    routeReadsOwnBody(c.req.method, c.req.path) || staffPageUpload(c);
  app.use(unless(ownBody, requestDeadline(config.requestDeadlineMs)));
  app.use(async (c, next) => {
    c.set("config", config);
    c.set("db", database.db);
    c.set("database", database);
    c.set("lifecycle", options.lifecycle);
    c.set("secret", options.secret);
    c.set("files", options.files);
    c.set("responseCache", options.responseCache);
    c.set("webhookListeners", webhookListeners);
    await next();
  });
  app.use(
    unless(
      (c) => bodiless(c) || ownBody(c),
      bodyLimit({
        maxSize: ONE_MEGABYTE,
        // The rest of the body is never read, so the connection cannot carry another request.
        onError: (c) =>
          isPageForm(c)
            ? c.html(TOO_LARGE_PAGE, 413, { Connection: "close", "Cache-Control": "no-store" })
            : c.json({ message: "The request body is larger than 1 MB." }, 413, {
                Connection: "close",
              }),
      }),
    ),
  );

  app.use(
    unless(
      (c) => !staffPageUpload(c),
      bodyLimit({
        maxSize: UPLOAD_BODY_BYTES,
        onError: (c) =>
          c.json({ message: "The upload is larger than 20 MB." }, 413, { Connection: "close" }),
      }),
    ),
  );

  mountRoutes(app, API_ROUTES, { checkAnswers: options.checkAnswers });
  app.all("/api/*", (c) =>
    c.json({ message: `No API endpoint at ${c.req.method} ${c.req.path}.` }, 404),
  );

  app.route("/builds", buildsRoute(options.build));
  if (options.clientDir) app.route("/", staticFiles(options.clientDir));

  app.use("*", sameOriginForms());
  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(appContext, {
      db: database.db,
      config,
      logger: c.get("logger"),
      nonce: c.get("nonce"),
      requestId: c.get("requestId"),
      clientAddress: clientAddress(c),
      lastGoodCatalog,
      files: options.files,
    });
    return withPageCaching(c.req.raw, await options.ssr(c.req.raw, context), keyOf(c));
  });

  app.onError(handleError);
  return app;
}

/**
 * `middleware`, skipped when `skip` holds. Unlike hono's `except`, it adds no async layer around
 * the rest of the chain for the requests it runs on, and none at all for those it skips.
 */
function unless(
  skip: (c: Context<AppEnv>) => boolean,
  middleware: MiddlewareHandler<AppEnv>,
): MiddlewareHandler<AppEnv> {
  return (c, next) => (skip(c) ? next() : middleware(c, next));
}

// A GET or HEAD carries no body to limit; asking for one would build the whole web Request,
// which @hono/node-server otherwise makes only when something needs it.
const bodiless = (c: Context<AppEnv>) => c.req.method === "GET" || c.req.method === "HEAD";

/**
 * A page's own form post (not the API, not React Router's `.data` fetch of a hydrated form): its
 * answer is read by a person, so a refusal is a page, not JSON (issue 30).
 */
const isPageForm = (c: Context<AppEnv>) =>
  !c.req.path.startsWith("/api/") &&
  !c.req.path.endsWith(".data") &&
  (c.req.header("accept") ?? "").includes("text/html");

/**
 * What a person sees when a form was larger than the shop takes, instead of the API's JSON. The
 * body is never read past the limit, so nothing of it can be shown again; the forms' own limits
 * (a description's `maxlength`) keep a form typed by hand well under it.
 */
const TOO_LARGE_PAGE = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>That form was too large · Encore</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;color:#1c1917;background:#fafaf9;margin:0;display:grid;min-height:100vh;place-items:center}
main{max-width:34rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid #e7e5e4;border-radius:.75rem}
h1{font-size:1.375rem;margin:0 0 .75rem}
p{margin:0 0 .75rem}
</style>
</head>
<body>
<main>
<h1>That form was too large to save</h1>
<p>The shop takes forms of up to 1 MB, and this one was larger, so nothing was saved.</p>
<p>Go back to the form with your browser's Back button, shorten the longest text (a description takes up to 50,000 characters) or save fewer rows at once, then save again.</p>
</main>
</body>
</html>`;

const NAMES_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Names Accept-Encoding in the Vary of every answer `compress()` may encode, on the answer's own
 * headers: `compress()` would add it with `c.header`, which copies a finished answer into a new
 * one with a streamed body, so a string answer (a cached catalogue page) would leave in pieces.
 */
const varyOnEncoding: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const type = c.res.headers.get("Content-Type");
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
  const vary = c.res.headers.get("Vary");
  if (vary === "*" || (vary && NAMES_ACCEPT_ENCODING.test(vary))) return;
  c.res.headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
};
