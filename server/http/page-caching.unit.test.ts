import { describe, expect, it } from "vitest";
import {
  PERSONAL_PAGE,
  PRIVATE_PAGE,
  PUBLIC_CACHE,
  pageCacheKey,
  withPageCaching,
} from "./page-caching.ts";

const BUILD = "build-1";
const request = (path: string, cookie?: string, method = "GET") =>
  new Request(`http://shop.test${path}`, {
    method,
    headers: cookie === undefined ? {} : { Cookie: cookie },
  });
const basket = (lines: Record<number, number>) =>
  `basket=${encodeURIComponent(JSON.stringify(lines))}`;
const keyOf = (path: string, cookie?: string, method?: string) =>
  pageCacheKey(request(path, cookie, method), BUILD);

describe("pageCacheKey", () => {
  it("keys an anonymous page by build, basket count, path and query", () => {
    expect(keyOf("/products/tee?colour=black")).toBe("build-1 0 /products/tee?colour=black");
    expect(keyOf("/products/tee?colour=black", undefined, "HEAD")).toBe(
      "build-1 0 /products/tee?colour=black",
    );
    expect(keyOf("/products/tee.data?_routes=root")).toBe(
      "build-1 0 /products/tee.data?_routes=root",
    );
    expect(pageCacheKey(request("/"), "build-2")).not.toBe(keyOf("/"));
  });

  it("takes the basket's count, not its lines, and ignores cookies that do not change the page", () => {
    expect(keyOf("/", basket({ 12: 2 }))).toBe("build-1 2 /");
    expect(keyOf("/", basket({ 12: 1, 15: 1 }))).toBe("build-1 2 /");
    expect(keyOf("/", `${basket({})}; cookie_consent=v1.analytics-granted`)).toBe("build-1 0 /");
    // A basket the page would not read counts as none, as the header counts it.
    expect(keyOf("/", "basket=not-json")).toBe("build-1 0 /");
  });

  it("gives no key to a signed-in visitor or one with a message waiting", () => {
    expect(keyOf("/", "token=abc")).toBeUndefined();
    expect(keyOf("/", "token=")).toBeUndefined();
    expect(keyOf("/", `${basket({ 1: 1 })}; token=abc`)).toBeUndefined();
    expect(keyOf("/", "flash=%5B%5D")).toBeUndefined();
  });

  it("gives no key to personal pages, the API, or anything but GET and HEAD", () => {
    for (const path of [
      "/basket",
      "/basket.data",
      "/checkout",
      "/checkout/orders/12",
      "/customer/dashboard",
      "/admin",
      "/admin/products",
      "/login",
      "/register",
      "/forgot-password",
      "/reset-password?token=x",
      "/logout",
      "/api/products",
    ]) {
      expect(keyOf(path), path).toBeUndefined();
    }
    expect(keyOf("/basketball-tee")).toBe("build-1 0 /basketball-tee");
    expect(keyOf("/products/admin-tee")).toBe("build-1 0 /products/admin-tee");
    expect(keyOf("/", undefined, "POST")).toBeUndefined();
  });
});

describe("withPageCaching", () => {
  const page = (headers: Record<string, string> = {}, status = 200) =>
    new Response("<html></html>", { status, headers });
  const cacheControl = (path: string, cookie: string | undefined, response: Response) =>
    withPageCaching(request(path, cookie), response, keyOf(path, cookie)).headers.get(
      "Cache-Control",
    );

  it("lets shared caches keep an anonymous page that shows no basket", () => {
    expect(cacheControl("/", undefined, page())).toBe(PUBLIC_CACHE);
    expect(withPageCaching(request("/"), page(), keyOf("/")).headers.get("Vary")).toBe("Cookie");
  });

  it("lets only the browser keep a page that shows a basket count, asking again each time", () => {
    expect(cacheControl("/", basket({ 3: 1 }), page())).toBe(PRIVATE_PAGE);
    expect(PRIVATE_PAGE).toBe("private, no-cache");
  });

  it("lets nobody keep a page for one visitor: a sign-in, a message, a personal page, a cookie set", () => {
    expect(cacheControl("/", "token=abc", page())).toBe(PERSONAL_PAGE);
    expect(cacheControl("/", "flash=%5B%5D", page())).toBe(PERSONAL_PAGE);
    expect(cacheControl("/login", undefined, page())).toBe(PERSONAL_PAGE);
    expect(cacheControl("/", undefined, page({ "Set-Cookie": "a=1" }))).toBe(PERSONAL_PAGE);
    expect(cacheControl("/", basket({ 3: 1 }), page({ "Set-Cookie": "a=1" }))).toBe(PERSONAL_PAGE);
    expect(PERSONAL_PAGE).toBe("private, no-store");
  });

  it("leaves a page's own Cache-Control, and errors, as they are", () => {
    expect(cacheControl("/", undefined, page({ "Cache-Control": "no-store" }))).toBe("no-store");
    expect(cacheControl("/", undefined, page({}, 404))).toBeNull();
  });
});
