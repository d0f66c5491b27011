import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { comingSections } from "./components/admin/sections";
import { legalPages } from "./lib/legal-pages";

// One line per screen of spec §2; later issues fill the screens, the paths are fixed here.
export default [
  route("collections/*", "routes/seo/collections-redirect.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  layout("routes/layouts/default.tsx", [
    index("routes/shop/home.tsx"),
    route("bands", "routes/shop/bands-index.tsx"),
    route("bands/:slug", "routes/shop/band-show.tsx"),
    route("products", "routes/shop/products-index.tsx"),
    route("products/band/:slug", "routes/shop/products-band.tsx"),
    route("products/:slug", "routes/shop/products-view.tsx"),
    route("spotlight", "routes/shop/spotlight.tsx"),
    route("blogs", "routes/shop/blogs-index.tsx"),
    route("blogs/:blog", "routes/shop/blog-show.tsx"),
    route("blogs/:blog/:article", "routes/shop/article-show.tsx"),
    route("basket", "routes/shop/basket.tsx"),
    route("checkout", "routes/shop/checkout.tsx"),
    route("checkout/orders/:id", "routes/shop/checkout-order.tsx"),
    route("checkout/test-bank/:id", "routes/shop/checkout-test-bank.tsx"),
    route("company/careers", "routes/shop/company-careers.tsx"),
    route("help/contact", "routes/shop/help-contact.tsx"),
    route("help/sizing-guide", "routes/shop/help-sizing-guide.tsx"),
    ...legalPages.map((page) =>
      route(`legal/${page.slug}`, "routes/shop/legal-page.tsx", { id: `legal-${page.slug}` }),
    ),
    layout("routes/customer/layout.tsx", [
      route("customer/dashboard", "routes/customer/dashboard.tsx"),
      route("customer/orders/:id", "routes/customer/orders-show.tsx"),
      route("customer/checkout/success/:id", "routes/customer/checkout-success.tsx"),
      route("customer/*", "routes/customer/not-found.tsx"),
    ]),
    route("*", "routes/shop/not-found.tsx"),
  ]),
  route("logout", "routes/auth/logout.ts"),
  layout("routes/layouts/guest.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("admin/login", "routes/admin/login.tsx"),
  ]),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/home.tsx"),
    route("bands", "routes/admin/bands/list.tsx"),
    route("bands/new", "routes/admin/bands/new.tsx"),
    route("bands/:id", "routes/admin/bands/edit.tsx"),
    route("audit-log", "routes/admin/audit-log.tsx"),
    route("outbox", "routes/admin/outbox.tsx"),
    // Sections still to come say so, rather than a 404 (app/components/admin/sections.ts).
    ...comingSections.map((section) =>
      route(section.slug, "routes/admin/coming-soon.tsx", { id: `admin-${section.slug}` }),
    ),
    route("*", "routes/admin/not-found.tsx"),
  ]),
] satisfies RouteConfig;
