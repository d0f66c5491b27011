import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("defaults to port 3000, ./data, PGlite, info logs and demo data", () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: "0.0.0.0",
      dataDir: "./data",
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      logLevel: "info",
      appSecret: undefined,
      demoData: true,
      secure: false,
      smtpUrl: undefined,
      mailFrom: "Encore <shop@encore.example>",
      supportEmail: "help@encore.example",
      shop: {
        legalName: "Encore Merch Ltd",
        address: "Unit 7, Canal Works, 21 Wharf Street, Manchester, M1 2AB, United Kingdom",
        vatNumber: "GB 412 7731 58",
      },
      gaMeasurementId: undefined,
      plausible: undefined,
      trustProxy: undefined,
      databasePoolSize: 10,
      databaseTimeouts: { connectMs: 5000, statementMs: 8000, idleInTransactionMs: 30000 },
      requestDeadlineMs: 10000,
      webConcurrency: availableParallelism(),
      shutdownTimeoutMs: 10000,
      shutdownDelayMs: 0,
      stripe: undefined,
      s3: undefined,
    });
  });

  it("reads the seller's name, address and VAT number for VAT invoices", () => {
    const shop = { SHOP_LEGAL_NAME: "Gulls Ltd", SHOP_ADDRESS: "1 Pier Road, Brighton, BN1 1AA" };
    expect(loadConfig({ ...shop, SHOP_VAT_NUMBER: "GB123456789" }).shop).toEqual({
      legalName: "Gulls Ltd",
      address: "1 Pier Road, Brighton, BN1 1AA",
      vatNumber: "GB123456789",
    });
    expect(() => loadConfig({ SHOP_VAT_NUMBER: "12" })).toThrow(ConfigError);
  });

  const s3 = {
    S3_BUCKET: "encore-media",
    S3_ACCESS_KEY_ID: "AKIAENCORE0000",
    S3_SECRET_ACCESS_KEY: "encore/secret+0000",
  };

  it("reads an S3 bucket: AWS with its region, or another service at an endpoint", () => {
    expect(loadConfig({ ...s3, S3_REGION: "eu-west-2" }).s3).toEqual({
      bucket: "encore-media",
      endpoint: undefined,
      region: "eu-west-2",
      forcePathStyle: false,
      credentials: { accessKeyId: "AKIAENCORE0000", secretAccessKey: "encore/secret+0000" },
    });
    expect(
      loadConfig({ ...s3, S3_ENDPOINT: "http://127.0.0.1:9000/", S3_FORCE_PATH_STYLE: "true" }).s3,
    ).toMatchObject({
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      forcePathStyle: true,
    });
    // No keys: the SDK's own chain (an instance role, AWS_* variables).
    expect(loadConfig({ S3_BUCKET: "encore-media", S3_REGION: "eu-west-2" }).s3?.credentials).toBe(
      undefined,
    );
  });

  it.each([
    [{ S3_ENDPOINT: "http://127.0.0.1:9000" }, "S3_BUCKET is missing: S3_ENDPOINT is set"],
    [
      { S3_BUCKET: "encore-media", S3_REGION: "eu-west-2", S3_ACCESS_KEY_ID: "AKIA0" },
      "S3_SECRET_ACCESS_KEY is missing",
    ],
    [{ S3_BUCKET: "encore-media" }, "S3_REGION is missing: a bucket on AWS needs its region"],
  ])("stops on S3 settings that cannot work together (%o)", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("names a mistyped S3 secret without writing it out", () => {
    const mistyped = "secret with spaces";
    const env = { ...s3, S3_REGION: "eu-west-2", S3_SECRET_ACCESS_KEY: mistyped };
    expect(() => loadConfig(env)).toThrow(
      "Invalid setting S3_SECRET_ACCESS_KEY=(not shown): must be a secret access key",
    );
    expect(() => loadConfig(env)).not.toThrow(mistyped);
  });

  const stripeKeys = {
    STRIPE_SECRET_KEY: "sk_test_51Encore0000secret",
    STRIPE_PUBLISHABLE_KEY: "pk_test_51Encore0000public",
    STRIPE_WEBHOOK_SECRET: "whsec_Encore0000signing",
  };

  it("reads Stripe's three keys together, and an API address to use instead of Stripe's", () => {
    expect(loadConfig(stripeKeys).stripe).toEqual({
      secretKey: "sk_test_51Encore0000secret",
      publishableKey: "pk_test_51Encore0000public",
      webhookSecret: "whsec_Encore0000signing",
      apiUrl: undefined,
    });
    expect(
      loadConfig({ ...stripeKeys, STRIPE_API_URL: "http://127.0.0.1:12111" }).stripe?.apiUrl,
    ).toBe("http://127.0.0.1:12111");
  });

  it.each([
    [
      { STRIPE_SECRET_KEY: stripeKeys.STRIPE_SECRET_KEY },
      "STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET are missing",
    ],
    [{ ...stripeKeys, STRIPE_WEBHOOK_SECRET: "" }, "STRIPE_WEBHOOK_SECRET is missing"],
    [
      { STRIPE_API_URL: "http://127.0.0.1:12111" },
      "STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET are missing",
    ],
  ])("stops on a partial set of Stripe keys, naming what is missing (%o)", (env, missing) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(
      `Stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET together: ${missing}`,
    );
  });

  it("stops on test and live Stripe keys mixed", () => {
    expect(() =>
      loadConfig({ ...stripeKeys, STRIPE_PUBLISHABLE_KEY: "pk_live_51Encore0000public" }),
    ).toThrow(
      "STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys",
    );
  });

  it("names a mistyped Stripe secret without writing it out", () => {
    const mistyped = "sk_tset_51Encore0000secret";
    expect(() => loadConfig({ ...stripeKeys, STRIPE_SECRET_KEY: mistyped })).toThrow(
      "Invalid setting STRIPE_SECRET_KEY=(not shown): must be a Stripe secret key",
    );
    expect(() => loadConfig({ ...stripeKeys, STRIPE_SECRET_KEY: mistyped })).not.toThrow(mistyped);
    expect(() =>
      loadConfig({ ...stripeKeys, STRIPE_WEBHOOK_SECRET: "secret with spaces" }),
    ).toThrow("Invalid setting STRIPE_WEBHOOK_SECRET=(not shown): must be a Stripe webhook");
  });

  it("reads Plausible's site, on plausible.io or a self-hosted instance", () => {
    expect(loadConfig({ PLAUSIBLE_DOMAIN: "Shop.Example.co.uk" }).plausible).toEqual({
      domain: "shop.example.co.uk",
      url: "https://plausible.io",
    });
    expect(
      loadConfig({
        PLAUSIBLE_DOMAIN: "shop.example.co.uk, rollup.example",
        PLAUSIBLE_URL: "https://stats.example.co.uk/",
      }).plausible,
    ).toEqual({ domain: "shop.example.co.uk,rollup.example", url: "https://stats.example.co.uk" });
  });

  it.each([
    [{ PLAUSIBLE_DOMAIN: "https://shop.example" }, /^Invalid setting PLAUSIBLE_DOMAIN=.*no https/],
    [{ PLAUSIBLE_DOMAIN: "shop example" }, /^Invalid setting PLAUSIBLE_DOMAIN="shop example"/],
    [{ PLAUSIBLE_DOMAIN: "shop.example/blog" }, /^Invalid setting PLAUSIBLE_DOMAIN=/],
    [
      { PLAUSIBLE_DOMAIN: "shop.example", PLAUSIBLE_URL: "ftp://stats.example" },
      /^Invalid setting PLAUSIBLE_URL=.*must be an http/,
    ],
    [
      { PLAUSIBLE_URL: "https://stats.example" },
      /^PLAUSIBLE_DOMAIN is missing: PLAUSIBLE_URL is set without a site/,
    ],
  ])("stops on Plausible settings that cannot work: %o", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it("reads TRUST_PROXY as off, a hop count, or proxy addresses and CIDRs", () => {
    expect(loadConfig({ TRUST_PROXY: "false" }).trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback,192.168.1.7" }).trustProxy).toEqual({
      addresses: ["10.0.0.0/8", "loopback", "192.168.1.7"],
    });
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/99" })).toThrow(
      /^Invalid setting TRUST_PROXY="10.0.0.0\/99"/,
    );
    expect(() => loadConfig({ TRUST_PROXY: "yes please" })).toThrow(ConfigError);
  });

  it("reads every setting", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATA_DIR: "/var/lib/encore",
      DATABASE_URL: "postgres://shop@db:5432/encore",
      PUBLIC_URL: "https://merch.example.co.uk/",
      LOG_LEVEL: "warn",
      APP_SECRET: "s".repeat(40),
      SMTP_URL: "smtps://mailer:secret@smtp.example.co.uk:465",
      MAIL_FROM: "Shop <hello@merch.example.co.uk>",
      SUPPORT_EMAIL: "care@merch.example.co.uk",
      GA_MEASUREMENT_ID: "G-ABC123XYZ",
      DB_POOL_SIZE: "40",
      DB_CONNECT_TIMEOUT_MS: "2000",
      DB_STATEMENT_TIMEOUT_MS: "4000",
      DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: "6000",
      REQUEST_DEADLINE_MS: "5000",
      WEB_CONCURRENCY: "4",
      SHUTDOWN_TIMEOUT_MS: "25000",
    });
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      dataDir: "/var/lib/encore",
      databaseUrl: "postgres://shop@db:5432/encore",
      publicUrl: "https://merch.example.co.uk",
      logLevel: "warn",
      secure: true,
      // A real database is production unless demo data is asked for.
      demoData: false,
      smtpUrl: "smtps://mailer:secret@smtp.example.co.uk:465",
      mailFrom: "Shop <hello@merch.example.co.uk>",
      supportEmail: "care@merch.example.co.uk",
      gaMeasurementId: "G-ABC123XYZ",
      databasePoolSize: 40,
      databaseTimeouts: { connectMs: 2000, statementMs: 4000, idleInTransactionMs: 6000 },
      requestDeadlineMs: 5000,
      webConcurrency: 4,
      shutdownTimeoutMs: 25000,
    });
    expect(loadConfig({ DATABASE_URL: "postgresql://x@y/z", DEMO_DATA: "true" }).demoData).toBe(
      true,
    );
    expect(loadConfig({ DEMO_DATA: "false" }).demoData).toBe(false);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: "" })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    [{ PORT: "abc" }, /^Invalid setting PORT="abc": /],
    [{ PORT: "70000" }, /^Invalid setting PORT="70000": /],
    [
      { DATABASE_URL: "mysql://x@y/z" },
      /^Invalid setting DATABASE_URL="mysql:\/\/x@y\/z": must be a postgres/,
    ],
    [{ PUBLIC_URL: "shop.example" }, /^Invalid setting PUBLIC_URL=/],
    [{ SMTP_URL: "http://mail.example" }, /^Invalid setting SMTP_URL=.*must be an smtp/],
    [{ GA_MEASUREMENT_ID: "UA-1234-1" }, /^Invalid setting GA_MEASUREMENT_ID=.*GA4 measurement ID/],
    [{ SUPPORT_EMAIL: "not-an-email" }, /^Invalid setting SUPPORT_EMAIL=/],
    [{ LOG_LEVEL: "loud" }, /^Invalid setting LOG_LEVEL="loud"/],
    [
      { APP_SECRET: "short" },
      /^Invalid setting APP_SECRET="short": must be at least 32 characters/,
    ],
    [{ DEMO_DATA: "yes" }, /^Invalid setting DEMO_DATA="yes"/],
    [{ DB_POOL_SIZE: "0" }, /^Invalid setting DB_POOL_SIZE="0": must be at least 1/],
    [
      { REQUEST_DEADLINE_MS: "50" },
      /^Invalid setting REQUEST_DEADLINE_MS="50": must be at least 100/,
    ],
    [{ WEB_CONCURRENCY: "0" }, /^Invalid setting WEB_CONCURRENCY="0": must be at least 1/],
    [{ WEB_CONCURRENCY: "65" }, /^Invalid setting WEB_CONCURRENCY="65": must be at most 64/],
    [{ WEB_CONCURRENCY: "1.5" }, /^Invalid setting WEB_CONCURRENCY="1.5": must be a whole number/],
    [{ WEB_CONCURRENCY: "max" }, /^Invalid setting WEB_CONCURRENCY="max": /],
    [
      { SHUTDOWN_TIMEOUT_MS: "10" },
      /^Invalid setting SHUTDOWN_TIMEOUT_MS="10": must be at least 100/,
    ],
    [
      { STRIPE_PUBLISHABLE_KEY: "sk_test_51Encore" },
      /^Invalid setting STRIPE_PUBLISHABLE_KEY="sk_test_51Encore": must be a Stripe publishable key/,
    ],
    [{ STRIPE_API_URL: "ftp://stripe.local" }, /^Invalid setting STRIPE_API_URL=.*must be an http/],
    [{ S3_BUCKET: "Encore_Media" }, /^Invalid setting S3_BUCKET="Encore_Media": must be a bucket/],
    [{ S3_ENDPOINT: "s3.example" }, /^Invalid setting S3_ENDPOINT="s3.example": must be an http/],
    [{ S3_FORCE_PATH_STYLE: "yes" }, /^Invalid setting S3_FORCE_PATH_STYLE="yes": must be true/],
  ])("stops on a bad value, naming the setting (%o)", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
