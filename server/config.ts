import { availableParallelism } from "node:os";
import proxyaddr from "proxy-addr";
import { z } from "zod";
import type { PlausibleSettings } from "../common/analytics.ts";
import {
  type DatabaseTimeouts,
  DEFAULT_REQUEST_DEADLINE_MS,
  DEFAULT_TIMEOUTS,
} from "./db/timeouts.ts";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** More processes than this only queue on the same cores and the database's connections. */
const MAX_WEB_CONCURRENCY = 64;
const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

const Milliseconds = z.coerce.number().int().min(100, "must be at least 100").max(3_600_000);

// A host name's dot-separated labels, each 1 to 63 letters, digits and inner hyphens.
const LABEL = "[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?";
const HOST_NAME = `${LABEL}(\\.${LABEL})*`;

export const ConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  LOG_LEVEL: z.enum(logLevels).default("info"),
  APP_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DEMO_DATA: z.enum(["true", "false"]).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).max(200).default("Encore <shop@encore.example>"),
  SUPPORT_EMAIL: z.email("must be an email address").default("help@encore.example"),
  // What a VAT invoice must name (issue 15): the seller, its address and its VAT number.
  SHOP_LEGAL_NAME: z.string().trim().min(2).max(200).default("Encore Merch Ltd"),
  SHOP_ADDRESS: z
    .string()
    .trim()
    .min(5)
    .max(500)
    .default("Unit 7, Canal Works, 21 Wharf Street, Manchester, M1 2AB, United Kingdom"),
  SHOP_VAT_NUMBER: z
    .string()
    .trim()
    .regex(/^GB ?\d{3} ?\d{4} ?\d{2}( ?\d{3})?$/, "must be a UK VAT number, like GB 412 7731 58")
    .default("GB 412 7731 58"),
  DB_POOL_SIZE: z.coerce.number().int().min(1, "must be at least 1").max(500).default(10),
  DB_CONNECT_TIMEOUT_MS: Milliseconds.default(DEFAULT_TIMEOUTS.connectMs),
  DB_STATEMENT_TIMEOUT_MS: Milliseconds.default(DEFAULT_TIMEOUTS.statementMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: Milliseconds.default(DEFAULT_TIMEOUTS.idleInTransactionMs),
  REQUEST_DEADLINE_MS: Milliseconds.default(DEFAULT_REQUEST_DEADLINE_MS),
  WEB_CONCURRENCY: z.coerce
    .number()
    .int("must be a whole number of processes")
    .min(1, "must be at least 1")
    .max(MAX_WEB_CONCURRENCY, `must be at most ${MAX_WEB_CONCURRENCY}`)
    .optional(),
  SHUTDOWN_TIMEOUT_MS: Milliseconds.default(DEFAULT_SHUTDOWN_TIMEOUT_MS),
  SHUTDOWN_DELAY_MS: z.coerce
    .number()
    .int("must be a whole number of milliseconds")
    .min(0, "must be 0 or more")
    .max(60_000, "must be at most 60000")
    .default(0),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(false|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/,
      "must be false, a number of proxy hops, or a comma-separated list of proxy addresses or CIDRs",
    )
    .optional(),
  GA_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,12}$/, "must be a GA4 measurement ID like G-ABC123XYZ")
    .optional(),
  // The site's domain as added in Plausible (several, comma-separated, send to each dashboard).
  PLAUSIBLE_DOMAIN: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      new RegExp(`^${HOST_NAME}(\\s*,\\s*${HOST_NAME})*$`),
      "must be the site's domain as added in Plausible, like shop.example.com (no https://)",
    )
    .optional(),
  PLAUSIBLE_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_test_…, sk_live_…)")
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, "must be a Stripe publishable key (pk_test_…, pk_live_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")
    .optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens",
    )
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" })
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, "must be a region name like eu-west-2 (or auto)")
    .optional(),
  S3_ACCESS_KEY_ID: z
    .string()
    .regex(/^[\x21-\x7e]{1,256}$/, "must be an access key id")
    .optional(),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{1,256}$/, "must be a secret access key")
    .optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
});

/** Stripe, when the shop takes card payments through it (all three keys set). */
export type StripeSettings = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** A Stripe-compatible server to call instead of api.stripe.com (tests, a local mock). */
  apiUrl: string | undefined;
};

