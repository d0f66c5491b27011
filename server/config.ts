import proxyaddr from "proxy-addr";
import { z } from "zod";
import { type DatabaseTimeouts, DEFAULT_TIMEOUTS } from "./db/timeouts.ts";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const Milliseconds = z.coerce.number().int().min(100, "must be at least 100").max(3_600_000);

const ConfigSchema = z.object({
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
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(30_000),
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
});

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
  /** GA4, loaded only for visitors who accept analytics cookies; unset, GA4 is never loaded. */
  gaMeasurementId: string | undefined;
  /**
   * Which reverse proxies may name the client in X-Forwarded-For: none (the connection is the
   * client), the nearest `hops`, or those at these addresses and CIDRs.
   */
  trustProxy: { hops: number } | { addresses: string[] } | undefined;
  /** How long PostgreSQL may take to connect, run a statement, or hold an idle transaction. */
  databaseTimeouts: DatabaseTimeouts;
};

export class ConfigError extends Error {}

/** Parses settings from the environment; a bad value throws a ConfigError naming the setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "configuration");
    throw new ConfigError(
      `Invalid setting ${name}=${JSON.stringify(env[name])}: ${issue?.message}`,
    );
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
    gaMeasurementId: values.GA_MEASUREMENT_ID,
    trustProxy: trustedProxies(values.TRUST_PROXY),
    databaseTimeouts: {
      connectMs: values.DB_CONNECT_TIMEOUT_MS,
      statementMs: values.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: values.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
  };
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
