import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";

/** What every Hono handler can read from its context. */
export type AppEnv = {
  Variables: {
    requestId: string;
    logger: Logger;
    nonce: string;
    config: Config;
    db: Db;
  };
};
