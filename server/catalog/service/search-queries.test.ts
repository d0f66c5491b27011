import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  databaseKinds,
  type TestDatabase,
} from "../../../tests/support/databases.ts";
import { searchCatalogue } from "./catalogue-search.ts";

/**
 * Issue 29: sixty searches as fans type them (British words, plurals, band names with and without
 * "the", typos), written down before the search was built, each with what it obviously means in
 * the demo shop. At least 95% must show that in the first four results.
 * - `slugs`: one of these products is in the first four;
 * - `band`: the band is the first band named, and one of its products (of `types`, when given)
 *   is in the first four;
 * - `types` alone: the first four are all of these types.
 */
type Case = { q: string; slugs?: string[]; band?: string; types?: string[] };

const T_SHIRT = ["T-shirt"];
const QUERIES: Case[] = [
  { q: "tee", types: T_SHIRT },
  { q: "tees", types: T_SHIRT },
  { q: "tshirt", types: T_SHIRT },
  { q: "t shirt", types: T_SHIRT },
  { q: "jumper", types: ["Sweatshirt"] },
  { q: "jumpers", types: ["Sweatshirt"] },
  { q: "hoody", types: ["Hoodie"] },
  { q: "hoodies", types: ["Hoodie"] },
  { q: "record", types: ["Vinyl", "Bundle"] },
  { q: "vinyl", types: ["Vinyl"] },
  { q: "statik gulls", band: "static-gulls" },
  { q: "static gulls", band: "static-gulls" },
  { q: "static gulls tee", band: "static-gulls", types: T_SHIRT },
  { q: "bramble saints", band: "the-bramble-saints" },
  { q: "the bramble saints logo hoodie", slugs: ["the-bramble-saints-logo-hoodie"] },
  { q: "bramble saints beanie", slugs: ["the-bramble-saints-hedgerow-tour-2026-beanie"] },
  { q: "brambel saints", band: "the-bramble-saints" },
  { q: "night bus prophets london hoodie", slugs: ["night-bus-prophets-london-hoodie"] },
  { q: "night bus hoodie", band: "night-bus-prophets", types: ["Hoodie"] },
  {
    q: "sodium haze streetlight orange vinyl",
    slugs: ["sodium-haze-streetlight-orange-vinyl"],
  },
  {
    q: "streetlight orange",
    slugs: ["sodium-haze-streetlight-orange-vinyl", "sodium-haze-streetlight-orange-t-shirt"],
  },
  { q: "kiln light vinyl", slugs: ["quiet-foundry-kiln-light-vinyl"] },
  {
    q: "pier lights",
    slugs: ["static-gulls-pier-lights-vinyl", "static-gulls-pier-lights-t-shirt"],
  },
  { q: "humber fury cd", slugs: ["gutter-sparrows-humber-fury-cd"] },
  { q: "humber fury zine", slugs: ["gutter-sparrows-humber-fury-tour-2026-zine"] },
  {
    q: "mint cake mornings vinyl",
    slugs: ["lantern-vale-mint-cake-mornings-deluxe-edition-vinyl"],
  },
  { q: "dreaming in spires cd", slugs: ["cobalt-parade-dreaming-in-spires-cd"] },
  { q: "tinfoil monarchs vinyl", band: "tinfoil-monarchs", types: ["Vinyl"] },
  { q: "tin foil monarchs", band: "tinfoil-monarchs" },
  { q: "mothwing cathedral", band: "mothwing-cathedral" },
  {
    q: "pump room lullabies record",
    slugs: [
      "mothwing-cathedral-pump-room-lullabies-vinyl",
      "mothwing-cathedral-pump-room-lullabies-deluxe-edition-vinyl",
    ],
  },
  {
    q: "blue hour on the tyne lp",
    slugs: ["the-quayside-quintet-blue-hour-on-the-tyne-lp-t-shirt-bundle"],
  },
  { q: "swing bridge print", slugs: ["the-quayside-quintet-swing-bridge-screen-print"] },
  { q: "canal dirges print", slugs: ["gravel-psalms-canal-dirges-screen-print"] },
  { q: "gig poster", types: ["Poster"] },
  { q: "tote bag", types: ["Tote"] },
  { q: "bag", types: ["Tote"] },
  { q: "beanie", types: ["Beanie"] },
  { q: "bobble hat", types: ["Beanie"] },
  { q: "baseball cap", types: ["Cap"] },
  { q: "kids tee", types: ["Kids T-shirt"] },
  { q: "childrens t-shirt", types: ["Kids T-shirt"] },
  { q: "long sleeve", types: ["Longsleeve"] },
  { q: "long sleeve tee", types: ["Longsleeve"] },
  { q: "sweatshirt", types: ["Sweatshirt"] },
  { q: "lp and t-shirt bundle", types: ["Bundle"] },
  { q: "electric lido margate", slugs: ["electric-lido-margate-t-shirt"] },
  {
    q: "lido after dark vinyl",
    slugs: [
      "electric-lido-lido-after-dark-vinyl",
      "electric-lido-lido-after-dark-deluxe-edition-vinyl",
    ],
  },
  { q: "hexham tapes four track", band: "hexham-tapes" },
  { q: "cobalt parade", band: "cobalt-parade" },
  { q: "wrack line whitby", slugs: ["wrack-line-whitby-t-shirt"] },
  { q: "199 steps", slugs: ["wrack-line-199-steps-t-shirt"] },
  { q: "riot allotment hoodie", band: "riot-allotment", types: ["Hoodie"] },
  { q: "sodium hase", band: "sodium-haze" },
  { q: "gutter sparows", band: "gutter-sparrows" },
  { q: "marow lights", band: "marrow-lights" },
  { q: "paper satelites", band: "paper-satellites" },
  { q: "lowland cartographers haar beanie", slugs: ["the-lowland-cartographers-haar-beanie"] },
  { q: "quayside quintet", band: "the-quayside-quintet" },
  { q: "logo jumper", types: ["Sweatshirt"] },
];

describe.each(databaseKinds)("search finds what fans type on %s", (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  it("shows the obvious product in the first four results for at least 95% of sixty searches", async () => {
    expect(QUERIES).toHaveLength(60);
    const missed: Array<{ q: string; got: string[]; bands: string[] }> = [];
    for (const search of QUERIES) {
      const found = await searchCatalogue(database.db, { page: 1, perPage: 24, q: search.q });
      const firstFour = found.page.data.slice(0, 4);
      const ofTypes = (type: string) => !search.types || search.types.includes(type);
      const passed = search.slugs
        ? firstFour.some((product) => search.slugs?.includes(product.slug))
        : search.band
          ? found.bands[0]?.slug === search.band &&
            firstFour.some(
              (product) => product.brand.slug === search.band && ofTypes(product.productType),
            )
          : firstFour.length > 0 && firstFour.every((product) => ofTypes(product.productType));
      if (!passed)
        missed.push({
          q: search.q,
          got: firstFour.map((product) => `${product.slug} (${product.productType})`),
          bands: found.bands.map((band) => band.slug),
        });
    }
    if (missed.length) console.log(JSON.stringify(missed, null, 2));
    // 95% of 60: at most three misses.
    expect(missed.length).toBeLessThanOrEqual(3);
  });
});
