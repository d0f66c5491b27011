import { basketStore, openBasketDrawer } from "../client/basket";
import { useStore } from "../client/store";
import { SearchBox } from "./search-box";
import { AppLink, AppNavLink } from "./ui/app-link";

const navigation = [
  { to: "/bands", label: "Bands" },
  { to: "/products", label: "Shop all" },
  { to: "/spotlight", label: "Spotlight" },
  { to: "/blogs", label: "Blog" },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 text-sm font-semibold uppercase tracking-wide hover:text-white ${isActive ? "text-white underline decoration-2 underline-offset-8" : "text-zinc-300"}`;

/** The shop header: wordmark, main navigation, account and basket. */
export function SiteHeader({
  basketCount: serverCount,
  signedIn,
}: {
  basketCount: number;
  signedIn: boolean;
}) {
  const basket = useStore(basketStore);
  // The server counted the cookie; once the lines are back, the live count takes over.
  const basketCount = basket.ready
    ? basket.lines.reduce((sum, line) => sum + line.quantity, 0)
    : serverCount;
  return (
    <header className="relative z-(--z-header) bg-ink text-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-3 focus:top-3 focus:z-(--z-header) focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-ink"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-8 gap-y-3 px-4 py-4 sm:flex-nowrap sm:px-6">
        <AppLink to="/" className="font-display text-2xl tracking-tight" aria-label="Encore home">
          ENCORE<span className="text-accent">.</span>
        </AppLink>
        <nav aria-label="Main" className="order-last w-full sm:order-none sm:w-auto">
          {/* Tight gaps that may wrap: the four links fit a 320 px screen without sideways scroll. */}
          <ul className="-mx-2 flex flex-wrap gap-1 sm:gap-4">
            {navigation.map((item) => (
              <li key={item.to}>
                <AppNavLink to={item.to} className={navLinkClass}>
                  {item.label}
                </AppNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="order-last w-full sm:order-none sm:ml-auto sm:w-auto">
          <SearchBox />
        </div>
        <div className="ml-auto flex items-center gap-3 sm:ml-0">
          <AppLink
            to={signedIn ? "/customer/dashboard" : "/login"}
            className="whitespace-nowrap rounded px-2 py-1 text-sm font-semibold text-zinc-200 hover:text-white"
          >
            {signedIn ? "My account" : "Sign in"}
          </AppLink>
          <AppLink
            to="/basket"
            onClick={(event) => {
              // With scripts the basket opens in the drawer; without, the link goes to /basket.
              event.preventDefault();
              openBasketDrawer();
            }}
            aria-haspopup="dialog"
            className="inline-flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-bold text-ink hover:bg-zinc-200"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M5 8h14l-1.5 12h-11z" strokeLinejoin="round" />
              <path d="M9 8V6a3 3 0 0 1 6 0v2" />
            </svg>
            {/* The name is the visible text plus "items": "Basket 3 items" (WCAG 2.5.3). */}
            <span className="sr-only sm:not-sr-only">Basket</span>{" "}
            <span className="min-w-6 rounded-full bg-accent px-2 text-center text-xs leading-6 text-white">
              {basketCount}
            </span>
            <span className="sr-only">{basketCount === 1 ? " item" : " items"}</span>
          </AppLink>
        </div>
      </div>
    </header>
  );
}
