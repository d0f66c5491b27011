import { StaffVenueItem, VenueEdit } from "../../common/venues-admin.ts";
import { resourceRoutes } from "../http/resource.ts";
import type { RouteGroup } from "../http/route-table.ts";
import { venueService } from "./service.ts";
import { StaffVenueListQuery, VenueCreateInput, VenueUpdateFields } from "./validators.ts";

/** The venues' resource name: its routes' path segment and the audit log's name. */
export const VENUES = "venues";

export const venueRoutes = resourceRoutes({
  name: VENUES,
  tag: "venues",
  noun: "venue",
  query: StaffVenueListQuery,
  item: StaffVenueItem,
  edit: VenueEdit,
  create: VenueCreateInput,
  update: VenueUpdateFields,
  label: (venue) => venue.name,
  service: venueService,
});

/** The venues where bands play: staff list, add, change and (admins) delete them. */
export const venuesRoutes: RouteGroup[] = [{ area: "staff", routes: Object.values(venueRoutes) }];
