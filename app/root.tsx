import displayFont from "@fontsource/archivo-black/files/archivo-black-latin-400-normal.woff2?url";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { usePlausible } from "./client/plausible";
import { useRouteErrorView } from "./client/route-error";
import { useShopRuntime } from "./client/use-shop-runtime";
import { AlertRegion } from "./components/alert-region";
import { DeferredCookieBanner } from "./components/deferred-parts";
import { ErrorScreen } from "./components/error-screen";
import { appContext } from "./lib/app-context.server";
import { screenMeta } from "./lib/meta";
import { useNonce } from "./lib/nonce";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon-32.png", sizes: "32x32", type: "image/png" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
  { rel: "manifest", href: "/site.webmanifest" },
  // Decision 0020: every page's heading (often its largest paint) is set in the display face;
  // fetched with the page rather than once the stylesheet has named it, it swaps in early.
  { rel: "preload", href: displayFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export const meta = screenMeta("Home");

// The same for every visitor: pages are cached publicly, so nothing here may depend on cookies.
export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  return {
    publicUrl: config.publicUrl,
    gaMeasurementId: config.gaMeasurementId ?? null,
    plausible: config.plausible ?? null,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16131a" />
        {/* With a precedence React writes the stylesheet early in <head>, after only the LCP
            image's preload: from links() it came after some dozen module preloads, which took
            the connections first and held back the first paint (issue 16). */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <AlertRegion />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useShopRuntime();
  // Staff pages are not the shop: no banner, and so no GA4 there; nor Plausible.
  const isBackOffice = /^\/admin(\/|$)/.test(useLocation().pathname);
  usePlausible(isBackOffice ? null : loaderData.plausible);
  return (
    <>
      {/* First in the page, so keyboard and screen reader users meet it before the content. */}
      {!isBackOffice && <DeferredCookieBanner gaMeasurementId={loaderData.gaMeasurementId} />}
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  const { status, message } = useRouteErrorView();
  return <ErrorScreen status={status} message={message} />;
}
