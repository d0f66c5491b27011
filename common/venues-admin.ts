import { z } from "zod";

export { MAX_VENUE_CAPACITY } from "./venues.ts";

// The venues' staff views: where a band plays, the first step of collecting an order at a show
// (tour dates will name their venue). Shared with the back office.

/** GET /api/staff/venues: one row of the venues table. */
export const StaffVenueItem = z
  .object({
    id: z.number().int(),
    name: z.string(),
    city: z.string(),
    postcode: z.string().nullable().meta({ description: "A UK postcode as Royal Mail writes it." }),
    capacity: z.number().int().nullable(),
    updatedAt: z.string().meta({ description: "ISO 8601 UTC." }),
  })
  .meta({ id: "StaffVenueItem" });
export type StaffVenueItem = z.output<typeof StaffVenueItem>;

/** GET /api/staff/venues/edit/{id}, and what store and update answer. */
export const VenueEdit = z
  .object({
    id: z.number().int(),
    name: z.string(),
    city: z.string(),
    postcode: z.string().nullable(),
    capacity: z.number().int().nullable(),
    updatedAt: z.string().meta({
      description: "ISO 8601 UTC; send it back with an update to catch a colleague's save.",
    }),
  })
  .meta({ id: "VenueEdit" });
export type VenueEdit = z.output<typeof VenueEdit>;
