// Every module's tables, re-exported so drizzle-kit and the typed client see one schema.
export * from "../platform/schema.ts";
