import { AppLink } from "../../components/ui/app-link";
import { screenMeta } from "../../lib/meta";

export const meta = screenMeta("Home");

export default function Home() {
  return (
    <section className="overflow-hidden rounded-3xl bg-ink px-6 py-16 text-white sm:px-12 sm:py-24">
      <p className="text-sm font-bold uppercase tracking-[0.3em] text-zinc-300">
        Official band merchandise
      </p>
      <h1 className="mt-4 max-w-3xl font-display text-5xl leading-tight sm:text-6xl">
        Wear the music you love<span className="text-accent">.</span>
      </h1>
      <p className="mt-6 max-w-xl text-lg text-zinc-300">
        Licensed T-shirts, hoodies, posters and vinyl from the bands themselves, shipped from the
        UK.
      </p>
      <div className="mt-10 flex flex-wrap gap-4">
        <AppLink
          to="/bands"
          className="rounded-full bg-white px-6 py-3 font-bold text-ink hover:bg-zinc-200"
        >
          Browse bands
        </AppLink>
        <AppLink
          to="/products"
          className="rounded-full border-2 border-white px-6 py-3 font-bold text-white hover:bg-white hover:text-ink"
        >
          Shop all merch
        </AppLink>
      </div>
    </section>
  );
}
