import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setCookie } from "../../../server/auth/test-helpers.ts";
import { users } from "../../../server/customers/schema.ts";
import { segments } from "../../../server/segments/schema.ts";
import {
  adminPages,
  decode,
  fieldErrorOf,
  fieldTag,
  flashOf,
} from "../../../tests/support/admin-pages.ts";
import { startTestApp, type TestApp } from "../../../tests/support/app.ts";
import { makeCustomer, makeOrder, unique } from "../../../tests/support/customers.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";

// Issue 15: the customers and segments screens, by HTTP as a browser without JavaScript uses them.
describe.each(databaseKinds)("the customers and segments screens on %s", (kind) => {
  let app: TestApp;
  let pages: Awaited<ReturnType<typeof adminPages>>;
  const tag = unique();
  let person: Awaited<ReturnType<typeof makeCustomer>>;
  beforeAll(async () => {
    app = await startTestApp(kind);
    pages = await adminPages(app);
    person = await makeCustomer(app.database.db, { name: `Rowan Page ${tag}`, consent: true });
    await makeOrder(app.database.db, person, {
      lines: [{ productId: 1, band: "Any", unitPrice: 4250 }],
    });
  });
  afterAll(() => app.close());

  it("lists customers with the filters in the address and a CSV link carrying them", async () => {
    const html = await pages.html(`/admin/customers?q=${tag}&consent=true`);
    expect(html).toContain(`Rowan Page ${tag}`);
    expect(html).toContain("£42.50");
    expect(html).toContain(`/api/staff/customers/export.csv?q=${tag}&consent=true`);
    const none = await pages.html(`/admin/customers?q=${tag}&consent=false`);
    expect(none).toContain("No customer matches this search.");
    expect((await pages.page("/admin/customers", pages.customer)).status).not.toBe(200);
  });

  it("shows a customer's page; staff cannot erase, an admin confirms first and erases", async () => {
    const html = await pages.html(`/admin/customers/${person.id}`);
    expect(html).toContain("£42.50");
    expect(html).toContain("Export data (JSON)");
    expect(html).toContain("Only admins can erase customers.");
    const refused = await pages.post(`/admin/customers/${person.id}`, pages.staff, {
      intent: "erase",
    });
    expect(refused.status).toBe(403);
    // The refusal is said in the dialog, open, as a page without JavaScript gets it.
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("Only admins may erase customers.");
    expect(refusedPage).toContain("This cannot be undone.");
    const asked = await pages.post(`/admin/customers/${person.id}`, pages.admin, {
      intent: "confirm-erase",
    });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("This cannot be undone.");
    const erased = await pages.post(`/admin/customers/${person.id}`, pages.admin, {
      intent: "erase",
    });
    expect(erased.status).toBe(303);
    expect(erased.headers.get("location")).toBe("/admin/customers");
    expect(flashOf(erased).join(" ")).toContain(`Erased customer #${person.id}.`);
    const [row] = await app.database.db.select().from(users).where(eq(users.id, person.id));
    expect(row?.name).toBe("Erased customer");
  });

  it("leaves a waiting message for its page: the live count's post keeps it, the page that shows it deletes it", async () => {
    const body = `Added the segment ${tag}.`;
    const waiting = `flash=${encodeURIComponent(JSON.stringify([{ type: "SUCCESS", body }]))}`;
    // As the live count sends it with JavaScript (a fetcher's post: the action's data alone).
    const counted = await pages.post("/admin/segments/new.data", `${pages.staff}; ${waiting}`, {
      title: `Waiting ${tag}`,
      description: "",
      "rules[0].type": "signed-up-after",
      "rules[0].date": "2000-01-01",
      intent: "count",
    });
    expect(counted.status).toBe(200);
    expect(setCookie(counted, "flash")).toBeUndefined();
    const shown = await app.fetch("/admin/segments", {
      headers: { Cookie: `${pages.staff}; ${waiting}` },
    });
    expect(await shown.text()).toContain(body);
    expect(setCookie(shown, "flash")?.attributes).toContain("max-age=0");
  });

  it("builds a segment without JavaScript: add a rule, count the members, save", async () => {
    const blank = await pages.html("/admin/segments/new");
    const fields = pages.formFields(blank, "Segment details");
    expect(fields["rules[0].type"]).toBe("marketing-consent");
    const added = await pages.post("/admin/segments/new", pages.staff, {
      ...fields,
      title: `Page segment ${tag}`,
      "rules[0].type": "signed-up-after",
      "rules[0].date": "2000-01-01",
      newRuleType: "spent-over",
      intent: "add-rule",
    });
    expect(added.status).toBe(200);
    const withTwo = await added.text();
    expect(withTwo).toContain("Rule 2");
    expect(withTwo).toContain('name="rules[1].amount"');
    const counted = await pages.post("/admin/segments/new", pages.staff, {
      title: `Page segment ${tag}`,
      description: "",
      "rules[0].type": "signed-up-after",
      "rules[0].date": "2000-01-01",
      "rules[1].type": "spent-over",
      "rules[1].amount": "not money",
      intent: "count",
    });
    expect(counted.status).toBe(422);
    expect(await counted.text()).toContain("Check the field marked below");
    const fine = await pages.post("/admin/segments/new", pages.staff, {
      title: `Page segment ${tag}`,
      description: "",
      "rules[0].type": "signed-up-after",
      "rules[0].date": "2000-01-01",
      "rules[1].type": "spent-over",
      "rules[1].amount": "100000",
      intent: "count",
    });
    expect(fine.status).toBe(200);
    expect(await fine.text()).toMatch(/data-testid="member-count">0</);
    const saved = await pages.post("/admin/segments/new", pages.staff, {
      title: `Page segment ${tag}`,
      description: "",
      "rules[0].type": "signed-up-after",
      "rules[0].date": "2000-01-01",
      "rules[1].type": "spent-over",
      "rules[1].amount": "10",
    });
    expect(saved.status).toBe(303);
    const [row] = await app.database.db
      .select()
      .from(segments)
      .where(eq(segments.title, `Page segment ${tag}`));
    expect(row?.rules).toEqual([
      { type: "signed-up-after", date: "2000-01-01" },
      { type: "spent-over", amount: 1000 },
    ]);
    const list = await pages.html(`/admin/segments?q=${tag}`);
    expect(list).toContain(`Page segment ${tag}`);
    const edit = await pages.html(`/admin/segments/${row?.id}`);
    expect(edit).toContain('value="10.00"');
  });

  it("says every problem at once, each beside its field: an empty name and two bad rules", async () => {
    const refused = await pages.post("/admin/segments/new", pages.staff, {
      title: "",
      description: "",
      "rules[0].type": "ordered-within",
      "rules[0].days": "soon",
      "rules[1].type": "spent-over",
      "rules[1].amount": "lots",
    });
    expect(refused.status).toBe(422);
    const page = decode(await refused.text());
    expect(fieldErrorOf(page, "title")).toBe("Enter the segment's name.");
    expect(fieldErrorOf(page, "rules[0].days")).toBe("Enter a whole number from 1 to 3,650.");
    expect(fieldErrorOf(page, "rules[1].amount")).toBe(
      "Enter an amount in pounds and pence, like 25.00.",
    );
    expect(fieldTag(page, "rules[1].amount")).toContain('value="lots"');

    // Removed without JavaScript, the rule after it takes its place, and its name.
    const removed = await pages.post("/admin/segments/new", pages.staff, {
      title: "",
      description: "",
      "rules[0].type": "ordered-within",
      "rules[0].days": "soon",
      "rules[1].type": "spent-over",
      "rules[1].amount": "lots",
      intent: "remove-rule:0",
    });
    expect(removed.status).toBe(200);
    const left = decode(await removed.text());
    expect(fieldTag(left, "rules[0].amount")).toContain('value="lots"');
    expect(fieldTag(left, "rules[1].amount")).toBeUndefined();
  });
});
