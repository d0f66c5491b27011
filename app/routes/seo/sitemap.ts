import { appContext } from "../../lib/app-context.server";
import { sitemapEntries, sitemapXml } from "../../lib/sitemap.server";
import type { Route } from "./+types/sitemap";

/** GET /sitemap.xml: every public page; addresses from PUBLIC_URL, never the Host header. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = context.get(appContext);
  return new Response(sitemapXml(config.publicUrl, await sitemapEntries(db)), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
