import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { discounts } from "../../../server/discounts/schema.ts";
import { backOfficeOn, flashOf } from "../../../tests/support/admin-pages.ts";
import { databaseKinds } from "../../../tests/support/databases.ts";
import { makeDiscount } from "../../../tests/support/discounts.ts";

// Issue 30: "End now" cannot be undone, so it asks first, also without JavaScript.
describe.each(databaseKinds)("ending a discount code on %s", (kind) => {
  const { app, pages } = backOfficeOn(kind);

  const endsAtOf = async (id: number) =>
    (await app.database.db.select().from(discounts).where(eq(discounts.id, id)))[0]?.endsAt;

  it("asks first without JavaScript: the question rendered open, Cancel a link back, nothing ended", async () => {
    const code = await makeDiscount(app.database.db);
    if (!code) throw new Error("no code made");
    const path = `/admin/discounts/${code.id}`;
    const form = await pages.html(path);
    expect(form).toMatch(/<button[^>]*value="confirm-end"[^>]*>End now<\/button>/);
    expect(form).not.toMatch(/<button[^>]*value="end"/);

    const asked = await pages.post(path, pages.staff, { intent: "confirm-end" });
    expect(asked.status).toBe(200);
    const question = (await asked.text()).replaceAll("<!-- -->", "");
    const dialog = question.slice(question.indexOf('role="alertdialog"'));
    expect(dialog).toContain(`End ${code.code} now?`);
    expect(dialog).toMatch(new RegExp(`<a [^>]*href="${path}"[^>]*>Cancel</a>`));
    expect(dialog).toMatch(/<button type="submit"[^>]*value="end"[^>]*>End code<\/button>/);
    expect(await endsAtOf(code.id)).toBeNull();

    const ended = await pages.post(path, pages.staff, { intent: "end" });
    expect(ended.status).toBe(303);
    expect(ended.headers.get("location")).toBe(path);
    expect(flashOf(ended)).toEqual([`Ended ${code.code}: nobody can use it from now on.`]);
    expect(await endsAtOf(code.id)).not.toBeNull();
  });
});
