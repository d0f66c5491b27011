import { VenueForm } from "../../common/venue-forms";
import { venueRoutes } from "../../server/venues/api.ts";
import { resourceScreens } from "./admin-resource.server";

/** The venues' screens: where bands play, the staff API's `venues` resource, as /admin/venues. */
export const venueScreens = resourceScreens({
  routes: venueRoutes,
  path: "/admin/venues",
  noun: "venue",
  plural: "venues",
  label: (venue) => venue.name,
  form: VenueForm,
});
