import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { type AddressInfo, connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queueMail } from "../server/mail/service.ts";
import { createTestDatabase, databaseKinds, type TestDatabase } from "./support/databases.ts";
import { type Mailbox, startMailbox } from "./support/mailbox.ts";
import { exitOf, logLines, type Started, start } from "./support/processes.ts";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy.ts";

// Issue 18, "every core, every machine": `npm start` on PostgreSQL with WEB_CONCURRENCY=2 runs a
// primary and two workers on one port; background work runs once across them; a worker that dies
// is replaced; readiness follows the database; SIGTERM drains.

type Answer = { status: number; headers: Record<string, unknown>; body: string };

/** A GET on a connection of its own, so the primary deals it to the next worker in turn. */
function getOnNewConnection(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { agent: false, headers, timeout: 10_000 }, (response) => {
      let body = "";
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    sent.on("error", reject);
    sent.on("timeout", () => sent.destroy(new Error(`No answer from ${url}`)));
    sent.end();
  });
}

/** Polls `check` every 50 ms until it holds (a process starting, a lock let go), for up to 60 s. */
async function waitUntil(what: string, check: () => boolean | Promise<boolean>) {
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Still waiting for ${what}`);
}

/**
 * Which processes answered: `count` health checks, each on a new connection with a request id of
 * its own, matched to the request log lines (pino writes each process's pid on every line, and
 * nothing public carries it).
 */
async function answeringPids(started: Started, url: string, count = 8): Promise<Set<number>> {
  const ids = new Set<string>();
  for (let index = 0; index < count; index++) {
    const id = randomUUID();
    ids.add(id);
    expect((await getOnNewConnection(`${url}/api/health`, { "X-Request-Id": id })).status).toBe(
      200,
    );
  }
  const answered = () =>
    logLines(started).filter((line) => line.msg === "request" && ids.has(String(line.requestId)));
  await waitUntil("every request's log line", () => answered().length === count);
  return new Set(answered().map((line) => Number(line.pid)));
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "two worker processes on %s",
  (kind) => {
    let database: TestDatabase;
    let proxy: TcpProxy;
    let mailbox: Mailbox;
    let shop: Started;

    beforeAll(async () => {
      database = await createTestDatabase(kind);
      mailbox = await startMailbox();
      // The shop reaches the database through a relay the test can cut.
      proxy = await startTcpProxy("127.0.0.1", 5432);
      const url = new URL(database.url ?? "");
      url.host = `127.0.0.1:${proxy.port}`;
      // Started bare: the primary gives its workers the serving settings itself (decision 0034).
      shop = await start(
        {
          DATABASE_URL: url.toString(),
          DEMO_DATA: "false",
          DATA_DIR: mkdtempSync(join(tmpdir(), "encore-cluster-")),
          WEB_CONCURRENCY: "2",
          // A fixed port: a replaced worker rejoins the same one.
          PORT: String(await freePort()),
          SMTP_URL: mailbox.url,
          DB_CONNECT_TIMEOUT_MS: "500",
        },
        { bare: true },
      );
    });
    afterAll(async () => {
      shop?.child.kill("SIGTERM");
      if (shop) await exitOf(shop.child);
      await proxy?.close();
      await mailbox?.close();
      await database?.drop();
    });

    it("answers on one port from two worker processes, not from the primary", async () => {
      expect(shop.output()).toMatch(/Encore is running at http:\/\/\S+ with 2 processes/);
      const pids = await answeringPids(shop, shop.url);
      expect(pids.size).toBe(2);
      expect(pids.has(shop.child.pid ?? 0)).toBe(false);
    });

    it("starts its workers with the serving settings its own command line lacks", async () => {
      const pids = await answeringPids(shop, shop.url);
      for (const pid of pids) {
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        const environment = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
        expect(commandLine).toContain("--max-semi-space-size=4");
        expect(environment).toContain("MALLOC_ARENA_MAX=2");
      }
    });

    it("delivers a message queued once exactly once, whichever worker claims it", async () => {
      const recipients = [1, 2, 3, 4, 5].map((index) => `cluster${index}@example.com`);
      // Each message wakes both workers (LISTEN); the outbox's claims let one of them send it.
      for (const to of recipients) {
        await queueMail(database.db, {
          to,
          subject: "Your order is on its way",
          text: "Hello,\n\nYour parcel left our warehouse in Manchester today.",
          kind: "test",
        });
      }
      for (const to of recipients) await mailbox.waitFor(to);
      const sentLogged = () =>
        logLines(shop)
          .filter((line) => line.msg === "mail")
          .reduce((sum, line) => sum + Number(line.sent), 0);
      await waitUntil("the workers' delivery logs", () => sentLogged() >= recipients.length);
      expect(sentLogged()).toBe(recipients.length);
      expect(mailbox.messages.map((message) => message.to[0]).sort()).toEqual(recipients);
    });

    it("is not ready while the database is unreachable, alive all the same, and ready after", async () => {
      await proxy.cut();
      await waitUntil("both workers unready", async () => {
        const answers = await Promise.all(
          [1, 2].map(() => getOnNewConnection(`${shop.url}/api/ready`)),
        );
        return answers.every((answer) => answer.status === 503);
      });
      const ready = await getOnNewConnection(`${shop.url}/api/ready`);
      expect(ready.headers["cache-control"]).toBe("no-store");
      expect(JSON.parse(ready.body)).toEqual({
        message: "The database did not answer within 2000 ms.",
      });
      for (const _ of [1, 2, 3, 4]) {
        expect((await getOnNewConnection(`${shop.url}/api/health`)).status).toBe(200);
      }

      await proxy.heal();
      await waitUntil("both workers ready again", async () => {
        const answers = await Promise.all(
          [1, 2].map(() => getOnNewConnection(`${shop.url}/api/ready`)),
        );
        return answers.every((answer) => answer.status === 200);
      });
    }, 120_000);

    it("replaces a worker killed with SIGKILL, and the port keeps answering", async () => {
      const [victim, survivor] = [...(await answeringPids(shop, shop.url))];
      process.kill(victim ?? 0, "SIGKILL");
      const died = () => logLines(shop).find((line) => line.msg === "worker died; replacing it");
      await waitUntil("the primary to hear of it", () => died() !== undefined);
      expect(died()).toMatchObject({ worker: victim, signal: "SIGKILL", level: 50 });
      // While the replacement starts, the other worker answers every connection.
      for (const _ of [1, 2, 3]) {
        expect((await getOnNewConnection(`${shop.url}/api/health`)).status).toBe(200);
      }
      await waitUntil("the replacement", () =>
        logLines(shop).some(
          (line) =>
            line.msg === "worker serving" && ![victim, survivor].includes(Number(line.worker)),
        ),
      );
      const pids = await answeringPids(shop, shop.url);
      expect(pids.size).toBe(2);
      expect(pids.has(victim ?? 0)).toBe(false);
      expect(pids.has(survivor ?? 0)).toBe(true);
    }, 120_000);
  },
);

describe.each(databaseKinds.filter((kind) => kind === "postgres"))(
  "stopping a cluster on %s",
  (kind) => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(() => database?.drop());

    it("finishes the request in flight after SIGTERM, unready and refusing new connections, then exits 0", async () => {
      const port = await freePort();
      const shop = await start({
        DATABASE_URL: database.url ?? "",
        DEMO_DATA: "false",
        DATA_DIR: mkdtempSync(join(tmpdir(), "encore-cluster-")),
        WEB_CONCURRENCY: "2",
        PORT: String(port),
      });
      // A request whose body is still on its way: with `Expect: 100-continue`, the worker's
      // "100 Continue" says it has the request in hand.
      const body = JSON.stringify({ kind: "render", message: "slow report", path: "/" });
      const socket = connect(port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk;
      });
      socket.write(
        [
          "POST /api/client-errors HTTP/1.1",
          `Host: 127.0.0.1:${port}`,
          "Content-Type: application/json",
          `Content-Length: ${Buffer.byteLength(body)}`,
          "Expect: 100-continue",
          "",
          "",
        ].join("\r\n"),
      );
      await waitUntil("100 Continue", () => received.includes("100 Continue"));

      shop.child.kill("SIGTERM");
      await waitUntil("new connections refused", () => refused(port));
      expect(shop.child.exitCode).toBeNull();

      const closed = new Promise((resolve) => socket.on("close", resolve));
      // The body, and behind it on the same connection a readiness check, asked while draining.
      socket.write(`${body}GET /api/ready HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await closed;
      // Both answered, then the connection closed, as nothing more is served.
      expect(received).toMatch(/HTTP\/1\.1 204 No Content/);
      expect(received).toMatch(/HTTP\/1\.1 503 Service Unavailable/);
      expect(received).toContain('{"message":"This process is shutting down."}');
      expect(await exitOf(shop.child)).toBe(0);
      const stopped = logLines(shop).filter((line) => line.msg === "stopping");
      // The primary, then each worker it passed the signal to.
      expect(stopped).toHaveLength(3);
    }, 120_000);
  },
);

