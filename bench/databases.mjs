// PostgreSQL helpers for the phases that need a database of their own (the large catalogue,
// checkout contention): a fresh database beside DATABASE_URL's, dropped when the phase ends or
// the run is interrupted.
import pg from "pg";
import { onCleanUp } from "./processes.mjs";

/** Runs `work` with one connection to `url`, closed afterwards. */
export async function withClient(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database beside the one `url` names (`<name>_<suffix>_<time>`), dropped by the
 * returned `drop`, or by `cleanUp` if the run is interrupted first.
 */
export async function createDatabase(url, suffix) {
  const base = new URL(url);
  const name =
    `${decodeURIComponent(base.pathname.slice(1)) || "encore"}_${suffix}_${Date.now().toString(36)}`
      .toLowerCase()
      .replace(/[^a-z0-9_]/g, "_")
      .slice(0, 63);
  await withClient(url, (client) => client.query(`create database "${name}"`));
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  const drop = onCleanUp(() =>
    withClient(url, (client) => client.query(`drop database if exists "${name}" with (force)`)),
  );
  return { name, url: fresh.href, drop };
}
