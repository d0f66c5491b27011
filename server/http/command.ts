import { PgTransaction } from "drizzle-orm/pg-core";
import type { Context } from "hono";
import { isRefusal, type Refusal, refuse } from "../../common/refusal.ts";
import { type Actor, type AuditWrite, recordAudits } from "../audit/service.ts";
import type { Db } from "../db/client.ts";
import { inTransactionOrRefuse } from "../db/transaction.ts";
import type { AppEnv } from "./env.ts";
import {
  type ApiRoute,
  accountOf,
  defineRoute,
  type RouteCallContext,
  type RouteInput,
} from "./route-table.ts";

/** An audit entry as a command's work names it; the command adds who made it. */
export type AuditEntry = Omit<AuditWrite, "actor">;

/**
 * The audit log of one staff write (architecture.md §5), handed to its work by the command: it
 * knows who asks, and records entries only in the transaction that makes the change, so the entry
 * and the change commit together or not at all. It is the only way a staff write reaches the
 * audit log: nothing else calls `recordAudits` (the lint holds this).
 */
export type AuditTrail = {
  readonly actor: Actor;
  /** Records one entry, or many at once (an import's): in `tx`, the change's transaction. */
  record(tx: Db, entries: AuditEntry | AuditEntry[]): Promise<void>;
};

/**
 * A trail for `actor`. Commands make one per call; tests of a service make one to call it as a
 * command would.
 */
export function auditTrailOf(actor: Actor): AuditTrail {
  return {
    actor,
    async record(tx, entries) {
      // An entry outside a transaction could stay when the change it describes is rolled back.
      if (!((tx as unknown) instanceof PgTransaction)) {
        throw new Error("An audit entry is recorded in the transaction of its change.");
      }
      await recordAudits(
        tx,
        (Array.isArray(entries) ? entries : [entries]).map((entry) => ({ ...entry, actor })),
      );
    },
  };
}

/** The staff member behind a staff route, as the audit log names them. */
export function actorOf(account: Parameters<typeof accountOf>[0]): Actor {
  const { user } = accountOf(account);
  return { id: user.id, email: user.email };
}

/** What a command's work gets: the route's context, who asks, and the write's audit trail. */
export type CommandContext = RouteCallContext & { actor: Actor; audit: AuditTrail };

/** A save of a form opened before someone else's save: a 409 that says what to do. */
export function staleSave(noun: string, openedAt: string | undefined, savedAt: string) {
  if (!openedAt || openedAt === savedAt) return undefined;
  return refuse(
    "conflict",
    `Someone else saved this ${noun} after you opened it. Reload it to see their changes, then make yours again.`,
  );
}

type CommandRoute<P, Q, B, V> = Omit<ApiRoute<P, Q, B, V>, "call" | "handle" | "reply" | "kind">;

/**
 * A staff write, declared once (issue 30): a route whose work gets the audit trail. `transaction`
 * says who holds the transaction:
 * - `"one"` (the default): the command runs the work in one transaction (its `db` is that
 *   transaction), so everything it writes, and its audit entries, commit together or not at all;
 *   a refusal rolls all of it back;
 * - `"work"`: the work opens its own, because it must commit in steps around a call outside the
 *   database (a refund at the payment provider, bytes in the file store); it records each step's
 *   entries in that step's transaction.
 * `changed` runs after a write that succeeded has committed: the change notice (the page cache is
 * emptied in every process) where what shoppers see may have changed.
 */
export function defineCommand<
  P = Record<never, never>,
  Q = Record<never, never>,
  B = undefined,
  V = unknown,
>(
  command: CommandRoute<P, Q, B, V> &
    (
      | {
          transaction?: "one" | "work";
          run(context: CommandContext, input: RouteInput<P, Q, B>): Promise<V | Refusal>;
          changed?(db: Db, value: V): Promise<void> | void;
          /** Shapes the HTTP answer when the `{ data }` envelope is not enough (as a route's). */
          reply?(c: Context<AppEnv>, value: V): Response | Promise<Response>;
          handle?: never;
        }
      | {
          /** An HTTP-only write (an upload): its own transactions, with the trail. */
          handle(
            c: Context<AppEnv>,
            input: RouteInput<P, Q, B>,
            audit: AuditTrail,
          ): Promise<Response> | Response;
          run?: never;
          transaction?: never;
          changed?: never;
          reply?: never;
        }
    ),
): ApiRoute<P, Q, B, V> {
  if (command.handle) {
    const { handle, ...route } = command;
    return defineRoute<P, Q, B, V>({
      ...route,
      kind: "command",
      handle: (c, input) => handle(c, input, auditTrailOf(actorOf(c.get("auth")))),
    } as ApiRoute<P, Q, B, V>);
  }
  const { run, transaction = "one", changed, ...route } = command;
  return defineRoute<P, Q, B, V>({
    ...route,
    kind: "command",
    async call(context, input) {
      const actor = actorOf(context.account);
      const audit = auditTrailOf(actor);
      const done: V | Refusal =
        transaction === "one"
          ? await inTransactionOrRefuse(context.db, (tx) =>
              run({ ...context, db: tx, actor, audit }, input),
            )
          : await run({ ...context, actor, audit }, input);
      if (!isRefusal(done)) await changed?.(context.db, done);
      return done;
    },
  } as ApiRoute<P, Q, B, V>);
}
