import { z } from "zod";
import { isBfpo, normaliseUkPostcode } from "../../common/postcode.ts";
import { MAX_VENUE_CAPACITY } from "../../common/venues-admin.ts";
import { Search, sortParam } from "../catalog/validators.ts";
import { Pagination } from "../http/query-schemas.ts";

// The venues' staff inputs. The postcode is the shop's one UK postcode rule (common/postcode.ts),
// kept as Royal Mail writes it, so "ls6 1nh" and "LS6 1NH" are one postcode; a BFPO number
// addresses forces post, not a place a band plays.

const Postcode = z
  .string()
  .max(16, "A postcode is at most 16 characters.")
  .transform((typed, context) => {
    const postcode = normaliseUkPostcode(typed);
    if (postcode && !isBfpo(postcode)) return postcode;
    context.addIssue({ code: "custom", message: "Enter a UK postcode, like LS6 1NH." });
    return z.NEVER;
  });

const venueFields = {
  name: z.string().trim().min(1, "Enter the venue's name.").max(120, "At most 120 characters."),
  city: z
    .string()
    .trim()
    .min(1, "Enter the venue's town or city.")
    .max(80, "At most 80 characters."),
  postcode: Postcode.nullable().optional(),
  capacity: z
    .number({ error: "Capacity is a whole number." })
    .int("Capacity is a whole number.")
    .min(1, "A venue holds at least 1 person.")
    .max(MAX_VENUE_CAPACITY, "At most 100,000.")
    .nullable()
    .optional(),
};

/** POST /api/staff/venues/store. */
export const VenueCreateInput = z.strictObject(venueFields);
export type VenueCreateInput = z.output<typeof VenueCreateInput>;

/** POST /api/staff/venues/update: the fields sent change, the others stay. */
export const VenueUpdateFields = z.strictObject(venueFields);
export type VenueUpdateInput = Partial<VenueCreateInput> & { id: number };

/** GET /api/staff/venues: searched by name, town or postcode. */
export const StaffVenueListQuery = z.strictObject({
  ...Pagination,
  q: Search,
  sort: sortParam(["name", "city", "capacity", "updated"], "name"),
});
export type StaffVenueListQuery = z.output<typeof StaffVenueListQuery>;
