import type { Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { DELIVERY_BATCH, deliverDueMail, MAIL_CHANNEL } from "./service.ts";
import type { MailTransport } from "./transport.ts";

/** Retries and anything a missed notification left behind are picked up this often. */
const SWEEP_MS = 30_000;

/**
 * Delivers the outbox in the background: at start, whenever a message is queued (in any process,
 * through LISTEN), and on a timer for retries. Runs never overlap; a wake-up during a run causes
 * one more run.
 */
export async function startMailWorker(
  database: Database,
  transport: MailTransport,
  logger: Logger,
) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const { sent, failed } = await deliverDueMail(database.db, transport.send);
          if (sent || failed) logger.info({ sent, failed, via: transport.description }, "mail");
          // A full batch means more may be waiting.
          if (sent + failed === DELIVERY_BATCH) again = true;
        } catch (error) {
          logger.error({ err: error }, "mail delivery failed");
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const unlisten = await database.listen(MAIL_CHANNEL, () => void run());
  const timer = setInterval(() => void run(), SWEEP_MS);
  timer.unref();
  void run();

  return {
    /** Delivers what is due now; resolves when the run is over. */
    flush: run,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await unlisten();
      await running;
      transport.close();
    },
  };
}
