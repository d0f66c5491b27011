import { describe, expect, it } from "vitest";
import { breaches } from "./lint-rules.mjs";

describe("the source rules npm run lint checks", () => {
  it("refuses a London-time Intl format outside common/london-time.ts", () => {
    const text =
      'const when = new Intl.DateTimeFormat("en-GB", {\n  timeZone: "Europe/London",\n});';
    expect(breaches("app/routes/admin/outbox.tsx", text).map((found) => found.rule.name)).toEqual([
      "london-time-in-one-place",
    ]);
    expect(breaches("app/routes/admin/outbox.tsx", text)[0]?.line).toBe(2);
    expect(breaches("common/london-time.ts", text)).toEqual([]);
  });

  it("refuses a currency format or pounds by toFixed outside common/money.ts", () => {
    const intl = 'new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" })';
    // The source text of a template literal, written as a plain string.
    const fixed = ["const pounds = (pence: number) => `£$", "{(pence / 100).toFixed(2)}`;"].join(
      "",
    );
    expect(breaches("server/payments/test-provider.ts", intl)).toHaveLength(1);
    expect(breaches("server/payments/test-provider.ts", fixed)).toHaveLength(1);
    expect(breaches("common/money.ts", intl)).toEqual([]);
  });

  it("refuses an audit entry written by hand outside the command and the audit module", () => {
    const byHand = '  await recordAudit(tx, { actor, action: "update" });';
    const many = "await recordAudits(tx, entries);";
    expect(breaches("server/media/library.ts", byHand).map((found) => found.rule.name)).toEqual([
      "audit-through-commands",
    ]);
    expect(breaches("server/orders/staff.ts", many)).toHaveLength(1);
    expect(breaches("server/http/command.ts", many)).toEqual([]);
    expect(breaches("server/media/library.ts", "await audit.record(tx, entry);")).toEqual([]);
  });

  it("leaves analytics payloads that name the currency, and tests, alone", () => {
    expect(breaches("app/client/analytics.ts", 'const params = { currency: "GBP" };')).toEqual([]);
    const text = 'timeZone: "Europe/London"';
    expect(breaches("app/lib/dates.test.ts", text)).toEqual([]);
  });
});