/** An S3-compatible bucket for uploaded and generated files, instead of DATA_DIR/files. */
export type S3Settings = {
  bucket: string;
  /** Another S3-compatible service (MinIO, R2, B2, a local test server); unset, AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** `https://host/bucket/key` rather than `https://bucket.host/key` (most self-hosted servers). */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (AWS_* variables, an instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  logLevel: (typeof logLevels)[number];
  appSecret: string | undefined;
  /** Seed the demo shop into an empty database: on for the embedded database unless turned off. */
  demoData: boolean;
  /** HSTS and Secure cookies only make sense when shoppers reach us over HTTPS. */
  secure: boolean;
  /** Where email goes; unset, messages are written to DATA_DIR/mail instead. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where contact-form messages go. */
  supportEmail: string;
  /** The seller as a VAT invoice names it: legal name, address (comma-separated), VAT number. */
  shop: { legalName: string; address: string; vatNumber: string };
  /** GA4, loaded only for visitors who accept analytics cookies; unset, GA4 is never loaded. */
  gaMeasurementId: string | undefined;
  /** Plausible, sent page views and shop events without cookies or consent; unset, nothing is. */
  plausible: PlausibleSettings | undefined;
  /**
   * Which reverse proxies may name the client in X-Forwarded-For: none (the connection is the
   * client), the nearest `hops`, or those at these addresses and CIDRs.
   */
  trustProxy: { hops: number } | { addresses: string[] } | undefined;
  /** How many connections each process keeps to PostgreSQL. */
  databasePoolSize: number;
  /** How long PostgreSQL may take to connect, run a statement, or hold an idle transaction. */
  databaseTimeouts: DatabaseTimeouts;
  /** How long a request may take before it is answered 503 (security.md #15: nothing hangs). */
  requestDeadlineMs: number;
  /**
   * How many processes serve the shop on PostgreSQL (one per core unless set); the embedded
   * database always runs one.
   */
  webConcurrency: number;
  /** How long a stopping process lets in-flight requests finish before it closes their connections. */
  shutdownTimeoutMs: number;
  /**
   * On SIGTERM, how long a process keeps taking connections while `/api/ready` answers 503, so
   * a load balancer that polls readiness stops sending before connections are refused.
   */
  shutdownDelayMs: number;
  /** Card payments through Stripe; unset, checkout uses the test provider (no money is taken). */
  stripe: StripeSettings | undefined;
  /** Where file bytes live: this bucket, or DATA_DIR/files when unset. */
  s3: S3Settings | undefined;
};

export class ConfigError extends Error {}

/** Keys to money: a mistyped one is named, never written to the console or the logs. */
const UNECHOED = new Set(["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "S3_SECRET_ACCESS_KEY"]);

/** Parses settings from the environment; a bad value throws a ConfigError naming the setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    const value = UNECHOED.has(name) ? "(not shown)" : JSON.stringify(env[name]);
    throw new ConfigError(`Invalid setting ${name}=${value}: ${issue?.message}`);
  }
  const values = parsed.data;
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: values.DATA_DIR,
    databaseUrl: values.DATABASE_URL,
    publicUrl,
    logLevel: values.LOG_LEVEL,
    appSecret: values.APP_SECRET,
    demoData: values.DEMO_DATA ? values.DEMO_DATA === "true" : !values.DATABASE_URL,
    secure: publicUrl.startsWith("https://"),
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    supportEmail: values.SUPPORT_EMAIL,
    shop: {
      legalName: values.SHOP_LEGAL_NAME,
      address: values.SHOP_ADDRESS,
      vatNumber: values.SHOP_VAT_NUMBER,
    },
    gaMeasurementId: values.GA_MEASUREMENT_ID,
    plausible: plausibleSettings(values),
    trustProxy: trustedProxies(values.TRUST_PROXY),
    databasePoolSize: values.DB_POOL_SIZE,
    databaseTimeouts: {
      connectMs: values.DB_CONNECT_TIMEOUT_MS,
      statementMs: values.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: values.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    requestDeadlineMs: values.REQUEST_DEADLINE_MS,
    webConcurrency: values.WEB_CONCURRENCY ?? Math.min(availableParallelism(), MAX_WEB_CONCURRENCY),
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: values.SHUTDOWN_DELAY_MS,
    stripe: stripeSettings(values),
    s3: s3Settings(values),
  };
}

/** Plausible needs the site's domain; a self-hosted URL without one would count nothing. */
function plausibleSettings(values: z.output<typeof ConfigSchema>): PlausibleSettings | undefined {
  const domain = values.PLAUSIBLE_DOMAIN?.replace(/\s+/g, "");
  if (!domain) {
    if (values.PLAUSIBLE_URL) {
      throw new ConfigError("PLAUSIBLE_DOMAIN is missing: PLAUSIBLE_URL is set without a site");
    }
    return undefined;
  }
  return { domain, url: (values.PLAUSIBLE_URL ?? "https://plausible.io").replace(/\/+$/, "") };
}

const S3_NAMES = [
  "S3_BUCKET",
  "S3_ENDPOINT",
  "S3_REGION",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_FORCE_PATH_STYLE",
] as const;

/**
 * The bucket files go to, when S3_BUCKET is set. Settings that cannot work together stop the
 * start naming what is missing: other S3_* settings without a bucket (the files would quietly go
 * to the local disk of one process), half a key pair, or a bucket on AWS without its region.
 */
function s3Settings(values: z.output<typeof ConfigSchema>): S3Settings | undefined {
  const given = S3_NAMES.filter((name) => values[name] !== undefined);
  if (given.length === 0) return undefined;
  const bucket = values.S3_BUCKET;
  if (!bucket) {
    throw new ConfigError(
      `S3_BUCKET is missing: ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set without a bucket to store files in`,
    );
  }
  const accessKeyId = values.S3_ACCESS_KEY_ID;
  const secretAccessKey = values.S3_SECRET_ACCESS_KEY;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(
      `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: ${accessKeyId ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"} is missing`,
    );
  }
  const endpoint = values.S3_ENDPOINT?.replace(/\/+$/, "");
  const region = values.S3_REGION ?? (endpoint ? "us-east-1" : undefined);
  if (!region) {
    throw new ConfigError(
      "S3_REGION is missing: a bucket on AWS needs its region (e.g. eu-west-2)",
    );
  }
  return {
    bucket,
    endpoint,
    region,
    forcePathStyle: values.S3_FORCE_PATH_STYLE === "true",
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

const STRIPE_KEYS = [
  "STRIPE_SECRET_KEY",
  "STRIPE_PUBLISHABLE_KEY",
  "STRIPE_WEBHOOK_SECRET",
] as const;

/**
 * Stripe needs its three keys together: a shop with some of them would take payments it can
 * never confirm (no webhook secret) or could not take them at all, so a partial set stops the
 * start naming what is missing. Test and live keys are not mixed either.
 */
function stripeSettings(values: z.output<typeof ConfigSchema>): StripeSettings | undefined {
  const secretKey = values.STRIPE_SECRET_KEY;
  const publishableKey = values.STRIPE_PUBLISHABLE_KEY;
  const webhookSecret = values.STRIPE_WEBHOOK_SECRET;
  if (!secretKey && !publishableKey && !webhookSecret && !values.STRIPE_API_URL) return undefined;
  if (!secretKey || !publishableKey || !webhookSecret) {
    const missing = STRIPE_KEYS.filter((name) => !values[name]);
    throw new ConfigError(
      `Stripe needs ${STRIPE_KEYS.join(", ")} together: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing`,
    );
  }
  const live = (key: string) => key.includes("_live_");
  if (live(secretKey) !== live(publishableKey)) {
    throw new ConfigError(
      "STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys",
    );
  }
  return { secretKey, publishableKey, webhookSecret, apiUrl: values.STRIPE_API_URL };
}

function trustedProxies(setting: string | undefined): Config["trustProxy"] {
  if (!setting || setting === "false" || setting === "0") return undefined;
  if (/^\d+$/.test(setting)) return { hops: Number(setting) };
  const addresses = setting.split(",").map((address) => address.trim());
  try {
    // Checked now, so a mistyped proxy address stops the start instead of every request.
    proxyaddr.compile(addresses);
  } catch (error) {
    throw new ConfigError(
      `Invalid setting TRUST_PROXY=${JSON.stringify(setting)}: ${(error as Error).message}`,
    );
  }
  return { addresses };
}
