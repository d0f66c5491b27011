// Every module's tables, re-exported so drizzle-kit and the typed client see one schema.

export * from "../analytics/schema.ts";
export * from "../audit/schema.ts";
export * from "../auth/schema.ts";
export * from "../billing/schema.ts";
export * from "../catalog/schema.ts";
export * from "../content/schema.ts";
export * from "../customers/schema.ts";
export * from "../delivery/schema.ts";
export * from "../discounts/schema.ts";
export * from "../idempotency/schema.ts";
export * from "../mail/schema.ts";
export * from "../media/schema.ts";
export * from "../orders/schema.ts";
export * from "../payments/schema.ts";
export * from "../platform/schema.ts";
export * from "../segments/schema.ts";
export * from "../venues/schema.ts";
