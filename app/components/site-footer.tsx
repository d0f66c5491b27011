import type { ReactNode } from "react";
import { legalPages } from "../lib/legal-pages";
import { CookieSettingsButton } from "./cookie-settings-button";
import { AppLink } from "./ui/app-link";

const help = [
  { to: "/help/contact", label: "Contact us" },
  { to: "/help/sizing-guide", label: "Sizing guide" },
  { to: "/legal/shipping-policy", label: "Delivery" },
  { to: "/legal/returns-and-refunds-policy", label: "Returns and refunds" },
];
const company = [
  { to: "/company/careers", label: "Careers" },
  { to: "/spotlight", label: "Spotlight" },
  { to: "/blogs", label: "Blog" },
];

function Column({
  title,
  links,
  children,
}: {
  title: string;
  links: ReadonlyArray<{ to: string; label: string }>;
  /** An entry after the links that is not a link. */
  children?: ReactNode;
}) {
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 text-xs font-bold uppercase tracking-widest text-zinc-400">{title}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to} className="text-zinc-200 hover:text-white hover:underline">
              {link.label}
            </AppLink>
          </li>
        ))}
        {children && <li>{children}</li>}
      </ul>
    </nav>
  );
}

/** The shop footer: help, legal and company links, cookie settings, and who we are. */
export function SiteFooter() {
  const legal = legalPages.map((page) => ({ to: `/legal/${page.slug}`, label: page.title }));
  return (
    <footer className="mt-16 bg-ink text-zinc-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="font-display text-2xl text-white">
            ENCORE<span className="text-accent">.</span>
          </p>
          <p className="mt-3 max-w-xs text-sm text-zinc-300">
            Official, licensed merchandise from the bands you love, packed and shipped from the
            United Kingdom.
          </p>
        </div>
        <Column title="Help" links={help} />
        <Column title="Legal" links={legal}>
          <CookieSettingsButton variant="link" />
        </Column>
        <Column title="Company" links={company} />
      </div>
      <div className="border-t border-zinc-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-zinc-400 sm:px-6">
          © 2026 Encore Merch Ltd. All prices in GBP and include VAT.
        </p>
      </div>
    </footer>
  );
}
