import { createContext, type RouterContext } from "react-router";
import type { LastGoodAnswers } from "../catalog/last-good.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import type { FileStore } from "../media/storage.ts";

/** What the server hands every loader and action: services take `db` first (architecture.md §7.2). */
export type AppContextValue = {
  db: Db;
  config: Config;
  logger: Logger;
  nonce: string;
  requestId: string;
  /** The connection's address, for rate limits (never a forwarded header). */
  clientAddress: string;
  /** This process's last catalogue answers, served while the database does not answer. */
  lastGoodCatalog: LastGoodAnswers;
  /** Where uploaded files live (the local folder or the S3 bucket), as the API's routes use it. */
  files: FileStore;
};

// The Hono server and the React Router build are bundled apart, each with its own copy of this
// module; one global key lets both sides use the same context object.
const key = Symbol.for("encore.app-context");
const registry = globalThis as typeof globalThis & { [key]?: RouterContext<AppContextValue> };
registry[key] ??= createContext<AppContextValue>();

/** The React Router context key under which `server/app.ts` passes each request's services. */
export const appContext: RouterContext<AppContextValue> = registry[key];
