// Test support (tests only): faults made inside PostgreSQL itself, at an exact point of the
// shop's work, so a test can say "the connection dropped while the provider was being called"
// and mean it. A trigger on the table the step writes ends its own connection
// (`pg_terminate_backend(pg_backend_pid())`: the statement fails as a dropped connection does,
// and the transaction is rolled back) or waits, the first `times` times the step runs. The count
// lives in a sequence, which a rollback does not undo.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../server/db/client.ts";

export type FaultPoint = {
  table: string;
  /** `before insert`, `before update`, … */
  on: "insert" | "update" | "delete";
  /** A condition on NEW/OLD, as a trigger's WHEN clause takes it (`new.state = 'done'`). */
  when?: string;
};

async function install(db: Db, point: FaultPoint, body: string): Promise<string> {
  const name = `fault_${randomBytes(4).toString("hex")}`;
  await db.execute(sql.raw(`create sequence ${name}`));
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        ${body.replaceAll("$sequence", `'${name}'`)}
        return coalesce(new, old);
      end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger ${name} before ${point.on} on ${point.table} for each row` +
        `${point.when ? ` when (${point.when})` : ""} execute function ${name}()`,
    ),
  );
  return name;
}

/**
 * The next `times` writes at `point` lose their connection mid-statement; answers a function that
 * removes the fault.
 */
export async function dropConnectionAt(db: Db, point: FaultPoint, times = 1) {
  const name = await install(
    db,
    point,
    // The sleep takes the signal at once: the statement never completes, its transaction rolls back.
    `if nextval($sequence) <= ${times} then perform pg_terminate_backend(pg_backend_pid()); perform pg_sleep(5); end if;`,
  );
  return () => removeFault(db, point, name);
}

/** The next `times` writes at `point` wait `seconds` first (a slow provider, a busy disk). */
export async function slowDownAt(db: Db, point: FaultPoint, seconds: number, times = 1) {
  const name = await install(
    db,
    point,
    `if nextval($sequence) <= ${times} then perform pg_sleep(${seconds}); end if;`,
  );
  return () => removeFault(db, point, name);
}

async function removeFault(db: Db, point: FaultPoint, name: string) {
  await db.execute(sql.raw(`drop trigger if exists ${name} on ${point.table}`));
  await db.execute(sql.raw(`drop function if exists ${name}()`));
  await db.execute(sql.raw(`drop sequence if exists ${name}`));
}
