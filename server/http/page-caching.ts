const SHOPPER_COOKIES = /(?:^|;\s*)(token|basket|discount_code)=/;

/**
 * Cache-Control for rendered pages that did not set their own: a visitor with no basket and no
 * account sees the same page as everyone, so shared caches may keep it briefly; anyone else gets
 * a private, always-revalidated copy (their header shows their basket).
 */
export function withPageCaching(request: Request, response: Response): Response {
  if (
    request.method !== "GET" ||
    response.status !== 200 ||
    response.headers.has("Cache-Control")
  ) {
    return response;
  }
  const headers = new Headers(response.headers);
  const personal = SHOPPER_COOKIES.test(request.headers.get("Cookie") ?? "");
  headers.set(
    "Cache-Control",
    personal ? "private, no-cache" : "public, max-age=60, stale-while-revalidate=300",
  );
  headers.append("Vary", "Cookie");
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
