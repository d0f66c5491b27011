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
      gaMeasurementId: undefined,
      trustProxy: undefined,
      databaseTimeouts: { connectMs: 5000, statementMs: 15000, idleInTransactionMs: 30000 },
    });
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
  ])("stops on a bad value, naming the setting (%o)", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
