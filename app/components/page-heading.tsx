/** A screen's heading and its one-line introduction. */
export function PageHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <header className="mb-8 border-b border-line pb-6">
      <h1 className="font-display text-4xl tracking-tight sm:text-5xl">{title}</h1>
      {intro && <p className="mt-3 max-w-2xl text-lg text-muted">{intro}</p>}
    </header>
  );
}
