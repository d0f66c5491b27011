import { afterAll, beforeAll, expect } from "vitest";
import { setCookie } from "../../server/auth/test-helpers.ts";
import { DEMO_ACCOUNTS } from "../../server/db/seed/accounts.ts";
import { signedInCookie } from "./accounts.ts";
import { startTestApp, type TestApp } from "./app.ts";
import type { DatabaseKind } from "./databases.ts";

/** A page's HTML as text: React's comment markers gone, the usual entities decoded. */
export const decode = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replaceAll("&amp;", "&")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");

/** The flash messages a redirect sets. */
export const flashOf = (response: Response) =>
  (JSON.parse(setCookie(response, "flash")?.value ?? "[]") as Array<{ body: string }>).map(
    (message) => message.body,
  );

/** The names of a list's rows, in order: the text of each row's link to `/admin/{section}/{id}`. */
export const rowTitles = (html: string, section: string) =>
  [
    ...html.matchAll(
      new RegExp(
        `<th scope="row"[^>]*>.*?<a [^>]*href="/admin/${section}/\\d+"[^>]*>([^<]*)</a>`,
        "g",
      ),
    ),
  ].map((match) => decode(match[1] ?? ""));

/** The `<input>` (or `<select>`, `<textarea>`) tag named `name` in a page, or undefined. */
export const fieldTag = (html: string, name: string) =>
  html.match(
    // A form codec's names are paths (`variants[0].price`): every character is itself.
    new RegExp(
      `<(?:input|select|textarea)[^>]*name="${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>`,
    ),
  )?.[0];

/** The error said beside the field named `name`: the text its `aria-describedby` points at. */
export const fieldErrorOf = (html: string, name: string) => {
  const ids =
    fieldTag(html, name)
      ?.match(/aria-describedby="([^"]*)"/)?.[1]
      ?.split(" ") ?? [];
  const errorId = ids.find((id) => id.endsWith("-error"));
  return errorId ? html.match(new RegExp(`<p id="${errorId}"[^>]*>([^<]*)</p>`))?.[1] : undefined;
};

/**
 * The back office as a browser without JavaScript uses it (issue 14): staff, an admin and a
 * customer signed in, pages fetched with their cookie and forms posted as forms.
 */
export async function adminPages(app: TestApp) {
  const [staff, admin, customer] = await Promise.all([
    signedInCookie(app, DEMO_ACCOUNTS.staff, "/api/login-admin"),
    signedInCookie(app, DEMO_ACCOUNTS.admin, "/api/login-admin"),
    signedInCookie(app),
  ]);
  const page = (path: string, cookie: string) => app.fetch(path, { headers: { Cookie: cookie } });
  const html = async (path: string, cookie = staff) => {
    const response = await page(path, cookie);
    expect(response.status, path).toBe(200);
    return decode(await response.text());
  };
  const post = (path: string, cookie: string, fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) {
      for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
    }
    return app.fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: app.url,
        Cookie: cookie,
      },
      body: body.toString(),
    });
  };
  /** A form's fields as the page drew them (name → value), for posting it back as it is. */
  const formFields = (text: string, formLabel: string) => {
    const start = text.indexOf(`aria-label="${formLabel}"`);
    const end = text.indexOf("</form>", start);
    const form = text.slice(start, end);
    const fields: Record<string, string> = {};
    for (const [tag] of form.matchAll(/<input[^>]*>/g)) {
      const name = tag.match(/name="([^"]*)"/)?.[1];
      const type = tag.match(/type="([^"]*)"/)?.[1];
      // A field of another form (`form="…"`) is not sent with this one.
      if (!name || type === "submit" || /\sform="/.test(tag)) continue;
      if ((type === "checkbox" || type === "radio") && !/\schecked(=""|\s|>|\/)/.test(tag))
        continue;
      fields[name] = decode(tag.match(/value="([^"]*)"/)?.[1] ?? "");
    }
    for (const [, attributes, content] of form.matchAll(/<textarea([^>]*)>([^<]*)<\/textarea>/g)) {
      const name = attributes?.match(/name="([^"]*)"/)?.[1];
      if (name) fields[name] = decode(content ?? "");
    }
    for (const [, attributes, options] of form.matchAll(/<select([^>]*)>(.*?)<\/select>/g)) {
      const name = attributes?.match(/name="([^"]*)"/)?.[1];
      if (attributes?.includes(' form="')) continue;
      const chosen = options?.match(/<option[^>]*value="([^"]*)"[^>]*selected/)?.[1];
      if (name) fields[name] = chosen ?? "";
    }
    return fields;
  };
  return { staff, admin, customer, page, html, post, formFields };
}

export type AdminPages = Awaited<ReturnType<typeof adminPages>>;

/**
 * An object that stands for one a `beforeAll` makes: each property is read from it when a test
 * uses it, so a file can name `app` and `pages` once, at the top of its `describe`.
 */
function madeLater<T extends object>(made: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = made();
      if (!target) throw new Error(`${what} is used before its beforeAll has made it.`);
      const value = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * The shop started on `kind` for one `describe`, with the back office's people signed in
 * (`adminPages`); closed after its tests.
 */
export function backOfficeOn(kind: DatabaseKind) {
  let app: TestApp | undefined;
  let pages: AdminPages | undefined;
  beforeAll(async () => {
    app = await startTestApp(kind);
    pages = await adminPages(app);
  });
  afterAll(() => app?.close());
  return {
    app: madeLater(() => app, "The shop"),
    pages: madeLater(() => pages, "The back office"),
  };
}
