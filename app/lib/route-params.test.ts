import { describe, expect, it } from "vitest";
import { noRouteMatch, requireId, requireSlug } from "./route-params";

const args = (path: string, params: Record<string, string>) => ({
  url: new URL(`http://shop${path}`),
  params,
});
const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error as { data: unknown; init: { status: number } };
  }
  throw new Error("expected a throw");
};

describe("route parameters", () => {
  it("accepts kebab-case slugs and positive integer ids", () => {
    expect(requireSlug(args("/bands/the-night-owls", { slug: "the-night-owls" }))).toBe(
      "the-night-owls",
    );
    expect(requireSlug(args("/bands/2-tone", { slug: "2-tone" }))).toBe("2-tone");
    expect(requireId(args("/customer/orders/42", { id: "42" }))).toBe(42);
  });

  it.each(["The-Owls", "owls_", "-owls", "owls-", "a--b", "ümlaut", ""])(
    "refuses the slug %j with a 404",
    (slug) => {
      const error = thrown(() => requireSlug(args(`/bands/${slug}?x=1`, { slug })));
      expect(error.init.status).toBe(404);
      expect(error.data).toBe(`Page Not Found: /bands/${encodeURI(slug)}?x=1`);
    },
  );

  it.each(["0", "-1", "1.5", "abc", "1e3", "99999999999999999999"])(
    "refuses the id %j with a 404",
    (id) => {
      const error = thrown(() => requireId(args(`/customer/orders/${id}`, { id })));
      expect(error.init.status).toBe(404);
      expect(error.data).toBe(`Page Not Found: /customer/orders/${id}`);
    },
  );

  it("says 'Page not found: {path}' with the query when no route matched", () => {
    const error = thrown(() => noRouteMatch(new URL("http://shop/nowhere?q=1#top")));
    expect(error.data).toBe("Page not found: /nowhere?q=1");
    expect(thrown(() => noRouteMatch(new URL("http://shop/nowhere"))).data).toBe(
      "Page not found: /nowhere",
    );
    expect(error.init.status).toBe(404);
  });
});
