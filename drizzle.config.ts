import { defineConfig } from "drizzle-kit";

// One set of migrations serves PGlite and PostgreSQL alike: both speak the PostgreSQL dialect.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
