import type { Authenticated } from "../auth/tokens.ts";
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { FileStore } from "../media/storage.ts";
import type { WebhookListeners } from "../payments/provider.ts";
import type { ResponseCache } from "./response-cache.ts";

/** Whether a process is shutting down; set once, when its server starts draining. */
export type Lifecycle = { draining: boolean };

/** What every Hono handler can read from its context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    nonce: string;
    /**
     * Set by the response cache on an answer it kept: the hashes of its inline scripts, which
     * the policy allows instead of the nonce (docs/decisions/0035).
     */
    scriptHashes: readonly string[] | undefined;
    config: Config;
    db: Db;
    /** The open database, for what is more than a query (its readiness). */
    database: Database;
    /** Whether this process is draining to shut down (it is then not ready). */
    lifecycle: Lifecycle;
    /** The key that signs CSRF tokens. */
    secret: string;
    files: FileStore;
    /** Serves repeated anonymous answers from memory until what they show changes. */
    responseCache: ResponseCache;
    /** Who is signed in: set behind a sign-in, and on public routes that identify the shopper. */
    auth: Authenticated | undefined;
    /** What the shop does with a provider's webhook news, in the transaction that records it. */
    webhookListeners: WebhookListeners;
  };
};
