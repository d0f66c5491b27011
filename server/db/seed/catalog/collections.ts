import type { NewCollection, NewSpotlight } from "../../../catalog/service/writes.ts";
import type { DemoBand } from "./bands.ts";

/** Product ids the demo collections hand-pick from, in product order. */
export type CollectionPicks = {
  tour2026: number[];
  winter: number[];
  vinyl: number[];
  gifts: number[];
};

/** The tour, three collections by rule, three chosen by the team. */
export function demoCollections(picks: CollectionPicks, createdAt: Date): NewCollection[] {
  const collections: NewCollection[] = [
    {
      slug: "tour-2026",
      title: "Tour 2026",
      description:
        "<p>Official merchandise from this year's tours: the shirts, posters and bundles sold at the shows, sent to your door.</p>",
      productIds: picks.tour2026,
    },
    {
      slug: "new-in",
      title: "New in",
      description: "<p>Everything added to the shop in the last 60 days.</p>",
      rule: { type: "new-in", days: 60 },
    },
    {
      slug: "last-chance",
      title: "Last chance",
      description:
        "<p>Final stock of lines that will not be reprinted. When they are gone, they are gone.</p>",
      rule: { type: "tag", tag: "last-chance" },
    },
    {
      slug: "on-sale",
      title: "On sale",
      description: "<p>Reduced prices on selected merchandise, while stocks last.</p>",
      rule: { type: "on-sale" },
    },
    {
      slug: "winter-layers",
      title: "Winter layers",
      description:
        "<p>Hoodies, sweatshirts, longsleeves and beanies for queueing outside cold venues.</p>",
      productIds: picks.winter.slice(0, 24),
    },
    {
      slug: "vinyl-essentials",
      title: "Vinyl essentials",
      description: "<p>The records our team keeps coming back to, on black and coloured vinyl.</p>",
      productIds: picks.vinyl.slice(0, 24),
    },
    {
      slug: "gifts-under-25",
      title: "Gifts under £25",
      description:
        "<p>Caps, totes, posters, CDs and more for the music fan in your life, all £25 or less.</p>",
      productIds: picks.gifts.slice(0, 24),
    },
  ];
  return collections.map((collection, position) => ({
    ...collection,
    position,
    createdAt,
    updatedAt: createdAt,
  }));
}

/** The spotlight: `star`, live from `startsAt` with no end. */
export function demoSpotlight(star: DemoBand, brandId: number, startsAt: Date): NewSpotlight {
  return {
    headline: `${star.title} take ${star.albums[0]} on the road`,
    body: `<p>${star.title} spent the summer turning a converted beach hut into a studio, and the result is the brightest record they have made. This autumn the ${star.tour} tour takes those songs from ${star.origin} to Glasgow and back.</p><p>We have the official tour shirts, the screen-printed poster and the first pressing of <em>${star.albums[0]}</em> on coloured vinyl, while they last.</p>`,
    brandId,
    startsAt,
    endsAt: null,
    createdAt: new Date(startsAt.getTime() - 86_400_000),
  };
}
