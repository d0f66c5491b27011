import { errorCode } from "../db/faults.ts";

/**
 * The backstop of docs/security.md #15: database errors that only input can cause, as the
 * refusal the declaration or the service should have made. Every parameter is declared and
 * bounded and every natural key is checked by its service, so reaching here is a gap to close;
 * the shopper still gets a 4xx naming the field, never a 500.
 */
export type InputFault = {
  status: 404 | 422;
  field?: string;
  message: string;
};

/**
 * Every unique constraint on a value people type or choose (a natural key), by the name
 * PostgreSQL reports, with the field of the form or body that carries it. The value was free when
 * its service checked, and a request at the same moment took it: a 422 on the field, as the
 * service's own check answers.
 */
export const NATURAL_KEYS: Record<string, { field: string; message: string }> = {
  brands_slug_unique: { field: "slug", message: "A band saved at the same moment took this slug." },
  products_slug_unique: {
    field: "slug",
    message: "A product saved at the same moment took this slug.",
  },
  product_collections_slug_unique: {
    field: "slug",
    message: "A collection saved at the same moment took this slug.",
  },
  attribute_types_slug_unique: {
    field: "slug",
    message: "An option saved at the same moment took this slug.",
  },
  attributes_type_slug_idx: {
    field: "slug",
    message: "A value saved at the same moment took this slug.",
  },
  // Names that identify (issue 30): the services refuse a taken name; these answer a race.
  brands_title_unique: {
    field: "title",
    message: "A band saved at the same moment took this name.",
  },
  attributes_type_title_unique: {
    field: "title",
    message: "A value saved at the same moment took this name.",
  },
  product_collections_title_unique: {
    field: "title",
    message: "A collection saved at the same moment took this name.",
  },
  billing_models_title_unique: {
    field: "title",
    message: "A billing model saved at the same moment took this name.",
  },
  venues_name_unique: {
    field: "name",
    message: "A venue saved at the same moment took this name.",
  },
  blogs_slug_unique: { field: "slug", message: "A blog saved at the same moment took this slug." },
  articles_blog_slug_idx: {
    field: "slug",
    message: "An article saved at the same moment took this slug.",
  },
  job_openings_slug_unique: {
    field: "slug",
    message: "A job opening saved at the same moment took this slug.",
  },
  content_pages_pkey: { field: "path", message: "A page saved at the same moment took this path." },
  product_variants_sku_unique: {
    field: "sku",
    message: "A variant saved at the same moment took this SKU.",
  },
  discounts_code_idx: { field: "code", message: "A code saved at the same moment is the same." },
  users_email_idx: {
    field: "email",
    message: "An account with this email was made at the same moment.",
  },
  media_folders_parent_name_idx: {
    field: "name",
    message: "A folder of this name was made here at the same moment.",
  },
  delivery_option_group_countries_pkey: {
    field: "countries",
    message: "A group saved at the same moment took one of these countries.",
  },
};

/**
 * Unique constraints on what the shop makes itself (tokens, references, numbers, join rows):
 * a clash there is a bug or a race the service must handle, so it stays an error. Listed so a
 * new constraint is a decision (server/http/database-input-errors.test.ts checks every one).
 */
export const INTERNAL_KEYS = [
  "access_tokens_hash_idx",
  "analytics_daily_day_name_device_path_pk",
  "analytics_salts_pkey",
  "app_settings_pkey",
  "article_products_article_id_product_id_pk",
  "collection_products_collection_id_product_id_pk",
  "customer_addresses_user_kind_idx",
  "idempotency_keys_scope_key_pk",
  "media_files_slug_unique",
  "membership_subscriptions_line_idx",
  "membership_subscriptions_reference_idx",
  "orders_number_idx",
  "password_resets_hash_idx",
  "payment_webhook_events_pkey",
  "payments_reference_idx",
  "product_import_checks_hash_idx",
  "product_media_product_id_file_id_pk",
  "search_terms_pkey",
  "test_payment_intents_order_idx",
  "test_payment_intents_pkey",
  "test_payment_refunds_key_idx",
  "test_payment_refunds_pkey",
  "variant_attributes_variant_id_attribute_id_pk",
];

/** What each input-only data exception means, in words a shopper can act on. */
const DATA_EXCEPTIONS: Record<string, string> = {
  "22003": "This number is out of range.",
  "22P02": "This value is not in the form expected.",
  "22001": "This is too long.",
  "22007": "This is not a date or time.",
  "22008": "This date or time is out of range.",
  "22021": "This text has characters that are not allowed.",
  "2201W": "This number is out of range.",
  "2201X": "This number is out of range.",
};

type DatabaseError = Error & { constraint?: string };

function constraintOf(error: unknown): string | undefined {
  for (let current = error; current instanceof Error; current = current.cause) {
    const constraint = (current as DatabaseError).constraint;
    if (typeof constraint === "string") return constraint;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  let last = "";
  for (let current = error; current instanceof Error; current = current.cause) {
    last = current.message;
  }
  return last;
}

/** What the request carried: its query's values by name and its path's segments. */
export type RequestValues = { query: Record<string, string>; path: string };

/**
 * The value PostgreSQL quotes in a data exception (`value "2147483648" is out of range for type
 * integer`, `invalid input syntax for type integer: "1e+23"`), found in the request: the query
 * parameter that carried it, or the path (which then names nothing).
 */
function whereItCameFrom(
  error: unknown,
  request: RequestValues,
): { in: "query"; name: string } | { in: "path" } | undefined {
  const quoted = /"([^"]*)"/.exec(messageOf(error))?.[1];
  if (quoted === undefined) return undefined;
  // A number PostgreSQL was sent as JavaScript wrote it (99999999999999999999999 → 1e+23).
  const carries = (value: string) =>
    value === quoted ||
    value.split(",").some((part) => part === quoted || String(Number(part)) === quoted);
  for (const [name, value] of Object.entries(request.query)) {
    if (carries(value)) return { in: "query", name };
  }
  const segments = request.path.split("/").map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  return segments.some(carries) ? { in: "path" } : undefined;
}

/** The refusal a database error stands for when only input can have caused it; else undefined. */
export function inputFaultOf(error: unknown, request: RequestValues): InputFault | undefined {
  const code = errorCode(error);
  if (code === "23505") {
    const key = NATURAL_KEYS[constraintOf(error) ?? ""];
    return key && { status: 422, field: key.field, message: key.message };
  }
  const message = code ? DATA_EXCEPTIONS[code] : undefined;
  if (!message) return undefined;
  const source = whereItCameFrom(error, request);
  if (source?.in === "path") return { status: 404, message: "Not found." };
  return { status: 422, field: source?.name ?? "body", message };
}
