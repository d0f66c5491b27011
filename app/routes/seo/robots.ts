import { appContext } from "../../lib/app-context.server";
import type { Route } from "./+types/robots";

/** What crawlers may fetch; the sitemap's address comes from PUBLIC_URL, never the Host header. */
function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /basket",
    "Disallow: /checkout",
    "Disallow: /customer/",
    "Disallow: /login",
    "Disallow: /admin",
    "Disallow: /api/",
    // Product images are served from the API; image search needs to reach them.
    "Allow: /api/file/",
    "",
    `Sitemap: ${publicUrl.replace(/\/+$/, "")}/sitemap.xml`,
    "",
  ].join("\n");
}

/** GET /robots.txt (security.md #21: PUBLIC_URL from the load context). */
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  return new Response(robotsTxt(config.publicUrl), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