describe("the embedded database with WEB_CONCURRENCY=4", () => {
  it("serves from one process and says so", async () => {
    const shop = await start({
      DATA_DIR: mkdtempSync(join(tmpdir(), "encore-cluster-")),
      DEMO_DATA: "false",
      WEB_CONCURRENCY: "4",
    });
    const said = logLines(shop).find((line) => String(line.msg).startsWith("one process"));
    expect(said).toMatchObject({
      msg: "one process: the embedded database (PGlite) opens in one process only; WEB_CONCURRENCY needs DATABASE_URL",
      webConcurrency: 4,
      processes: 1,
    });
    expect([...(await answeringPids(shop, shop.url, 4))]).toEqual([shop.child.pid]);
    shop.child.kill("SIGTERM");
    expect(await exitOf(shop.child)).toBe(0);
  }, 120_000);
});

describe("SHUTDOWN_DELAY_MS", () => {
  const startWithNotice = async () => {
    const port = await freePort();
    const shop = await start({
      DATA_DIR: mkdtempSync(join(tmpdir(), "encore-notice-")),
      DEMO_DATA: "false",
      PORT: String(port),
      SHUTDOWN_DELAY_MS: "1500",
    });
    return { shop, port };
  };
  const readiness = (url: string) =>
    getOnNewConnection(`${url}/api/ready`).then(
      (answer) => answer.status,
      () => "refused" as const,
    );

  it("after SIGTERM keeps serving new connections while unready, then refuses them and exits 0", async () => {
    const { shop, port } = await startWithNotice();
    shop.child.kill("SIGTERM");
    // Without a notice period the first unready answer would never come: the port would close.
    await waitUntil("readiness 503 on a new connection", async () => {
      const status = await readiness(shop.url);
      if (status === "refused") throw new Error("refused before the notice period ended");
      return status === 503;
    });
    const health = await getOnNewConnection(`${shop.url}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.connection).toBe("close");
    await waitUntil("new connections refused", () => refused(port));
    expect(await exitOf(shop.child)).toBe(0);
    const stopping = logLines(shop).find((line) => line.msg === "stopping");
    expect(stopping).toMatchObject({ signal: "SIGTERM", noticeMs: 1500 });
  }, 120_000);

  it("gives no notice on SIGINT (Ctrl-C at a terminal)", async () => {
    const { shop, port } = await startWithNotice();
    shop.child.kill("SIGINT");
    await waitUntil("new connections refused", () => refused(port));
    expect(await exitOf(shop.child)).toBe(0);
    const stopping = logLines(shop).find((line) => line.msg === "stopping");
    expect(stopping).toMatchObject({ signal: "SIGINT", noticeMs: 0 });
  }, 120_000);
});
