/**
 * The most characters a product's description takes: the product form says so beside the field
 * and stops there, and the API refuses more. Kept apart from the zod schemas so the browser's
 * product form can read it without them (tests/client-bundle.test.ts).
 */
export const PRODUCT_DESCRIPTION_MAX = 50_000;
