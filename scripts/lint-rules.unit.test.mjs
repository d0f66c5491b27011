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

  it("refuses a new-password field of a page's own, outside NewPasswordField", () => {
    const own = '        autoComplete="new-password"';
    expect(
      breaches("app/routes/admin/invitation.tsx", own).map((found) => found.rule.name),
    ).toEqual(["new-password-in-one-place"]);
    expect(breaches("app/components/new-password-field.tsx", own)).toEqual([]);
    expect(breaches("app/routes/auth/login.tsx", 'autoComplete="current-password"')).toEqual([]);
  });

  it("refuses a route looked up by its path, and passes one run by its constant", () => {
    const rule = (path, text) => breaches(path, text).map((found) => found.rule.name);
    const finder = 'const route = staffRoute(catalogRoutes, "post", "/products/bulk-status");';
    const found = [
      "const route = routes",
      '  .find((entry) => entry.method === "get" && entry.path === "/audit-log");',
    ].join("\n");
    const helper = "groups.flatMap((group) => group.routes).find((each) => each.path === path);";
    expect(rule("app/lib/admin-products.server.ts", finder)).toEqual(["route-by-constant"]);
    expect(breaches("app/lib/admin-audit.server.ts", found)[0]?.line).toBe(2);
    expect(rule("server/http/lookup.ts", helper)).toEqual(["route-by-constant"]);
    expect(rule("app/lib/admin-refunds.server.ts", '"/orders/refund/{id}" === route.path')).toEqual(
      ["route-by-constant"],
    );
    const constant = [
      'import { bulkStatusRoute } from "../../server/catalog/staff-api.ts";',
      "const result = await runFormRoute(bulkStatusRoute, request, context);",
      "const last = index === contents.path.length - 1;",
      'if (url.pathname === "/admin") return;',
    ].join("\n");
    expect(breaches("app/lib/admin-products.server.ts", constant)).toEqual([]);
    expect(
      breaches("server/orders/refunds-stripe.test.ts", 'request.path === "/v1/refunds"'),
    ).toEqual([]);
  });

  it("leaves analytics payloads that name the currency, and tests, alone", () => {
    expect(breaches("app/client/analytics.ts", 'const params = { currency: "GBP" };')).toEqual([]);
    const text = 'timeZone: "Europe/London"';
    expect(breaches("app/lib/dates.test.ts", text)).toEqual([]);
  });
});
