import { HOW_TO_MEASURE, SIZE_TABLES } from "../../../common/sizing";
import { PageHeading } from "../../components/page-heading";
import { ScrollRegion } from "../../components/ui/scroll-region";
import { screenMeta } from "../../lib/meta";
import type { Route } from "./+types/help-sizing-guide";

export const meta = screenMeta("Sizing guide", {
  description:
    "Chest and length of every T-shirt, longsleeve, hoodie and sweatshirt we sell, in centimetres and inches, and how to measure.",
});

// The data stays on the server: the page needs it rendered, not shipped as script.
export function loader() {
  return { tables: SIZE_TABLES, howToMeasure: HOW_TO_MEASURE };
}

/** Centimetres as inches, to the nearest half inch. */
const inches = (cm: number) => (Math.round((cm / 2.54) * 2) / 2).toFixed(1).replace(/\.0$/, "");

/** The anchor a garment's product page links to: its first (regular) table. */
const anchorOf = (garment: string, fit: string) =>
  fit === "regular" ? garment : `${garment}-${fit}`;

export default function HelpSizingGuide({ loaderData }: Route.ComponentProps) {
  const { tables, howToMeasure } = loaderData;
  return (
    <>
      <PageHeading
        title="Sizing guide"
        intro="How to measure, and the size of every garment we sell, in centimetres and inches."
      />
      <nav aria-label="Size tables" className="mb-10">
        <ul className="flex flex-wrap gap-2">
          {tables.map((table) => (
            <li key={table.title}>
              <a
                href={`#${anchorOf(table.garment, table.fit)}`}
                className="block rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold hover:border-ink"
              >
                {table.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-12 lg:grid-cols-[1fr_22rem]">
        {/* min-w-0: a wide table scrolls in its region instead of widening the grid's column. */}
        <div className="min-w-0 space-y-12">
          {tables.map((table) => {
            const id = anchorOf(table.garment, table.fit);
            return (
              <section key={id} id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
                <h2 id={`${id}-title`} className="font-display text-2xl">
                  {table.title}
                </h2>
                <p className="mt-2 max-w-3xl text-muted">{table.note}</p>
                <ScrollRegion
                  labelledBy={`${id}-caption`}
                  className="mt-4 rounded-xl bg-white ring-1 ring-line"
                >
                  <table className="w-full min-w-[32rem] text-left">
                    <caption id={`${id}-caption`} className="sr-only">
                      {table.title}: garment chest and length by size, in centimetres and inches
                    </caption>
                    <thead className="border-b border-line text-sm">
                      <tr>
                        <th scope="col" className="px-4 py-3">
                          Size
                        </th>
                        <th scope="col" className="px-4 py-3">
                          Chest (cm)
                        </th>
                        <th scope="col" className="px-4 py-3">
                          Chest (in)
                        </th>
                        <th scope="col" className="px-4 py-3">
                          Length (cm)
                        </th>
                        <th scope="col" className="px-4 py-3">
                          Length (in)
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {table.rows.map((row) => (
                        <tr key={row.size} className="border-b border-line last:border-0">
                          <th scope="row" className="px-4 py-2.5 font-bold">
                            {row.size}
                          </th>
                          <td className="px-4 py-2.5">{row.chestCm}</td>
                          <td className="px-4 py-2.5">{inches(row.chestCm)}</td>
                          <td className="px-4 py-2.5">{row.lengthCm}</td>
                          <td className="px-4 py-2.5">{inches(row.lengthCm)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              </section>
            );
          })}
        </div>
        <aside
          aria-labelledby="how-to-measure"
          className="h-fit rounded-2xl bg-white p-6 ring-1 ring-line lg:sticky lg:top-24"
        >
          <h2 id="how-to-measure" className="font-display text-xl">
            How to measure
          </h2>
          <dl className="mt-4 space-y-4">
            {howToMeasure.map((tip) => (
              <div key={tip.title}>
                <dt className="font-bold">{tip.title}</dt>
                <dd className="mt-1 text-sm text-muted">{tip.text}</dd>
              </div>
            ))}
          </dl>
        </aside>
      </div>
    </>
  );
}
