// `npm run seed -- [--products N] [--force]`: fills an empty catalogue with the demo catalogue, or a
// bigger one for benchmarks (`--products 100000`). `--force` deletes the catalogue first.
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { products } from "../../catalog/schema.ts";
import { deleteCatalogue } from "../../catalog/service/writes.ts";
import { ConfigError, loadConfig } from "../../config.ts";
import { deleteFiles } from "../../media/service.ts";
import { openFileStore } from "../../media/storage.ts";
import { type Database, openPglite, openPostgres } from "../client.ts";
import { DataDirInUseError, lockDataDir } from "../data-dir-lock.ts";
import { migrateDatabase } from "../migrate.ts";
import { DEFAULT_PRODUCTS, seedCatalog } from "./catalog/index.ts";

const USAGE = `Usage: npm run seed -- [--products N] [--force]

Seeds the demo catalogue (${DEFAULT_PRODUCTS} products unless --products says otherwise) into an
empty catalogue: DATABASE_URL when it is set, else the embedded database in DATA_DIR.
  --products N   how many products (0 to 1,000,000)
  --force        delete every band, product, collection and spotlight first`;

class UsageError extends Error {}

function parseOptions(argv: string[]): { products: number; force: boolean } {
  let values: { products?: string; force?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        products: { type: "string" },
        force: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const products =
    values.products === undefined ? DEFAULT_PRODUCTS : Number(values.products.replace(/[_,]/g, ""));
  if (!Number.isInteger(products) || products < 0 || products > 1_000_000) {
    throw new UsageError(
      `--products must be a whole number from 0 to 1,000,000, not ${values.products}`,
    );
  }
  return { products, force: values.force ?? false };
}

/** The PostgreSQL error code, which Drizzle keeps on the error's cause. */
function postgresCode(error: unknown): string | undefined {
  const withCode = error as { code?: string; cause?: { code?: string } };
  return withCode.code ?? withCode.cause?.code;
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const config = loadConfig();
  const release = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  let database: Database;
  try {
    database = config.databaseUrl
      ? await openPostgres(config.databaseUrl, 2, config.databaseTimeouts)
      : await openPglite(config.dataDir);
  } catch (error) {
    release();
    throw error;
  }
  const where = config.databaseUrl
    ? "PostgreSQL (DATABASE_URL)"
    : `the embedded database in ${config.dataDir}`;
  try {
    const started = performance.now();
    await migrateDatabase(database, config.databaseUrl);
    const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(products);
    const existing = row?.count ?? 0;
    if (existing > 0 && !options.force) {
      console.error(
        `The catalogue in ${where} already has ${existing.toLocaleString("en-GB")} products; nothing was changed.\nRun again with --force to delete the catalogue and seed it afresh.`,
      );
      return 1;
    }
    const files = await openFileStore(config);
    // One transaction: a seed that fails after --force leaves the old catalogue where it was.
    const result = await database.db.transaction(async (tx) => {
      if (options.force) {
        console.log(`Deleting the catalogue in ${where}…`);
        // Refused (23503) when orders or others refer to the catalogue.
        await deleteFiles(tx, await deleteCatalogue(tx));
      }
      console.log(`Seeding ${options.products.toLocaleString("en-GB")} products into ${where}…`);
      return seedCatalog(tx, files, {
        products: options.products,
        onProgress: (message) => console.log(`  ${seconds(started)}  ${message}`),
      });
    });
    console.log(
      `Seeded ${result.brands} bands, ${result.products.toLocaleString("en-GB")} products, ${result.variants.toLocaleString("en-GB")} variants and ${result.images.toLocaleString("en-GB")} images (${(result.imageBytes / 1_048_576).toFixed(1)} MB, ${result.rendered} drawn) in ${seconds(started)}.`,
    );
    return 0;
  } finally {
    await database.close();
    release();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof DataDirInUseError)
      console.error(error.message);
    else if (postgresCode(error) === "23503") {
      console.error(
        `Other data (orders, baskets…) refers to the catalogue, so it was left as it was: ${(error as Error).message}`,
      );
    } else console.error(error);
    process.exit(1);
  },
);
